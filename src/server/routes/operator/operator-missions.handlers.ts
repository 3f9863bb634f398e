import type { operatorMissionsEndpoints } from '@shared/contract/missions';
import type { AppContext } from '../../app-context';
import { ApiError } from '../../http/api-error';
import type { AreaHandlers } from '../../http/register-contract';
import { visitorOf } from '../../http/visitor';
import { operatorActor, writeAudit } from '../../services/audit';
import { allMissions, saveMission } from '../../services/missions/missions';

type OperatorMissionsKeys = keyof typeof operatorMissionsEndpoints;

/** The operators' missions: list, create and edit (each change writes its audit row in its transaction). */
export const operatorMissionsHandlers = (ctx: AppContext): AreaHandlers<OperatorMissionsKeys> => ({
  opsMissions: async () => allMissions(ctx.db),
  opsSaveMission: async ({ operator, request, body }) => {
    if (!operator) throw new ApiError('UNAUTHORIZED', 'Operator sign-in required');
    const actor = operatorActor(operator, visitorOf(request, ctx.config).ip);
    return ctx.db.transaction().execute(async (trx) => {
      const { mission, created } = await saveMission(trx, body);
      await writeAudit(trx, { ...actor, action: created ? 'missions.mission.create' : 'missions.mission.update', detail: { ...mission } });
      return mission;
    });
  },
});
