import type { FastifyRequest } from 'fastify';
import type { operatorRedEnvelopesEndpoints, redEnvelopesEndpoints } from '@shared/contract/red-envelopes';
import { TRIAL_TYPE } from '@shared/contract/socket';
import type { AppContext } from '../../app-context';
import { realAccount } from '../../auth/member-guards';
import type { AuthedOperator } from '../../auth/operator-sessions';
import { ApiError } from '../../http/api-error';
import type { AreaHandlers } from '../../http/register-contract';
import { visitorOf } from '../../http/visitor';
import { operatorActor, writeAudit } from '../../services/audit';
import { allRedEnvelopes, redEnvelopeGrabs, saveRedEnvelope } from '../../services/red-envelopes/operator';
import { grabRedEnvelope, listRedEnvelopes } from '../../services/red-envelopes/red-envelopes';

type RedEnvelopesKeys = keyof typeof redEnvelopesEndpoints | keyof typeof operatorRedEnvelopesEndpoints;

/**
 * Red envelopes (MEMBER-15). The list is public (a signed-in real account sees its own status in
 * each); taking one is a real account's own. Operators define campaigns, each change audited in
 * its transaction.
 */
export const redEnvelopesHandlers = (ctx: AppContext): AreaHandlers<RedEnvelopesKeys> => {
  const who = (operator: AuthedOperator | null, request: FastifyRequest) => {
    if (!operator) throw new ApiError('UNAUTHORIZED', 'Operator sign-in required');
    return operatorActor(operator, visitorOf(request, ctx.config).ip);
  };
  return {
    redEnvelopeList: async ({ member }) => ({ list: await listRedEnvelopes(ctx.db, member && member.type !== TRIAL_TYPE ? member.id : null) }),
    redEnvelopeGrab: async ({ member, body }) => grabRedEnvelope(ctx, realAccount(member).id, body.campaignId),
    opsRedEnvelopes: async () => allRedEnvelopes(ctx.db),
    opsSaveRedEnvelope: async ({ operator, request, body }) => {
      const actor = who(operator, request);
      return ctx.db.transaction().execute(async (trx) => {
        const { campaign, created } = await saveRedEnvelope(trx, body);
        await writeAudit(trx, {
          ...actor,
          action: created ? 'redEnvelopes.campaign.create' : 'redEnvelopes.campaign.update',
          detail: { campaignId: campaign.campaignId, title: campaign.title, totalAmount: campaign.totalAmount, envelopeCount: campaign.envelopeCount, active: campaign.active },
        });
        return campaign;
      });
    },
    opsRedEnvelopeGrabs: async ({ query }) => redEnvelopeGrabs(ctx.db, query),
  };
};
