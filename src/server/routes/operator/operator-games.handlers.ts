import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { OpsGame, OpsGameVendor } from '@shared/contract/operator-games';
import type { AppContext } from '../../app-context';
import type { AuthedOperator } from '../../auth/operator-sessions';
import type { Db } from '../../db/create-db';
import { ApiError } from '../../http/api-error';
import type { AreaHandlers } from '../../http/register-contract';
import { operatorActor, writeAudit } from '../../services/audit';
import { flushCatalogueCache } from '../../services/games/catalogue-cache';
import { visitorOf } from '../../http/visitor';

type OperatorGamesKeys = 'opsGameVendors' | 'opsSetVendorMaintenance' | 'opsGames' | 'opsUpdateGame';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Active nodes with their vendor, as the operator's game list reads them. */
const operatorNodes = (db: Db) =>
  db.selectFrom('games').innerJoin('game_vendors', 'game_vendors.code', 'games.vendor_code').where('games.active', '=', true);

const GAME_COLUMNS = [
  'games.node_id',
  'games.vendor_code',
  'games.game_code',
  'games.game_name',
  'games.game_type',
  'games.kind',
  'games.is_hot',
  'games.maintenance',
  'games.free_trial',
  'games.engine',
  'game_vendors.provider',
  'game_vendors.maintenance as vendor_maintenance',
] as const;

interface GameRowWithVendor {
  node_id: number;
  vendor_code: string;
  game_code: string;
  game_name: string;
  game_type: string;
  kind: 'GAME' | 'LOBBY';
  is_hot: boolean;
  maintenance: boolean;
  free_trial: boolean;
  engine: string | null;
  provider: 'HOUSE' | null;
  vendor_maintenance: boolean;
}

const toOpsGame = (row: GameRowWithVendor): OpsGame => ({
  nodeId: row.node_id,
  vendorCode: row.vendor_code,
  gameCode: row.game_code,
  gameName: row.game_name,
  gameType: row.game_type,
  kind: row.kind,
  isHot: row.is_hot,
  maintenance: row.maintenance,
  vendorMaintenance: row.vendor_maintenance,
  freeTrial: row.free_trial,
  // The same test launchGame makes before it answers VENDOR_NOT_CONNECTED.
  playable: row.engine !== null && row.provider === 'HOUSE',
});

const gameById = async (db: Db, nodeId: number): Promise<OpsGame> => {
  const row = await operatorNodes(db).select(GAME_COLUMNS).where('games.node_id', '=', nodeId).executeTakeFirst();
  if (!row) throw new ApiError('NOT_FOUND', `No game ${nodeId}`);
  return toOpsGame(row);
};

/** Every vendor (or one) with its active games counted per category, categories in lobby order. */
const vendorsWithCounts = async (db: Db, code?: string): Promise<OpsGameVendor[]> => {
  let vendorQuery = db.selectFrom('game_vendors').select(['code', 'display_name', 'provider', 'maintenance', 'active']).orderBy('sort').orderBy('code');
  if (code) vendorQuery = vendorQuery.where('code', '=', code);
  let countQuery = db
    .selectFrom('games')
    .innerJoin('game_categories', 'game_categories.code', 'games.game_type')
    .select(['games.vendor_code', 'games.game_type', sql<number>`count(*)`.as('count')])
    .where('games.active', '=', true)
    .where('games.kind', '=', 'GAME')
    .groupBy(['games.vendor_code', 'games.game_type', 'game_categories.sort'])
    .orderBy('game_categories.sort');
  if (code) countQuery = countQuery.where('games.vendor_code', '=', code);
  const [vendors, counts] = await Promise.all([vendorQuery.execute(), countQuery.execute()]);
  return vendors.map((v) => ({
    code: v.code,
    displayName: v.display_name,
    provider: v.provider,
    maintenance: v.maintenance,
    active: v.active,
    games: counts.filter((c) => c.vendor_code === v.code).map((c) => ({ gameType: c.game_type, count: Number(c.count) })),
  }));
};

/**
 * Operator game management: vendor and game maintenance, the hot flag, and the catalogue. Each
 * change writes its audit row in its own transaction, then drops the cached catalogue reads so
 * players' lanes and hot lists show it (launches read the flags directly).
 */
export const operatorGamesHandlers = (ctx: AppContext): AreaHandlers<OperatorGamesKeys> => {
  const who = (operator: AuthedOperator | null, request: FastifyRequest) => {
    if (!operator) throw new ApiError('UNAUTHORIZED', 'Operator sign-in required');
    return operatorActor(operator, visitorOf(request, ctx.config).ip);
  };

  return {
    opsGameVendors: async () => vendorsWithCounts(ctx.db),

    opsSetVendorMaintenance: async ({ operator, request, body }) => {
      const actor = who(operator, request);
      await ctx.db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('game_vendors')
          .set({ maintenance: body.maintenance })
          .where('code', '=', body.vendorCode)
          .returning(['code', 'display_name'])
          .executeTakeFirst();
        if (!row) throw new ApiError('NOT_FOUND', `No vendor ${body.vendorCode}`);
        await writeAudit(trx, { ...actor, action: 'vendor.maintenance', detail: { vendorCode: row.code, displayName: row.display_name, maintenance: body.maintenance } });
      });
      flushCatalogueCache(ctx.db);
      return (await vendorsWithCounts(ctx.db, body.vendorCode))[0]!;
    },

    opsGames: async ({ query }) => {
      let base = operatorNodes(ctx.db);
      if (query.vendorCode) base = base.where('games.vendor_code', '=', query.vendorCode);
      if (query.gameType) base = base.where('games.game_type', '=', query.gameType);
      if (query.gameName) base = base.where(sql<string>`games.game_name`, 'ilike', `%${escapeLike(query.gameName)}%`);
      if (query.maintenance !== undefined) base = base.where('games.maintenance', '=', query.maintenance);
      const [{ total }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        base
          .select(GAME_COLUMNS)
          .orderBy('game_vendors.sort')
          .orderBy('games.vendor_code')
          .orderBy('games.sort')
          .orderBy('games.node_id')
          .limit(query.pageSize)
          .offset((query.pageNo - 1) * query.pageSize)
          .execute(),
      ]);
      return { list: rows.map(toOpsGame), pageNum: query.pageNo, totalPages: Math.ceil(Number(total) / query.pageSize), total: Number(total) };
    },

    opsUpdateGame: async ({ operator, request, body }) => {
      const actor = who(operator, request);
      await ctx.db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('games')
          .set({
            ...(body.maintenance !== undefined ? { maintenance: body.maintenance } : {}),
            ...(body.isHot !== undefined ? { is_hot: body.isHot } : {}),
          })
          .where('node_id', '=', body.nodeId)
          .where('active', '=', true)
          .returning(['node_id', 'vendor_code', 'game_code'])
          .executeTakeFirst();
        if (!row) throw new ApiError('NOT_FOUND', `No game ${body.nodeId}`);
        const game = { nodeId: row.node_id, vendorCode: row.vendor_code, gameCode: row.game_code };
        if (body.maintenance !== undefined) await writeAudit(trx, { ...actor, action: 'game.maintenance', detail: { ...game, maintenance: body.maintenance } });
        if (body.isHot !== undefined) await writeAudit(trx, { ...actor, action: 'game.hot', detail: { ...game, isHot: body.isHot } });
      });
      flushCatalogueCache(ctx.db);
      return gameById(ctx.db, body.nodeId);
    },
  };
};
