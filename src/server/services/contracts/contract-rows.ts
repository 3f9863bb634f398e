import type { Contract, ContractOfKind, ContractAction, ContractEndReason, ContractKind, ContractParty, ContractStatus } from '@shared/contract/contracts';
import type { Db } from '../../db/create-db';
import type { ContractRow, ContractStatusValue } from '../../db/database';
import { offerFieldsOf, type Terms } from './terms';

/** A contract row with its parties' account names. */
export interface ContractRecord extends ContractRow {
  holder_account: string;
  offerer_account: string | null;
}

/** Who looks at a contract: a member (holder, offerer, or an upline of the holder) or the platform (an operator). */
export type Viewer = { memberId: number } | 'PLATFORM';

/** Statuses in which a contract pays: it is in force. */
export const IN_FORCE: readonly ContractStatusValue[] = ['VALID', 'TERMINATION_REQUESTED'];
/** Statuses in which a contract waits for an answer before `answer_by`. */
export const WAITING: readonly ContractStatusValue[] = ['REQUESTED', 'TERMINATION_REQUESTED'];

const API_STATUS: Record<ContractStatusValue, ContractStatus> = {
  REQUESTED: 'requested',
  VALID: 'valid',
  TERMINATION_REQUESTED: 'terminationRequested',
  REJECTED: 'rejected',
  TERMINATED: 'terminated',
  EXPIRED: 'expired',
};
export const dbStatusOf = (status: ContractStatus): ContractStatusValue =>
  (Object.entries(API_STATUS).find(([, api]) => api === status)![0] as ContractStatusValue);

export const termsOf = (row: ContractRow): Terms => ({ kind: row.kind, ...(row.terms as object) }) as Terms;
/** The terms as stored: everything but the kind, which is its own column. */
export const storedTerms = (terms: Terms): string => {
  const { kind: _kind, ...rest } = terms;
  return JSON.stringify(rest);
};

/** Rows with both parties' names, for reads and for the changes that message them. */
export const contractRecords = (db: Db) =>
  db
    .selectFrom('contracts as c')
    .innerJoin('members as h', 'h.id', 'c.holder_id')
    .leftJoin('members as o', 'o.id', 'c.offerer_id')
    .selectAll('c')
    .select(['h.account as holder_account', 'o.account as offerer_account']);

/** The side the viewer takes in a contract, or null when it is neither party (an upline of the holder). */
export const sideOf = (row: ContractRow, viewer: Viewer): ContractParty | null => {
  if (viewer === 'PLATFORM') return row.offerer_id === null ? 'UPLINE' : null;
  if (row.holder_id === viewer.memberId) return 'DOWNLINE';
  if (row.offerer_id === viewer.memberId) return 'UPLINE';
  return null;
};

/** What the contract waits for from this side: the holder's answer to an offer, or the other side's to a termination request. */
export const actionFor = (row: ContractRow, side: ContractParty | null): ContractAction | null => {
  if (side === null) return null;
  if (row.status === 'REQUESTED') return side === 'DOWNLINE' ? 'NEW' : null;
  if (row.status === 'TERMINATION_REQUESTED') return row.termination_requested_by === side ? null : 'TERMINATE';
  return null;
};

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export const toContract = (row: ContractRecord, viewer: Viewer): Contract =>
  ({
    contractId: String(row.id),
    status: API_STATUS[row.status],
    action: actionFor(row, sideOf(row, viewer)),
    uplineAccount: row.offerer_account,
    downlineAccount: row.holder_account,
    downlineMemberId: row.holder_id,
    payer: row.offerer_id === null ? 'PLATFORM' : 'UPLINE',
    requestedAt: iso(row.requested_at)!,
    answerBy: row.status === 'REQUESTED' || row.status === 'TERMINATION_REQUESTED' ? iso(row.answer_by) : null,
    terminationRequestedBy: row.termination_requested_by,
    validFrom: iso(row.valid_from),
    endedAt: iso(row.ended_at),
    endReason: row.end_reason as ContractEndReason | null,
    ...offerFieldsOf(termsOf(row)),
  }) as Contract;

/** The contract as its kind's type, or null when it is of another kind (or none). */
export const ofKind = <K extends ContractKind>(contract: Contract | null, kind: K): ContractOfKind<K> | null =>
  contract?.kind === kind ? (contract as ContractOfKind<K>) : null;
