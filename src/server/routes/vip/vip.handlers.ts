import type { FastifyRequest } from 'fastify';
import type { operatorVipEndpoints, vipEndpoints } from '@shared/contract/vip';
import type { AppContext } from '../../app-context';
import { realAccount } from '../../auth/member-guards';
import type { AuthedOperator } from '../../auth/operator-sessions';
import { ApiError } from '../../http/api-error';
import type { AreaHandlers } from '../../http/register-contract';
import { visitorOf } from '../../http/visitor';
import { operatorActor, writeAudit } from '../../services/audit';
import { allVipLevels, deleteVipLevel, saveVipLevel } from '../../services/vip/operator';
import { claimVipBonus, vipStatus } from '../../services/vip/vip';

type VipKeys = keyof typeof vipEndpoints | keyof typeof operatorVipEndpoints;

/**
 * VIP (MEMBER-16). The status and the claim are a real account's own (trial accounts have no VIP).
 * Operators define the levels, each change audited in its transaction.
 */
export const vipHandlers = (ctx: AppContext): AreaHandlers<VipKeys> => {
  const who = (operator: AuthedOperator | null, request: FastifyRequest) => {
    if (!operator) throw new ApiError('UNAUTHORIZED', 'Operator sign-in required');
    return operatorActor(operator, visitorOf(request, ctx.config).ip);
  };
  return {
    vipStatus: async ({ member }) => vipStatus(ctx, realAccount(member).id),
    vipClaim: async ({ member, body }) => claimVipBonus(ctx, realAccount(member).id, body.bonusId),
    opsVipLevels: async () => allVipLevels(ctx.db),
    opsSaveVipLevel: async ({ operator, request, body }) => {
      const actor = who(operator, request);
      return ctx.db.transaction().execute(async (trx) => {
        const { level, created } = await saveVipLevel(trx, body);
        await writeAudit(trx, {
          ...actor,
          action: created ? 'vip.level.create' : 'vip.level.update',
          detail: { levelId: level.levelId, rank: level.rank, name: level.name, turnover: level.turnover, upgradeBonus: level.upgradeBonus },
        });
        return level;
      });
    },
    opsDeleteVipLevel: async ({ operator, request, body }) => {
      const actor = who(operator, request);
      return ctx.db.transaction().execute(async (trx) => {
        const row = await deleteVipLevel(trx, body.levelId);
        await writeAudit(trx, { ...actor, action: 'vip.level.delete', detail: { levelId: row.id, rank: row.rank, name: row.name } });
        return { levelId: row.id };
      });
    },
  };
};
