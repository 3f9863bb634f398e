import type { FastifyRequest as Request } from 'fastify';
import type { ContractAnswerRequest, contractsEndpoints, ContractKind } from '@shared/contract/contracts';
import type { AppContext } from '../../app-context';
import { realAccount, requireAgent } from '../../auth/member-guards';
import type { AuthedMember } from '../../auth/member-sessions';
import type { AuthedOperator } from '../../auth/operator-sessions';
import { ApiError } from '../../http/api-error';
import type { AreaHandlers } from '../../http/register-contract';
import { visitorOf } from '../../http/visitor';
import { operatorActor, writeAudit } from '../../services/audit';
import { ofKind } from '../../services/contracts/contract-rows';
import { answerContract, offerContract, type ContractActor } from '../../services/contracts/lifecycle';
import {
  agentContracts,
  billDetail,
  billRecordsPage,
  consolidatedInfo,
  operatorContracts,
  pendingFor,
  realtimeSalaryView,
} from '../../services/contracts/reads';
import { flushSettingsCache, readSettings, writeSetting } from '../../services/system/site-settings';

type ContractKeys = keyof typeof contractsEndpoints;

/**
 * The contracts area (docs/contracts.md). Member calls take the caller from the session (a trial
 * account is refused); agent calls limit every holder and bill they name to the caller's downline;
 * operator calls act for the platform and are audited.
 */
export const contractsHandlers = (ctx: AppContext): AreaHandlers<ContractKeys> => {
  const memberActor = (member: AuthedMember, request: Parameters<typeof visitorOf>[0]): ContractActor => ({
    kind: 'member',
    memberId: member.id,
    ip: visitorOf(request, ctx.config).ip,
  });
  const platformActor = (operator: AuthedOperator | null, request: Parameters<typeof visitorOf>[0]): ContractActor => {
    if (!operator) throw new ApiError('UNAUTHORIZED', 'Operator sign-in required');
    return { kind: 'operator', operatorId: operator.id, ip: visitorOf(request, ctx.config).ip };
  };

  /** What awaits the caller of one kind (API-44..47), typed as that kind's contracts. */
  const pendingOf = async <K extends ContractKind>(member: AuthedMember | null, kind: K) =>
    (await pendingFor(ctx.db, realAccount(member).id, kind)).flatMap((c) => ofKind(c, kind) ?? []);
  const answerOf = async <K extends ContractKind>(member: AuthedMember | null, body: ContractAnswerRequest, request: Request, kind: K) => {
    const answered = ofKind(await answerContract(ctx, memberActor(realAccount(member), request), kind, Number(body.contractId), body.status, new Date(), body.answering), kind);
    if (!answered) throw new Error(`contract ${body.contractId} is not of kind ${kind}`);
    return answered;
  };
  const recordsOf = async <K extends ContractKind>(member: AuthedMember | null, kind: K, query: Parameters<typeof billRecordsPage>[3]) => {
    const page = await billRecordsPage(ctx.db, requireAgent(member).id, kind, query);
    return { ...page, contract: ofKind(page.contract, kind) };
  };

  const contractSettings = async () => ({ menu: (await readSettings(ctx.db)).contractMenu });

  return {
    dividendContractProcessing: async ({ member }) => pendingOf(member, 'DIVIDEND'),
    dividendContractAnswer: async ({ member, body, request }) => answerOf(member, body, request, 'DIVIDEND'),
    dailySalaryContractProcessing: async ({ member }) => pendingOf(member, 'DAILY'),
    dailySalaryContractAnswer: async ({ member, body, request }) => answerOf(member, body, request, 'DAILY'),
    hourlySalaryContractProcessing: async ({ member }) => pendingOf(member, 'HOURLY'),
    hourlySalaryContractAnswer: async ({ member, body, request }) => answerOf(member, body, request, 'HOURLY'),
    realtimeSalaryContractProcessing: async ({ member }) => pendingOf(member, 'REALTIME'),
    realtimeSalaryContractAnswer: async ({ member, body, request }) => answerOf(member, body, request, 'REALTIME'),
    consolidatedContractInfo: async ({ member }) => consolidatedInfo(ctx.db, realAccount(member), await contractSettings()),

    agentContractOffer: async ({ member, body, request }) => {
      const agent = requireAgent(member);
      const { memberId, ...offer } = body;
      return offerContract(ctx, memberActor(agent, request), { memberId }, offer);
    },
    agentContracts: async ({ member, query }) => agentContracts(ctx.db, requireAgent(member).id, query),
    agentDividendRecords: async ({ member, query }) => recordsOf(member, 'DIVIDEND', query),
    agentDailyWages: async ({ member, query }) => recordsOf(member, 'DAILY', query),
    agentHourlySalary: async ({ member, query }) => recordsOf(member, 'HOURLY', query),
    agentRealtimeSalary: async ({ member, query }) => realtimeSalaryView(ctx, requireAgent(member).id, query),
    agentContractBill: async ({ member, query }) => billDetail(ctx.db, requireAgent(member).id, query.billId),

    opsContracts: async ({ query }) => operatorContracts(ctx.db, query),
    opsContractOffer: async ({ operator, body, request }) => {
      const { account, ...offer } = body;
      return offerContract(ctx, platformActor(operator, request), { account }, offer);
    },
    opsContractAnswer: async ({ operator, body, request }) => {
      const actor = platformActor(operator, request);
      const row = await ctx.db.selectFrom('contracts').select('kind').where('id', '=', Number(body.contractId)).executeTakeFirst();
      if (!row) throw new ApiError('NOT_FOUND', `No contract ${body.contractId}`);
      return answerContract(ctx, actor, row.kind, Number(body.contractId), body.status, new Date(), body.answering);
    },
    opsContractSettings: async () => contractSettings(),
    opsSetContractSettings: async ({ operator, body, request }) => {
      if (!operator) throw new ApiError('UNAUTHORIZED', 'Operator sign-in required');
      const before = await contractSettings();
      await ctx.db.transaction().execute(async (trx) => {
        await writeSetting(trx, 'contractMenu', body.menu);
        await writeAudit(trx, { ...operatorActor(operator, visitorOf(request, ctx.config).ip), action: 'contracts.settings', detail: { before, after: body } });
      });
      flushSettingsCache(ctx.db);
      return contractSettings();
    },
  };
};
