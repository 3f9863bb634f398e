import { sql } from 'kysely';
import type { VipStatus } from '@shared/contract/vip';
import { MAIN_WALLET } from '@shared/contract/wallet';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/create-db';
import { ApiError } from '../../http/api-error';
import { withEvents } from '../../socket/realtime';
import { recordBalanceEvents } from '../ledger/balance-events';
import { ledgerOf, mainBalanceAfter } from '../ledger/ledger';
import { toMoney } from '../ledger/money';
import { sendMessage } from '../messages/messages';
import { formatAmount } from '../wallet/orders';

/**
 * VIP levels for players (MEMBER-16). A member's turnover is the lifetime sum of the stakes of their
 * settled bets, read from the bets as missions read progress (an index on member and settlement
 * time serves it; nothing is added to a bet's own path). The levels whose turnover it reaches are
 * recorded as reached when the member's VIP status is read, one row per member and level (a unique
 * key: racing reads record and announce each level once), with the level's upgrade bonus waiting to
 * be claimed; skipped levels are reached too, each with its bonus. A member's level is the highest
 * reached, so it never goes down when an operator raises a threshold later.
 */

const iso = (t: Date | string) => new Date(t).toISOString();

/** Lifetime settled stakes of a member (cents). */
export const settledTurnover = async (db: Db, memberId: number): Promise<number> => {
  const row = await db
    .selectFrom('bets')
    .select(sql<string>`coalesce(sum(stake), 0)`.as('total'))
    .where('member_id', '=', memberId)
    .where('status', '=', 'SETTLED')
    .where('settled_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.total);
};

/**
 * The member's VIP status, after recording the levels their turnover now reaches (with an inbox
 * message for each). The caller has refused trial accounts. Empty while no level is defined.
 */
export const vipStatus = (ctx: AppContext, memberId: number): Promise<VipStatus> =>
  withEvents(ctx, async (trx, record) => {
    const levels = await trx.selectFrom('vip_levels').selectAll().orderBy('rank').execute();
    const turnover = await settledTurnover(trx, memberId);
    const reachable = levels.filter((l) => l.turnover <= turnover);
    if (reachable.length > 0) {
      const added = await trx
        .insertInto('vip_reached')
        .values(reachable.map((l) => ({ member_id: memberId, level_id: l.id, rank: l.rank, name: l.name, bonus: l.upgrade_bonus })))
        .onConflict((oc) => oc.columns(['member_id', 'level_id']).doNothing())
        .returningAll()
        .execute();
      for (const row of added.sort((a, b) => a.rank - b.rank)) {
        const template = row.bonus > 0 ? 'vip.bonusIssued' : 'vip.levelReached';
        await sendMessage(trx, record, { memberId, template, params: { name: row.name, rank: row.rank, amount: formatAmount(row.bonus) } });
      }
    }
    const reached = await trx
      .selectFrom('vip_reached')
      .innerJoin('vip_levels', 'vip_levels.id', 'vip_reached.level_id')
      .select([
        'vip_reached.id',
        'vip_reached.rank as issued_rank',
        'vip_reached.name as issued_name',
        'vip_reached.bonus',
        'vip_reached.reached_at',
        'vip_reached.claimed_at',
        'vip_levels.rank',
        'vip_levels.name',
      ])
      .where('vip_reached.member_id', '=', memberId)
      .orderBy('vip_reached.id', 'desc')
      .execute();
    const current = reached.reduce<(typeof reached)[number] | null>((top, r) => (top === null || r.rank > top.rank ? r : top), null);
    const rank = current?.rank ?? 0;
    const next = levels.find((l) => l.rank > rank) ?? null;
    const bonuses = reached
      .filter((r) => r.bonus > 0)
      .map((r) => ({
        bonusId: r.id,
        rank: r.issued_rank,
        name: r.issued_name,
        amount: toMoney(r.bonus),
        issuedAt: iso(r.reached_at),
        claimedAt: r.claimed_at === null ? null : iso(r.claimed_at),
      }));
    return {
      levels: levels.map((l) => ({ rank: l.rank, name: l.name, turnover: toMoney(l.turnover), upgradeBonus: toMoney(l.upgrade_bonus) })),
      rank,
      name: current?.name ?? '',
      turnover: toMoney(turnover),
      next: next && { rank: next.rank, name: next.name, turnover: toMoney(next.turnover), needed: toMoney(Math.max(0, next.turnover - turnover)) },
      bonuses,
      claimableCount: bonuses.filter((b) => b.claimedAt === null).length,
    };
  });

/**
 * Credits an upgrade bonus to the member's main wallet (PROMOTION_BONUS from the promotions
 * account). The bonus row is locked, so racing claims run one after another: the first pays and
 * marks it claimed, every other (and any repeat) answers what the first paid. NOT_FOUND for a bonus
 * that is not the caller's or holds nothing.
 */
export const claimVipBonus = (ctx: AppContext, memberId: number, bonusId: number) =>
  withEvents(ctx, async (trx, record) => {
    const row = await trx.selectFrom('vip_reached').selectAll().where('id', '=', bonusId).where('member_id', '=', memberId).where('bonus', '>', 0).forUpdate().executeTakeFirst();
    if (!row) throw new ApiError('NOT_FOUND', `No VIP bonus ${bonusId}`);
    if (row.transaction_id !== null) return { amount: toMoney(row.bonus), balance: toMoney(await mainBalanceAfter(trx, row.transaction_id, memberId)) };
    const posted = await ledgerOf(ctx).post(trx, {
      entryType: 'PROMOTION_BONUS',
      idempotencyKey: `vip-bonus:${row.id}`,
      reference: `vip:${row.level_id}`,
      remark: `VIP ${row.name} upgrade bonus`,
      legs: [
        { account: { system: 'PROMOTIONS' }, amount: -row.bonus },
        { account: { memberId, wallet: MAIN_WALLET }, amount: row.bonus },
      ],
    });
    await trx.updateTable('vip_reached').set({ claimed_at: sql`now()`, transaction_id: posted.transactionId }).where('id', '=', row.id).execute();
    await recordBalanceEvents(trx, record, posted);
    await sendMessage(trx, record, { memberId, template: 'vip.bonusClaimed', params: { name: row.name, amount: formatAmount(row.bonus) } });
    const main = posted.postings.find((p) => p.memberId === memberId)!;
    return { amount: toMoney(row.bonus), balance: toMoney(main.balanceAfter) };
  });
