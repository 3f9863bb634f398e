import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { OpsRedEnvelopeCampaign, SaveRedEnvelopeRequest } from '@shared/contract/red-envelopes';
import type { Db } from '../../db/create-db';
import type { Database, RedEnvelopeCampaignRow } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { toCents, toMoney } from '../ledger/money';
import { offsetOf, type Paging } from '../records/records';

/**
 * The operators' side of red envelopes (MEMBER-15): campaigns are defined and changed here; once
 * an envelope has been taken, the total, the count and the minimum amount are fixed (what is left
 * was shared out from them), while the title, rules, period, deposit threshold and visibility
 * may still change.
 */

type SaveBody = z.output<typeof SaveRedEnvelopeRequest>;

const toOps = (row: RedEnvelopeCampaignRow): OpsRedEnvelopeCampaign => ({
  campaignId: row.id,
  title: row.title,
  rules: row.rules,
  startTime: new Date(row.starts_at).toISOString(),
  endTime: new Date(row.ends_at).toISOString(),
  totalAmount: toMoney(row.total_amount),
  envelopeCount: row.envelope_count,
  minAmount: toMoney(row.min_amount),
  minDeposit: toMoney(row.min_deposit),
  active: row.active,
  grabbedCount: row.envelope_count - row.remaining_count,
  grabbedAmount: toMoney(row.total_amount - row.remaining_amount),
});

export const allRedEnvelopes = async (db: Db): Promise<OpsRedEnvelopeCampaign[]> =>
  (await db.selectFrom('red_envelope_campaigns').selectAll().orderBy('id', 'desc').execute()).map(toOps);

/**
 * Adds a campaign or changes one, in the caller's transaction (with the row locked against a grab).
 * NOT_FOUND for an unknown id; INVALID_STATE for a change of the amounts once an envelope is taken.
 */
export const saveRedEnvelope = async (trx: Transaction<Database>, body: SaveBody): Promise<{ campaign: OpsRedEnvelopeCampaign; created: boolean }> => {
  const shared = {
    title: body.title,
    rules: body.rules,
    starts_at: new Date(body.startTime),
    ends_at: new Date(body.endTime),
    min_deposit: toCents(body.minDeposit),
    active: body.active,
  };
  const amounts = { total_amount: toCents(body.totalAmount), envelope_count: body.envelopeCount, min_amount: toCents(body.minAmount) };
  if (!body.campaignId) {
    const row = await trx
      .insertInto('red_envelope_campaigns')
      .values({ ...shared, ...amounts, remaining_amount: amounts.total_amount, remaining_count: amounts.envelope_count })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { campaign: toOps(row), created: true };
  }
  const current = await trx.selectFrom('red_envelope_campaigns').selectAll().where('id', '=', body.campaignId).forUpdate().executeTakeFirst();
  if (!current) throw new ApiError('NOT_FOUND', `No red envelope campaign ${body.campaignId}`);
  const started = current.remaining_count < current.envelope_count;
  const amountsChanged =
    current.total_amount !== amounts.total_amount || current.envelope_count !== amounts.envelope_count || current.min_amount !== amounts.min_amount;
  if (started && amountsChanged) throw new ApiError('INVALID_STATE', 'Envelopes have been taken: the total, the count and the minimum are fixed');
  const row = await trx
    .updateTable('red_envelope_campaigns')
    .set({ ...shared, ...(started ? {} : { ...amounts, remaining_amount: amounts.total_amount, remaining_count: amounts.envelope_count }), updated_at: sql`now()` })
    .where('id', '=', current.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { campaign: toOps(row), created: false };
};

export const redEnvelopeGrabs = async (db: Db, query: Paging & { campaignId: number }) => {
  const base = db
    .selectFrom('red_envelope_grabs')
    .innerJoin('members', 'members.id', 'red_envelope_grabs.member_id')
    .where('red_envelope_grabs.campaign_id', '=', query.campaignId);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .select(['red_envelope_grabs.id', 'red_envelope_grabs.member_id', 'members.account', 'red_envelope_grabs.amount', 'red_envelope_grabs.grabbed_at'])
      .orderBy('red_envelope_grabs.id', 'desc')
      .limit(query.pageSize)
      .offset(offsetOf(query))
      .execute(),
  ]);
  return {
    list: rows.map((r) => ({ grabId: r.id, memberId: r.member_id, account: r.account, amount: toMoney(r.amount), grabbedAt: new Date(r.grabbed_at).toISOString() })),
    pageNum: query.pageNo,
    totalPages: Math.ceil(Number(total) / query.pageSize),
    total: Number(total),
  };
};
