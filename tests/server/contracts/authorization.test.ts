import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractsEndpoints as api, type ContractKind } from '@shared/contract/contracts';
import { settleContracts, SETTLEMENT_GRACE_MS } from '@server/services/contracts/settlement';
import type { TestApp } from '../../helpers/test-app';
import type { Caller } from '../../helpers/accounts-kit';
import { addMember, AGENT, caller, credit, DAILY, DIVIDEND, giveContract, HOURLY, PLAYER, REALTIME, startContractsApp, type TreeMember } from './contracts-kit';

type Key = keyof typeof api;
type Role = 'guest' | 'trial' | 'player' | 'member' | 'agent' | 'otherAgent' | 'upline';
const TRIAL = 4;
const HOUR = 3_600_000;

/**
 * upline (top-level agent) → agent → member (player); otherAgent is a top-level agent of another
 * branch; player and trial sit in nobody's downline. The agent holds every kind from its upline and
 * has given the member a real-time salary agreement. Every contract call is made as each of them
 * about the member and that agreement: no agent offers, reads or ends a contract outside its own
 * downline, and the refusal reveals nothing.
 */
describe('contract calls: who may call, about whom', () => {
  let t: TestApp;
  let people: Record<Exclude<Role, 'guest'>, TreeMember>;
  let agreement: number;
  let billId: string;

  beforeAll(async () => {
    t = await startContractsApp();
    const upline = await addMember(t.ctx, { type: AGENT });
    const agent = await addMember(t.ctx, { type: AGENT, uplineId: upline.id });
    people = {
      upline,
      agent,
      member: await addMember(t.ctx, { type: PLAYER, uplineId: agent.id }),
      otherAgent: await addMember(t.ctx, { type: AGENT }),
      player: await addMember(t.ctx, { type: PLAYER }),
      trial: await addMember(t.ctx, { type: TRIAL }),
    };
    const base = new Date(Math.floor(Date.now() / HOUR) * HOUR - 3 * HOUR);
    for (const offer of [REALTIME, DAILY, HOURLY, DIVIDEND]) {
      await giveContract(t.ctx, null, upline, offer, base);
      await giveContract(t.ctx, upline, agent, offer, base);
    }
    await giveContract(t.ctx, null, people.otherAgent, REALTIME, base);
    agreement = await giveContract(t.ctx, agent, people.member, { ...REALTIME, profitRate: 0.1 }, base);
    await credit(t.ctx, agent.id, 100_00);
    await settleContracts(t.ctx, ['REALTIME'], new Date(base.getTime() + HOUR + SETTLEMENT_GRACE_MS));
    const bill = await t.ctx.db.selectFrom('contract_bills').select('id').where('contract_id', '=', agreement).executeTakeFirstOrThrow();
    billId = String(bill.id);
  });
  afterAll(async () => t?.close());

  const callerOf = (role: Role): Caller => caller(t, role === 'guest' ? null : people[role]);
  const memberQuery = () => ({ memberId: String(people.member.id) });
  const answer = (kind: string) => (c: Caller) => c.call('POST', `/wps/relay/ACS_${kind}ContractProcessing`, { body: { contractId: String(agreement), status: 'C' } });
  const list = (kind: string) => (c: Caller) => c.call('GET', `/wps/relay/ACS_${kind}ContractProcessing`);

  /** Each member-facing call with an input about the member or its agreement. */
  const requests: Record<Exclude<Key, `ops${string}`>, (c: Caller) => Promise<{ status: number; body: any }>> = {
    dividendContractProcessing: list('dividend'),
    dividendContractAnswer: answer('dividend'),
    dailySalaryContractProcessing: list('dailySalary'),
    dailySalaryContractAnswer: answer('dailySalary'),
    hourlySalaryContractProcessing: list('hourlySalary'),
    hourlySalaryContractAnswer: answer('hourlySalary'),
    realtimeSalaryContractProcessing: list('realtimeSalary'),
    realtimeSalaryContractAnswer: answer('realtimeSalary'),
    consolidatedContractInfo: (c) => c.call('GET', api.consolidatedContractInfo.path),
    agentContractOffer: (c) => c.call('POST', api.agentContractOffer.path, { body: { ...REALTIME, profitRate: 0.05, memberId: people.member.id } }),
    agentContracts: (c) => c.call('GET', api.agentContracts.path, { query: memberQuery() }),
    agentDividendRecords: (c) => c.call('GET', api.agentDividendRecords.path, { query: memberQuery() }),
    agentDailyWages: (c) => c.call('GET', api.agentDailyWages.path, { query: memberQuery() }),
    agentHourlySalary: (c) => c.call('GET', api.agentHourlySalary.path, { query: memberQuery() }),
    agentRealtimeSalary: (c) => c.call('GET', api.agentRealtimeSalary.path, { query: memberQuery() }),
    agentContractBill: (c) => c.call('GET', api.agentContractBill.path, { query: { billId } }),
  };
  const agentKeys = (Object.keys(requests) as (keyof typeof requests)[]).filter((k) => api[k].token === 'agent');
  const memberKeys = (Object.keys(requests) as (keyof typeof requests)[]).filter((k) => api[k].token === 'member');

  it('the table covers every contract call but the operator\'s, which need an operator session', async () => {
    const all = Object.keys(api) as Key[];
    expect([...Object.keys(requests), ...all.filter((k) => k.startsWith('ops'))].sort()).toEqual([...all].sort());
    for (const key of all.filter((k) => k.startsWith('ops'))) {
      const def = api[key];
      const res = await callerOf('agent').call(def.method, def.path, def.method === 'GET' ? {} : { body: {} });
      expect([key, res.status, res.body.code]).toEqual([key, 401, 'UNAUTHORIZED']);
    }
  });

  const refusals: [Role, number, string, readonly (keyof typeof requests)[]][] = [
    ['guest', 401, 'UNAUTHORIZED', [...memberKeys, ...agentKeys]],
    ['trial', 403, 'TRIAL_ACCOUNT', [...memberKeys, ...agentKeys]],
    ['player', 403, 'NOT_AGENT', agentKeys],
    ['member', 403, 'NOT_AGENT', agentKeys],
  ];
  for (const [role, status, code, keys] of refusals) {
    it(`[AGENT-18] as ${role}: ${keys.length} calls are refused with ${status} ${code} and nothing in the answer`, async () => {
      for (const key of keys) {
        const res = await requests[key](callerOf(role));
        expect([key, res.status, res.body.code, res.body.value]).toEqual([key, status, code, null]);
      }
    });
  }

  /** The same refusal whether the thing is someone else's or nobody's. */
  const forbidden = (message: string) => ({ success: false, code: 'FORBIDDEN', message, value: null });

  it('[AGENT-18] an agent of another branch can neither offer the member a contract, nor read its contracts, records or bills, nor end its agreement', async () => {
    const other = callerOf('otherAgent');
    for (const key of agentKeys) {
      const res = await requests[key](other);
      expect([key, res.status, res.body.code]).toEqual([key, 403, 'FORBIDDEN']);
    }
    expect((await requests.agentContractOffer(other)).body).toEqual(forbidden('This member is not in your downline'));
    expect((await requests.agentContractBill(other)).body).toEqual(forbidden('This bill is not in your downline'));
    const unknownBill = await other.call('GET', api.agentContractBill.path, { query: { billId: '2000000000' } });
    expect(unknownBill.body).toEqual(forbidden('This bill is not in your downline'));
    const unknownMember = await other.call('GET', api.agentContracts.path, { query: { memberId: '2000000000' } });
    expect(unknownMember.body).toEqual((await requests.agentContracts(other)).body);
    // Its own lists never show the member's agreement.
    const own = await other.call('GET', api.agentContracts.path);
    expect(own.body.value.list.map((c: { downlineAccount: string }) => c.downlineAccount)).toEqual([people.otherAgent.account]);
    for (const kind of ['realtimeSalary', 'dailySalary', 'hourlySalary', 'dividend']) {
      expect((await answer(kind)(other)).body).toEqual(forbidden('This is not one of your contracts of this kind'));
    }
  });

  it('[AGENT-18] the agent\'s upline reads the member\'s contracts and bills, but offers and ends only its own direct members\' contracts', async () => {
    const upline = callerOf('upline');
    for (const key of ['agentContracts', 'agentRealtimeSalary', 'agentDailyWages', 'agentHourlySalary', 'agentDividendRecords', 'agentContractBill'] as const) {
      const res = await requests[key](upline);
      expect([key, res.status]).toEqual([key, 200]);
    }
    expect((await requests.agentRealtimeSalary(upline)).body.value.contract).toMatchObject({ contractId: String(agreement), action: null });
    const offer = await requests.agentContractOffer(upline);
    expect([offer.status, offer.body.message]).toEqual([403, 'Contracts are offered to direct members only']);
    expect((await requests.realtimeSalaryContractAnswer(upline)).status).toBe(403);
  });

  it('[AGENT-18] [AGENT-20] a player outside any downline sees nothing waiting and ends nothing of anyone\'s', async () => {
    const player = callerOf('player');
    for (const kind of ['realtimeSalary', 'dailySalary', 'hourlySalary', 'dividend']) expect((await list(kind)(player)).body.value).toEqual([]);
    expect((await requests.consolidatedContractInfo(player)).body.value).toMatchObject({ contracts: [], realtimesalreqtype: 0 });
    expect((await requests.realtimeSalaryContractAnswer(player)).status).toBe(403);
    const still = await t.ctx.db.selectFrom('contracts').select('status').where('id', '=', agreement).executeTakeFirstOrThrow();
    expect(still.status).toBe('VALID');
  });

  it('[AGENT-18] the agent and the member are served: the agent reads and offers, the member asks to end its agreement', async () => {
    const agent = callerOf('agent');
    for (const key of ['agentContracts', 'agentRealtimeSalary', 'agentDailyWages', 'agentHourlySalary', 'agentDividendRecords', 'agentContractBill', 'consolidatedContractInfo'] as const) {
      const res = await requests[key](agent);
      expect([key, res.status]).toEqual([key, 200]);
    }
    const kinds: ContractKind[] = (await requests.consolidatedContractInfo(agent)).body.value.contracts.map((c: { kind: ContractKind }) => c.kind).sort();
    expect(kinds).toEqual(['DAILY', 'DIVIDEND', 'HOURLY', 'REALTIME']);
    expect((await requests.agentContractOffer(agent)).status).toBe(200);
    const ended = await requests.realtimeSalaryContractAnswer(callerOf('member'));
    expect(ended.body.value).toMatchObject({ status: 'terminationRequested', terminationRequestedBy: 'DOWNLINE' });
  });
});
