import type { agentEndpoints, memberAgentEndpoints, operatorAgentEndpoints } from '@shared/contract/agent';
import { AGENT_INCOME_TYPES } from '@shared/contract/agent';
import type { AppContext } from '../../app-context';
import { realAccount, requireAgent } from '../../auth/member-guards';
import { ApiError } from '../../http/api-error';
import type { AreaHandlers } from '../../http/register-contract';
import { downlineMemberDetail, listDownline } from '../../services/agent/downline';
import { teamOverview } from '../../services/agent/overview';
import { agentReferral, memberReferral } from '../../services/agent/referral';
import { registerDownline } from '../../services/agent/register';
import { incomeCsv, teamBetsCsv, transactionsCsv, userProfitLossCsv } from '../../services/agent/report-exports';
import { agentIncome, teamBets, teamTransactions, userProfitLoss } from '../../services/agent/reports';
import { utcOffsetMinutesOf } from '../../services/agent/team-query';
import { transferToDownline, transferToUpline, uplineInfo } from '../../services/agent/transfers';
import { operatorActor, writeAudit } from '../../services/audit';
import { requestMeta } from '../../http/request-meta';
import { agentAnnouncements } from '../../services/messages/announcements';
import { rangeOf } from '../../services/records/records';
import { flushSettingsCache, readSettings, writeSetting } from '../../services/system/site-settings';
import { visitorOf } from '../../http/visitor';

type AgentKeys = keyof typeof agentEndpoints | keyof typeof memberAgentEndpoints | keyof typeof operatorAgentEndpoints;

/**
 * The agent area. Every `agent` call is already limited to agents by its token rule; the agent is
 * always the session's member (`requireAgent(member)`), and any member a call names is checked
 * against that agent's downline in the services (services/agent/scope.ts).
 */
export const agentHandlers = (ctx: AppContext): AreaHandlers<AgentKeys> => {
  const incomeTypes = (type: (typeof AGENT_INCOME_TYPES)[number] | undefined) => (type ? [type] : AGENT_INCOME_TYPES);
  const agentSettings = async () => {
    const settings = await readSettings(ctx.db);
    return { transfersEnabled: settings.agentTransfers, referralEnabled: settings.referralEnabled };
  };

  return {
    agentOverview: async ({ member, query }) => {
      const range = rangeOf(query);
      const overview = await teamOverview(ctx.db, requireAgent(member).id, range, utcOffsetMinutesOf(query.startTime));
      return { startTime: range.start.toISOString(), endTime: range.end.toISOString(), ...overview };
    },
    agentRegister: async ({ member, body, request }) => registerDownline(ctx, requireAgent(member).id, body, requestMeta(ctx, request)),
    agentDownline: async ({ member, query }) => listDownline(ctx.db, requireAgent(member).id, query),
    agentDownlineMember: async ({ member, query }) => downlineMemberDetail(ctx.db, requireAgent(member).id, query.memberId),

    agentTeamBets: async ({ member, query }) => teamBets(ctx.db, requireAgent(member).id, query, rangeOf(query), query),
    agentTeamBetsExport: async ({ member, query }) =>
      teamBetsCsv(ctx.db, requireAgent(member).id, query, rangeOf(query), utcOffsetMinutesOf(query.startTime)),
    agentUserProfitLoss: async ({ member, query }) => userProfitLoss(ctx.db, requireAgent(member).id, query, rangeOf(query), query),
    agentUserProfitLossExport: async ({ member, query }) =>
      userProfitLossCsv(ctx.db, requireAgent(member).id, query, rangeOf(query), utcOffsetMinutesOf(query.startTime)),
    agentIncome: async ({ member, query }) => agentIncome(ctx.db, requireAgent(member).id, incomeTypes(query.type), rangeOf(query), query),
    agentIncomeExport: async ({ member, query }) =>
      incomeCsv(ctx.db, requireAgent(member).id, incomeTypes(query.type), rangeOf(query), utcOffsetMinutesOf(query.startTime)),
    agentTransactions: async ({ member, query }) => teamTransactions(ctx.db, requireAgent(member).id, query, rangeOf(query), query),
    agentTransactionsExport: async ({ member, query }) =>
      transactionsCsv(ctx.db, requireAgent(member).id, query, rangeOf(query), utcOffsetMinutesOf(query.startTime)),

    agentAnnouncements: async ({ member, query }) => {
      requireAgent(member);
      return agentAnnouncements(ctx.db, query);
    },
    agentTransfer: async ({ member, body, request }) => transferToDownline(ctx, requireAgent(member), body, visitorOf(request, ctx.config).ip),
    agentReferral: async ({ member }) => agentReferral(ctx.db, ctx.config, requireAgent(member).id),

    uplineInfo: async ({ member }) => uplineInfo(ctx.db, realAccount(member).id),
    transferUpline: async ({ member, body, request }) => transferToUpline(ctx, realAccount(member), body, visitorOf(request, ctx.config).ip),
    memberReferral: async ({ member }) => memberReferral(ctx.db, ctx.config, realAccount(member).id),

    opsAgentSettings: async () => agentSettings(),
    opsSetAgentSettings: async ({ operator, body, request }) => {
      if (!operator) throw new ApiError('UNAUTHORIZED', 'Operator sign-in required');
      const before = await agentSettings();
      await ctx.db.transaction().execute(async (trx) => {
        if (body.transfersEnabled !== undefined) await writeSetting(trx, 'agentTransfers', body.transfersEnabled);
        if (body.referralEnabled !== undefined) await writeSetting(trx, 'referralEnabled', body.referralEnabled);
        await writeAudit(trx, { ...operatorActor(operator, visitorOf(request, ctx.config).ip), action: 'agent.settings', detail: { before, change: body } });
      });
      flushSettingsCache(ctx.db);
      return agentSettings();
    },
  };
};
