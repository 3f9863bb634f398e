import type { ContractBill, ContractBillDetail, ContractKind } from '@shared/contract/contracts';
import type { Db } from '../../db/create-db';
import type { ContractBillRow } from '../../db/database';
import { toMoney } from '../ledger/money';
import type { MemberShare } from './formulas';
import { rateToPercent } from './terms';

/** A bill row with the holder's and the paying upline's account names. */
export interface BillRecord extends ContractBillRow {
  holder_account: string;
  payer_account: string | null;
}

export const billRecords = (db: Db) =>
  db
    .selectFrom('contract_bills as b')
    .innerJoin('members as h', 'h.id', 'b.holder_id')
    .leftJoin('members as p', 'p.id', 'b.payer_id')
    .selectAll('b')
    .select(['h.account as holder_account', 'p.account as payer_account']);

export const toBill = (row: BillRecord): ContractBill => ({
  billId: String(row.id),
  contractId: String(row.contract_id),
  kind: row.kind as ContractKind,
  downlineAccount: row.holder_account,
  payer: row.payer_id === null ? 'PLATFORM' : 'UPLINE',
  payerAccount: row.payer_account,
  windowStart: new Date(row.window_start).toISOString(),
  windowEnd: new Date(row.window_end).toISOString(),
  validBet: toMoney(row.valid_bet),
  profitLoss: toMoney(row.profit_loss),
  activeMembers: row.active_members,
  rate: row.rate === null ? null : rateToPercent(row.rate),
  pay: toMoney(row.pay),
  state: row.state,
  transactionId: row.transaction_id,
  settledAt: new Date(row.paid_at ?? row.created_at).toISOString(),
});

/** What a bill keeps beside its figures: each member's part of a real-time window, with account names. */
export interface BillDetail {
  members: (MemberShare & { account: string })[];
}

export const toBillDetail = (row: BillRecord): ContractBillDetail => {
  const detail = row.detail as Partial<BillDetail>;
  return {
    ...toBill(row),
    members: (detail.members ?? []).map((m) => ({
      memberId: m.memberId,
      account: m.account,
      validBet: toMoney(m.validBet),
      profitLoss: toMoney(m.profitLoss),
      rate: rateToPercent(m.rate),
    })),
  };
};
