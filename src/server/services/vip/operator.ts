import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { OpsVipLevel, SaveVipLevelRequest } from '@shared/contract/vip';
import type { Db } from '../../db/create-db';
import type { Database, VipLevelRow } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { toCents, toMoney } from '../ledger/money';

/**
 * The operators' side of VIP (MEMBER-16): levels are added, changed and removed here. Ranks are
 * unique and a higher rank needs strictly more turnover; a level someone has reached cannot be
 * removed (their level and bonus rest on it). Changes take the table's lock, so two operators
 * saving at once cannot leave the ranks out of order.
 */

type SaveBody = z.output<typeof SaveVipLevelRequest>;

const toOps = (row: VipLevelRow, reachedCount: number): OpsVipLevel => ({
  levelId: row.id,
  rank: row.rank,
  name: row.name,
  turnover: toMoney(row.turnover),
  upgradeBonus: toMoney(row.upgrade_bonus),
  reachedCount,
});

const reachedCounts = async (db: Db): Promise<Map<number, number>> => {
  const rows = await db
    .selectFrom('vip_reached')
    .select(['level_id', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('level_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.level_id), Number(r.n)]));
};

export const allVipLevels = async (db: Db): Promise<OpsVipLevel[]> => {
  const [rows, counts] = await Promise.all([db.selectFrom('vip_levels').selectAll().orderBy('rank').execute(), reachedCounts(db)]);
  return rows.map((row) => toOps(row, counts.get(Number(row.id)) ?? 0));
};

const lockLevels = (trx: Transaction<Database>) => sql`lock table vip_levels in share row exclusive mode`.execute(trx);

/**
 * Adds a level or changes one, in the caller's transaction. NOT_FOUND for an unknown id; CONFLICT
 * for a rank another level holds, or a turnover out of order with the other levels' ranks.
 */
export const saveVipLevel = async (trx: Transaction<Database>, body: SaveBody): Promise<{ level: OpsVipLevel; created: boolean }> => {
  await lockLevels(trx);
  const others = await trx
    .selectFrom('vip_levels')
    .selectAll()
    .$if(body.levelId !== undefined, (q) => q.where('id', '!=', body.levelId!))
    .execute();
  if (body.levelId !== undefined) {
    const current = await trx.selectFrom('vip_levels').select('id').where('id', '=', body.levelId).executeTakeFirst();
    if (!current) throw new ApiError('NOT_FOUND', `No VIP level ${body.levelId}`);
  }
  const turnover = toCents(body.turnover);
  if (others.some((o) => o.rank === body.rank)) throw new ApiError('CONFLICT', `Another level has rank ${body.rank}`);
  const outOfOrder = others.find((o) => (o.rank < body.rank && o.turnover >= turnover) || (o.rank > body.rank && o.turnover <= turnover));
  if (outOfOrder) throw new ApiError('CONFLICT', `A higher rank must need more turnover than a lower one (level ${outOfOrder.rank} ${outOfOrder.name})`);
  const values = { rank: body.rank, name: body.name, turnover, upgrade_bonus: toCents(body.upgradeBonus) };
  const row =
    body.levelId === undefined
      ? await trx.insertInto('vip_levels').values(values).returningAll().executeTakeFirstOrThrow()
      : await trx.updateTable('vip_levels').set({ ...values, updated_at: sql`now()` }).where('id', '=', body.levelId).returningAll().executeTakeFirstOrThrow();
  const reached = await trx
    .selectFrom('vip_reached')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('level_id', '=', row.id)
    .executeTakeFirstOrThrow();
  return { level: toOps(row, Number(reached.n)), created: body.levelId === undefined };
};

/** Removes a level nobody has reached, in the caller's transaction; NOT_FOUND, or INVALID_STATE once reached. */
export const deleteVipLevel = async (trx: Transaction<Database>, levelId: number): Promise<VipLevelRow> => {
  await lockLevels(trx);
  const row = await trx.selectFrom('vip_levels').selectAll().where('id', '=', levelId).executeTakeFirst();
  if (!row) throw new ApiError('NOT_FOUND', `No VIP level ${levelId}`);
  const reached = await trx.selectFrom('vip_reached').select('id').where('level_id', '=', levelId).limit(1).executeTakeFirst();
  if (reached) throw new ApiError('INVALID_STATE', 'Members have reached this level: it cannot be removed');
  await trx.deleteFrom('vip_levels').where('id', '=', levelId).execute();
  return row;
};
