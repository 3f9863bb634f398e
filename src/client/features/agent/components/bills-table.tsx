import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { BillTotals, ContractBill } from '@shared/contract/contracts';
import { Amount } from '@client/components/amount';
import { Rate } from '@client/components/contract-terms';
import { RecordTable, type RecordColumn } from '@client/components/records/record-table';
import { TotalsRow } from './totals-row';

/**
 * Settlement bills, one row per window (its figures, pay and state), with the totals of every bill
 * of the read as the last line. A tier contract's bills also show the active members and the rate
 * applied; a real-time salary window has neither (its rates are per member).
 */
export function BillsTable({
  caption,
  bills,
  totals,
  windowText,
  withTier,
}: {
  caption: string;
  bills: ContractBill[];
  totals: z.infer<typeof BillTotals>;
  windowText: (bill: ContractBill) => string;
  withTier: boolean;
}) {
  const { t } = useTranslation('agent');
  const columns: RecordColumn<ContractBill>[] = [
    { id: 'window', header: t('contracts.bills.window'), cell: windowText },
    { id: 'validBet', header: t('contracts.bills.validBet'), align: 'end', cell: (bill) => <Amount value={bill.validBet} /> },
    { id: 'profitLoss', header: t('contracts.bills.profitLoss'), align: 'end', cell: (bill) => <Amount value={bill.profitLoss} signed /> },
    ...(withTier
      ? [
          { id: 'activeMembers', header: t('contracts.bills.activeMembers'), align: 'end' as const, cell: (bill: ContractBill) => bill.activeMembers },
          { id: 'rate', header: t('contracts.bills.rate'), align: 'end' as const, cell: (bill: ContractBill) => (bill.rate === null ? '—' : <Rate value={bill.rate} />) },
        ]
      : []),
    { id: 'pay', header: t('contracts.bills.pay'), align: 'end', cell: (bill) => <Amount value={bill.pay} /> },
    { id: 'state', header: t('contracts.bills.state'), cell: (bill) => t(`contracts.bills.states.${bill.state}`) },
  ];
  return (
    <RecordTable
      caption={caption}
      rows={bills}
      rowKey={(bill) => bill.billId}
      columns={columns}
      footer={
        <TotalsRow
          label={t('totals')}
          columns={columns}
          totals={{ validBet: <Amount value={totals.totalValidBet} />, profitLoss: <Amount value={totals.totalProfitLoss} signed />, pay: <Amount value={totals.totalPay} /> }}
        />
      }
    />
  );
}
