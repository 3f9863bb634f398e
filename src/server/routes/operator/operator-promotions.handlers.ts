import type { FastifyRequest } from 'fastify';
import type { operatorPromotionsEndpoints } from '@shared/contract/operator-promotions';
import type { AppContext } from '../../app-context';
import type { AuthedOperator } from '../../auth/operator-sessions';
import { ApiError } from '../../http/api-error';
import type { AreaHandlers } from '../../http/register-contract';
import { visitorOf } from '../../http/visitor';
import { operatorActor, writeAudit } from '../../services/audit';
import {
  allPromotions,
  operatorApplications,
  opsApplication,
  opsPromotion,
  readApplicationImage,
  reviewApplication,
  savePromotion,
  type ApplicationReview,
} from '../../services/promotions/operator';
import { withEvents } from '../../socket/realtime';

type OperatorPromotionsKeys = keyof typeof operatorPromotionsEndpoints;

/**
 * The operators' side of promotions: defining them, and reviewing applications (the player is told
 * by an inbox message). Every change writes its audit row in its own transaction.
 */
export const operatorPromotionsHandlers = (ctx: AppContext): AreaHandlers<OperatorPromotionsKeys> => {
  const who = (operator: AuthedOperator | null, request: FastifyRequest) => {
    if (!operator) throw new ApiError('UNAUTHORIZED', 'Operator sign-in required');
    return operatorActor(operator, visitorOf(request, ctx.config).ip);
  };

  const review = async (operator: AuthedOperator | null, request: FastifyRequest, entryId: number, step: ApplicationReview) => {
    const actor = who(operator, request);
    const row = await withEvents(ctx, async (trx, record) => {
      const updated = await reviewApplication(trx, record, entryId, step, `operator:${actor.actorId}`);
      await writeAudit(trx, {
        ...actor,
        action: `promotions.application.${step.kind}`,
        detail: { entryId, promotionId: updated.promotion_id, memberId: updated.member_id, amount: updated.amount, ...step },
      });
      return updated;
    });
    return opsApplication(ctx.db, row.id);
  };

  return {
    opsPromotions: async () => allPromotions(ctx.db),
    opsSavePromotion: async ({ operator, request, body }) => {
      const actor = who(operator, request);
      const id = await ctx.db.transaction().execute(async (trx) => {
        const { row, created } = await savePromotion(trx, body);
        await writeAudit(trx, {
          ...actor,
          action: created ? 'promotions.promotion.create' : 'promotions.promotion.update',
          detail: { promotionId: row.id, title: row.title, type: row.type, bonusAmount: row.bonus_amount, active: row.active, prizes: body.prizes.length },
        });
        return row.id;
      });
      return opsPromotion(ctx.db, id);
    },
    opsPromotionApplications: async ({ query }) => operatorApplications(ctx.db, query),
    opsApproveApplication: async ({ operator, request, body }) => review(operator, request, body.entryId, { kind: 'approve' }),
    opsRejectApplication: async ({ operator, request, body }) => review(operator, request, body.entryId, { kind: 'reject', reason: body.reason }),
    opsApplicationImage: async ({ query }) => readApplicationImage(ctx, query.imageId),
  };
};
