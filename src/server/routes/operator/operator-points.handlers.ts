import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { operatorPointsEndpoints } from '@shared/contract/operator-points';
import type { AppContext } from '../../app-context';
import type { AuthedOperator } from '../../auth/operator-sessions';
import { ApiError } from '../../http/api-error';
import type { AreaHandlers } from '../../http/register-contract';
import { visitorOf } from '../../http/visitor';
import { operatorActor, writeAudit } from '../../services/audit';
import { sendMessage } from '../../services/messages/messages';
import { journalEntry, lockPointsRow, postPoints } from '../../services/points/journal';
import { operatorRedeemOrders, opsRedeemOrder, reviewRedeem, type RedeemReview } from '../../services/points/redeems';
import { allRewards, saveReward, toOpsReward } from '../../services/points/rewards';
import { readPointsSettings, savePointsSettings, toPointsSettings } from '../../services/points/settings';
import { withEvents } from '../../socket/realtime';

type OperatorPointsKeys = keyof typeof operatorPointsEndpoints;

/**
 * The operators' side of the points mall: redeem orders to approve or reject (the player is told by
 * an inbox message; a rejection gives back the points, the stock and the cash), the goods, the
 * settings, and adjustments of a member's points. Every change writes its audit row in its own
 * transaction.
 */
export const operatorPointsHandlers = (ctx: AppContext): AreaHandlers<OperatorPointsKeys> => {
  const who = (operator: AuthedOperator | null, request: FastifyRequest) => {
    if (!operator) throw new ApiError('UNAUTHORIZED', 'Operator sign-in required');
    return operatorActor(operator, visitorOf(request, ctx.config).ip);
  };

  const review = async (operator: AuthedOperator | null, request: FastifyRequest, referenceNo: string, step: RedeemReview) => {
    const actor = who(operator, request);
    const row = await withEvents(ctx, async (trx, record) => {
      const updated = await reviewRedeem(ctx, trx, record, referenceNo, step, `operator:${actor.actorId}`);
      await writeAudit(trx, {
        ...actor,
        action: `points.redeem.${step.kind}`,
        detail: { referenceNo, memberId: updated.member_id, points: updated.points_total, amount: updated.amount_total, ...step },
      });
      return updated;
    });
    return opsRedeemOrder(ctx.db, row.id);
  };

  return {
    opsRedeemOrders: async ({ query }) => operatorRedeemOrders(ctx.db, query),
    opsApproveRedeem: async ({ operator, request, body }) => review(operator, request, body.referenceNo, { kind: 'approve', note: body.note || null }),
    opsRejectRedeem: async ({ operator, request, body }) => review(operator, request, body.referenceNo, { kind: 'reject', reason: body.reason }),

    opsRewards: async () => allRewards(ctx.db),
    opsSaveReward: async ({ operator, request, body }) => {
      const actor = who(operator, request);
      return ctx.db.transaction().execute(async (trx) => {
        const { row, created } = await saveReward(trx, body);
        await writeAudit(trx, {
          ...actor,
          action: created ? 'points.reward.create' : 'points.reward.update',
          detail: { rewardId: row.id, name: row.name, pointsRequired: row.points_required, amountRequired: row.amount_required, stock: row.stock, active: row.active },
        });
        return toOpsReward(row);
      });
    },

    opsPointsSettings: async () => toPointsSettings(await readPointsSettings(ctx.db)),
    opsSavePointsSettings: async ({ operator, request, body }) => {
      const actor = who(operator, request);
      return ctx.db.transaction().execute(async (trx) => {
        const before = toPointsSettings(await readPointsSettings(trx));
        const after = toPointsSettings(await savePointsSettings(trx, body));
        await writeAudit(trx, { ...actor, action: 'points.settings', detail: { before, after } });
        return after;
      });
    },

    opsAdjustPoints: async ({ operator, request, body }) => {
      const actor = who(operator, request);
      const member = await ctx.db.selectFrom('members').select(['id', 'account']).where('account', '=', body.account).executeTakeFirst();
      if (!member) throw new ApiError('USER_NOT_FOUND', `No member ${body.account}`);
      const reference = `adjust:${body.requestId ?? randomUUID()}`;
      return withEvents(ctx, async (trx, record) => {
        const held = await lockPointsRow(trx, member.id);
        const earlier = body.requestId ? await journalEntry(trx, 'ADJUST', reference, member.id) : undefined;
        if (earlier) {
          if (earlier.change !== body.points || earlier.remark !== body.reason) {
            throw new ApiError('IDEMPOTENCY_CONFLICT', 'This request id was already used for a different request');
          }
          return { points: held };
        }
        const points = await postPoints(trx, {
          memberId: member.id,
          kind: 'ADJUST',
          change: body.points,
          reference,
          remark: body.reason,
          ratioMillionths: (await readPointsSettings(trx)).ratioMillionths,
        });
        await sendMessage(trx, record, {
          memberId: member.id,
          template: 'points.adjusted',
          params: { points: body.points > 0 ? `+${body.points}` : String(body.points), reason: body.reason, balance: points },
        });
        await writeAudit(trx, {
          ...actor,
          action: 'points.adjust',
          detail: { memberId: member.id, account: member.account, points: body.points, reason: body.reason, balance: points, reference },
        });
        return { points };
      });
    },
  };
};
