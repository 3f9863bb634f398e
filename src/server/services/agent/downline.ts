import { sql } from 'kysely';
import type { DownlineMember, DownlineMemberDetail } from '@shared/contract/agent';
import { isAgentType } from '@shared/contract/socket';
import { MAIN_WALLET } from '@shared/contract/wallet';
import type { Db } from '../../db/create-db';
import { toMoney } from '../ledger/money';
import { offsetOf, pageOf, type Paging } from '../records/records';
import { downlineDepth, pathBetween } from './scope';
import { scopeCondition, type MemberFilters } from './team-query';

/** The downline members of `agentId` (as `t` and `m`) with their upline, main balance and own team size. */
const downlineRows = (db: Db, agentId: number) =>
  db
    .selectFrom('member_tree as t')
    .innerJoin('members as m', 'm.id', 't.descendant_id')
    .innerJoin('member_tree as up', (join) => join.onRef('up.descendant_id', '=', 'm.id').on('up.depth', '=', 1))
    .innerJoin('members as u', 'u.id', 'up.ancestor_id')
    .leftJoin('ledger_accounts as wallet', (join) => join.onRef('wallet.member_id', '=', 'm.id').on('wallet.code', '=', MAIN_WALLET))
    .where('t.ancestor_id', '=', agentId);

const selectRow = (query: ReturnType<typeof downlineRows>) =>
  query.select([
    'm.id',
    'm.account',
    'm.nickname',
    'm.type',
    'm.status',
    'm.created_at',
    'm.last_login_at',
    't.depth',
    'u.account as upline_account',
    sql<number>`coalesce(wallet.balance, 0)`.as('balance'),
    sql<number>`(select count(*) from member_tree own where own.ancestor_id = m.id)`.as('team_size'),
  ]);

type Row = Awaited<ReturnType<ReturnType<typeof selectRow>['execute']>>[number];

const toDownlineMember = (r: Row): DownlineMember => ({
  memberId: r.id,
  account: r.account,
  nickname: r.nickname,
  type: r.type,
  kind: isAgentType(r.type) ? 'AGENT' : 'MEMBER',
  level: r.depth,
  uplineAccount: r.upline_account,
  status: r.status === 'active' ? 'ACTIVE' : 'DISABLED',
  registeredAt: new Date(r.created_at).toISOString(),
  lastLoginAt: r.last_login_at ? new Date(r.last_login_at).toISOString() : null,
  balance: toMoney(Number(r.balance)),
  teamSize: Number(r.team_size),
});

/** The downline searched and filtered, newest first (downlineManagmentView). */
export const listDownline = async (db: Db, agentId: number, query: MemberFilters & Paging) => {
  const filtered = downlineRows(db, agentId).where(scopeCondition(query));
  const [{ total }, rows] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    selectRow(filtered).orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(query.pageSize).offset(offsetOf(query)).execute(),
  ]);
  return pageOf(rows.map(toDownlineMember), Number(total), query);
};

/** One row of the list, for a member already known to be in the downline. */
export const downlineMember = async (db: Db, agentId: number, memberId: number): Promise<DownlineMember> =>
  toDownlineMember(await selectRow(downlineRows(db, agentId).where('m.id', '=', memberId)).executeTakeFirstOrThrow());

const maskMobile = (mobile: string | null) => (mobile ? `${'*'.repeat(Math.max(mobile.length - 3, 0))}${mobile.slice(-3)}` : null);
const maskEmail = (email: string | null) => {
  if (!email) return null;
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}***@${domain}`;
};

/** Money the member moved and won since registration, from its ledger entries and bets. */
const lifetimeTotals = async (db: Db, memberId: number) => {
  const [entries, bets] = await Promise.all([
    db
      .selectFrom('ledger_postings as p')
      .innerJoin('ledger_transactions as tx', 'tx.id', 'p.transaction_id')
      .select([
        sql<number>`coalesce(sum(p.amount) filter (where tx.entry_type = 'DEPOSIT'), 0)`.as('deposits'),
        sql<number>`coalesce(-sum(p.amount) filter (where tx.entry_type = 'WITHDRAWAL_PAID'), 0)`.as('withdrawals'),
        sql<number>`coalesce(sum(p.amount) filter (where tx.entry_type in ('UPLINE_TRANSFER', 'DOWNLINE_TRANSFER') and p.amount > 0), 0)`.as('transfers_in'),
        sql<number>`coalesce(-sum(p.amount) filter (where tx.entry_type in ('UPLINE_TRANSFER', 'DOWNLINE_TRANSFER') and p.amount < 0), 0)`.as('transfers_out'),
      ])
      .where('p.member_id', '=', memberId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('bets')
      .select([
        sql<number>`count(*) filter (where status <> 'ROLLED_BACK')`.as('bet_count'),
        sql<number>`coalesce(sum(stake) filter (where status = 'SETTLED'), 0)`.as('valid_bets'),
        sql<number>`coalesce(sum(payout - stake) filter (where status = 'SETTLED'), 0)`.as('profit_loss'),
      ])
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    deposits: toMoney(Number(entries.deposits)),
    withdrawals: toMoney(Number(entries.withdrawals)),
    betCount: Number(bets.bet_count),
    validBets: toMoney(Number(bets.valid_bets)),
    profitLoss: toMoney(Number(bets.profit_loss)),
    transfersIn: toMoney(Number(entries.transfers_in)),
    transfersOut: toMoney(Number(entries.transfers_out)),
  };
};

/** One member of the downline with its profile and totals; FORBIDDEN for anyone else. */
export const downlineMemberDetail = async (db: Db, agentId: number, memberId: number): Promise<DownlineMemberDetail> => {
  await downlineDepth(db, agentId, memberId);
  const [row, profile, direct, path, totals] = await Promise.all([
    downlineMember(db, agentId, memberId),
    db.selectFrom('member_profiles').select(['mobile_num', 'email']).where('member_id', '=', memberId).executeTakeFirst(),
    db
      .selectFrom('member_tree')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ancestor_id', '=', memberId)
      .where('depth', '=', 1)
      .executeTakeFirstOrThrow(),
    pathBetween(db, agentId, memberId),
    lifetimeTotals(db, memberId),
  ]);
  return {
    ...row,
    mobileNum: maskMobile(profile?.mobile_num ?? null),
    email: maskEmail(profile?.email ?? null),
    directMembers: Number(direct.n),
    path,
    totals,
  };
};
