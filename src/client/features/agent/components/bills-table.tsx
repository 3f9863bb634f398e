import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { BillTotals, ContractBill, RunningWindow } from '@shared/contract/contracts';
import { Amount } from '@client/components/amount';
import { Rate } from '@client/components/contract-terms';
import { RecordTable, type RecordColumn } from '@client/components/records/record-table';
import { TotalsRow } from './totals-row';

/** A settled window, or (real-time salary) the window still running, shown first and marked as not settled. */
type WindowRow = ContractBill | (RunningWindow & { running: true });

const isRunning = (row: WindowRow): row is RunningWindow & { running: true } => 'running' in row;

/**
 * Settlement bills, one row per window (its figures, pay and state), with the totals of every bill
 * of the read as the last line. A tier contract's bills also show the active members and the rate
 * applied; a real-time salary window has neither (its rates are per member). A real-time window still
 * running comes first, its state saying it is not settled; the totals are the settled bills'.
 */
export function BillsTable({
  caption,
  bills,
  totals,
  windowText,
  withTier,
  running = null,
}: {
  caption: string;
  bills: ContractBill[];
  totals: z.infer<typeof BillTotals>;
  windowText: (window: { windowStart: string; windowEnd: string }) => string;
  withTier: boolean;
  running?: RunningWindow | null;
}) {
  const { t } = useTranslation('agent');
  const columns: RecordColumn<WindowRow>[] = [
    { id: 'window', header: t('contracts.bills.window'), cell: windowText },
    { id: 'validBet', header: t('contracts.bills.validBet'), align: 'end', cell: (bill) => <Amount value={bill.validBet} /> },
    { id: 'profitLoss', header: t('contracts.bills.profitLoss'), align: 'end', cell: (bill) => <Amount value={bill.profitLoss} signed /> },
    ...(withTier
      ? [
          { id: 'activeMembers', header: t('contracts.bills.activeMembers'), align: 'end' as const, cell: (bill: WindowRow) => bill.activeMembers },
          { id: 'rate', header: t('contracts.bills.rate'), align: 'end' as const, cell: (bill: WindowRow) => (isRunning(bill) || bill.rate === null ? '—' : <Rate value={bill.rate} />) },
        ]
      : []),
    { id: 'pay', header: t('contracts.bills.pay'), align: 'end', cell: (bill) => <Amount value={bill.pay} /> },
    { id: 'state', header: t('contracts.bills.state'), cell: (bill) => (isRunning(bill) ? <em>{t('contracts.bills.running')}</em> : t(`contracts.bills.states.${bill.state}`)) },
  ];
  const rows: WindowRow[] = running ? [{ ...running, running: true }, ...bills] : bills;
  return (
    <RecordTable
      caption={caption}
      rows={rows}
      rowKey={(row) => (isRunning(row) ? `running:${row.windowStart}` : row.billId)}
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
