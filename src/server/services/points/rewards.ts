import { sql } from 'kysely';
import type { z } from 'zod';
import type { OpsReward, SaveRewardRequest } from '@shared/contract/operator-points';
import type { Reward } from '@shared/contract/points';
import type { Db } from '../../db/create-db';
import type { PointsRewardRow } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { toCents, toMoney } from '../ledger/money';
import { offsetOf, type Paging } from '../records/records';

/** The goods of the points mall: members see the active ones, operators all of them. */

export const toReward = (row: PointsRewardRow): z.infer<typeof Reward> => ({
  rewardId: row.id,
  name: row.name,
  type: row.type,
  imageUrl: row.image_url,
  description: row.description,
  pointsRequired: row.points_required,
  amountRequired: toMoney(row.amount_required),
  stock: row.stock,
});

export const toOpsReward = (row: PointsRewardRow): OpsReward => ({ ...toReward(row), active: row.active });

/** One page of the goods on show, in the operators' order; an item out of stock is still shown, with its stock. */
export const shownRewards = async (db: Db, paging: Paging) => {
  const base = db.selectFrom('points_rewards').where('active', '=', true);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('sort').orderBy('id').limit(paging.pageSize).offset(offsetOf(paging)).execute(),
  ]);
  return { list: rows.map(toReward), totalPages: Math.ceil(Number(total) / paging.pageSize) };
};

export const allRewards = async (db: Db): Promise<OpsReward[]> =>
  (await db.selectFrom('points_rewards').selectAll().orderBy('sort').orderBy('id').execute()).map(toOpsReward);

/**
 * Adds a goods item (after the others) or changes one, in the caller's transaction; an unknown
 * rewardId is NOT_FOUND. Stock is set as given: redeems in flight hold the item's row lock, so the
 * operator's count lands before or after them, never in between.
 */
export const saveReward = async (trx: Db, body: SaveRewardRequest): Promise<{ row: PointsRewardRow; created: boolean }> => {
  const values = {
    name: body.name,
    type: body.type,
    image_url: body.imageUrl,
    description: body.description,
    points_required: body.pointsRequired,
    amount_required: toCents(body.amountRequired),
    stock: body.stock,
    active: body.active,
  };
  if (body.rewardId === undefined) {
    const row = await trx
      .insertInto('points_rewards')
      .values((eb) => ({ ...values, sort: eb.selectFrom('points_rewards').select(sql<number>`coalesce(max(sort), 0) + 1`.as('next')) }))
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row, created: true };
  }
  const row = await trx
    .updateTable('points_rewards')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', body.rewardId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new ApiError('NOT_FOUND', `No goods item ${body.rewardId}`);
  return { row, created: false };
};
