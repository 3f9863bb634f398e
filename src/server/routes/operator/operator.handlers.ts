import { sql } from 'kysely';
import { OPERATOR_SESSION_HOURS, type OpsSystemStatus, type RegionBlock } from '@shared/contract/operator';
import type { EventMeta, ServerEventPayload } from '@shared/contract/socket';
import type { AppContext } from '../../app-context';
import { createOperatorSession, revokeOperatorSession, type AuthedOperator } from '../../auth/operator-sessions';
import { bearerToken } from '../../auth/tokens';
import type { Db } from '../../db/create-db';
import { ApiError } from '../../http/api-error';
import type { AreaHandlers } from '../../http/register-contract';
import { requestMeta } from '../../http/request-meta';
import { listJobIncidents } from '../../jobs/incidents';
import { liftLock } from '../../services/auth/throttle';
import { operatorActor, writeAudit } from '../../services/audit';
import { verifyOperatorLogin } from '../../services/operator/operator-login';
import { flushRegionBlocks } from '../../services/system/region-blocks';
import { flushSettingsCache, readSettings, writeSetting } from '../../services/system/site-settings';
import { visitorOf } from '../../http/visitor';

type OperatorKeys =
  | 'operatorLogin'
  | 'operatorLogout'
  | 'opsSystemStatus'
  | 'opsSetMaintenance'
  | 'opsRegionBlocks'
  | 'opsAddRegionBlock'
  | 'opsRemoveRegionBlock'
  | 'opsAuditLog'
  | 'opsOutbox'
  | 'opsAccessLocks'
  | 'opsAccessUnlock'
  | 'opsJobIncidents';

const SESSION_MS = OPERATOR_SESSION_HOURS * 60 * 60 * 1000;


const readOpsStatus = async (db: Db): Promise<OpsSystemStatus> => {
  const [settings, blocks] = await Promise.all([
    readSettings(db),
    db.selectFrom('region_blocks').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { maintenance: settings.maintenance, regionBlockCount: blocks.n };
};

const toRegionBlock = (row: { id: number; kind: 'cidr' | 'country'; value: string; note: string; created_at: Date | string }): RegionBlock => ({
  id: row.id,
  kind: row.kind,
  value: row.value,
  note: row.note,
  createdAt: new Date(row.created_at).toISOString(),
});

export const operatorHandlers = (ctx: AppContext): AreaHandlers<OperatorKeys> => {
  const actor = (operator: AuthedOperator | null, request: Parameters<typeof visitorOf>[0]) => {
    if (!operator) throw new ApiError('UNAUTHORIZED', 'Operator sign-in required');
    return { actorKind: 'operator' as const, actorId: String(operator.id), ip: visitorOf(request, ctx.config).ip };
  };

  /** Every socket re-reads its status: maintenance is site-wide, region blocks depend on each address. */
  const announceStatus = (status: OpsSystemStatus) => {
    const payload: Omit<ServerEventPayload<'system:status'>, keyof EventMeta> = { maintenance: status.maintenance };
    ctx.realtime.broadcast('system:status', payload);
  };

  return {
    operatorLogin: async ({ body, request }) => {
      const operator = await verifyOperatorLogin(ctx, body, visitorOf(request, ctx.config).ip);
      const session = await ctx.db.transaction().execute(async (trx) => {
        const created = await createOperatorSession(trx, operator.id, SESSION_MS);
        await writeAudit(trx, { ...actor(operator, request), action: 'operator.login', detail: {} });
        return created;
      });
      return { token: session.token, expiresAt: session.expiresAt.toISOString(), operator };
    },

    operatorLogout: async ({ operator, request }) => {
      const token = bearerToken(request.headers.authorization);
      const who = actor(operator, request);
      await ctx.db.transaction().execute(async (trx) => {
        if (token) await revokeOperatorSession(trx, token);
        await writeAudit(trx, { ...who, action: 'operator.logout', detail: {} });
      });
      return null;
    },

    opsSystemStatus: async () => readOpsStatus(ctx.db),

    opsSetMaintenance: async ({ body, operator, request }) => {
      const who = actor(operator, request);
      const status = await ctx.db.transaction().execute(async (trx) => {
        const before = await readSettings(trx);
        await writeSetting(trx, 'maintenance', body.on);
        await writeAudit(trx, { ...who, action: 'system.maintenance', detail: { from: before.maintenance, to: body.on } });
        return readOpsStatus(trx);
      });
      flushSettingsCache(ctx.db);
      announceStatus(status);
      return status;
    },

    opsRegionBlocks: async () => {
      const rows = await ctx.db.selectFrom('region_blocks').selectAll().orderBy('id').execute();
      return rows.map(toRegionBlock);
    },

    opsAddRegionBlock: async ({ body, operator, request }) => {
      const who = actor(operator, request);
      const value = body.kind === 'cidr' ? body.value.toLowerCase() : body.value;
      const { block, status } = await ctx.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('region_blocks')
          .values({ kind: body.kind, value, note: body.note })
          .onConflict((oc) => oc.columns(['kind', 'value']).doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!row) throw new ApiError('CONFLICT', `${body.kind} ${value} is already blocked`);
        await writeAudit(trx, { ...who, action: 'region.block.add', detail: { id: row.id, kind: row.kind, value: row.value, note: row.note } });
        return { block: toRegionBlock(row), status: await readOpsStatus(trx) };
      });
      flushRegionBlocks(ctx.db);
      announceStatus(status);
      return block;
    },

    opsRemoveRegionBlock: async ({ query, operator, request }) => {
      const who = actor(operator, request);
      const { block, status } = await ctx.db.transaction().execute(async (trx) => {
        const row = await trx.deleteFrom('region_blocks').where('id', '=', query.id).returningAll().executeTakeFirst();
        if (!row) throw new ApiError('NOT_FOUND', `No region block with id ${query.id}`);
        await writeAudit(trx, { ...who, action: 'region.block.remove', detail: { id: row.id, kind: row.kind, value: row.value } });
        return { block: toRegionBlock(row), status: await readOpsStatus(trx) };
      });
      flushRegionBlocks(ctx.db);
      announceStatus(status);
      return block;
    },

    opsAuditLog: async ({ query }) => {
      const { pageNo, pageSize } = query;
      const [{ total }, rows] = await Promise.all([
        ctx.db.selectFrom('audit_log').select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
        ctx.db
          .selectFrom('audit_log')
          .selectAll()
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
      ]);
      return {
        list: rows.map((r) => ({
          id: r.id,
          actorKind: r.actor_kind,
          actorId: r.actor_id,
          action: r.action,
          detail: r.detail,
          ip: r.ip,
          createdAt: new Date(r.created_at).toISOString(),
        })),
        pageNum: pageNo,
        totalPages: Math.ceil(total / pageSize),
        total,
      };
    },
  opsOutbox: async ({ query, operator, request }) => {
    let q = ctx.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(query.limit);
    if (query.channel) q = q.where('channel', '=', query.channel);
    if (query.recipient) q = q.where('recipient', '=', query.recipient);
    const rows = await q.execute();
    // The outbox holds live SMS codes and reset links: who read it is audited like any other operator action.
    await writeAudit(ctx.db, {
      ...operatorActor(operator!, requestMeta(ctx, request).ip),
      action: 'outbox.read',
      detail: { channel: query.channel ?? null, recipient: query.recipient ?? null, count: rows.length },
    });
    return rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      recipient: r.recipient,
      subject: r.subject,
      body: r.body,
      createdAt: new Date(r.created_at).toISOString(),
    }));
  },
  opsAccessLocks: async () => {
    const rows = await ctx.db.selectFrom('access_locks').selectAll().where('locked_until', '>', new Date()).orderBy('created_at', 'desc').execute();
    return rows.map((r) => ({ subject: r.subject, lockedUntil: new Date(r.locked_until).toISOString(), reason: r.reason }));
  },
  opsAccessUnlock: async ({ query, operator, request }) => {
    await ctx.db.transaction().execute(async (trx) => {
      await liftLock(trx, query.subject);
      await writeAudit(trx, {
        actorKind: 'operator',
        actorId: String(operator?.id ?? ''),
        action: 'access.unlock',
        detail: { subject: query.subject },
        ip: requestMeta(ctx, request).ip,
      });
    });
    return null;
  },
  opsJobIncidents: async () => listJobIncidents(ctx.db),
};
};
