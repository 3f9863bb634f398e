import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentEndpoints } from '@shared/contract/agent';
import type { TestApp } from '../../helpers/test-app';
import { encryptPayload } from '../../helpers/encrypt-payload';
import { Caller, registerPlayer, startAccountsApp } from '../../helpers/accounts-kit';
import { addMember, AGENT, credit, PLAYER, TEST_PAYMENT_PASSWORD, TRIAL, type TreeMember } from './agent-kit';

type AgentKey = keyof typeof agentEndpoints;
type Role = 'guest' | 'trial' | 'player' | 'member' | 'agent' | 'otherAgent' | 'upline';

/**
 * upline (agent) → agent → member (player); otherAgent is an agent in another branch; player and
 * trial sit in nobody's downline. Every agent call is made as each of them about `member`.
 */
describe('agent calls: who may call, about whom', () => {
  let t: TestApp;
  let people: Record<Exclude<Role, 'guest'>, TreeMember>;

  beforeAll(async () => {
    t = await startAccountsApp();
    const upline = await addMember(t.ctx, { type: AGENT, paymentPassword: true });
    const agent = await addMember(t.ctx, { type: AGENT, uplineId: upline.id, paymentPassword: true });
    people = {
      upline,
      agent,
      member: await addMember(t.ctx, { type: PLAYER, uplineId: agent.id }),
      otherAgent: await addMember(t.ctx, { type: AGENT, paymentPassword: true }),
      player: await addMember(t.ctx, { type: PLAYER }),
      trial: await addMember(t.ctx, { type: TRIAL }),
    };
    for (const who of [upline, agent, people.otherAgent, people.member]) await credit(t.ctx, who.id, 100_00);
  });
  afterAll(async () => t.close());

  /** Each call with an input about `member` (a valid one, so an allowed caller is answered). */
  const requests: Record<AgentKey, (caller: Caller) => Promise<{ status: number; body: any }>> = {
    agentOverview: (c) => c.call('GET', agentEndpoints.agentOverview.path),
    agentRegister: async (c) => (await registerPlayer(c, {}, agentEndpoints.agentRegister.path)).reply,
    agentDownline: (c) => c.call('GET', agentEndpoints.agentDownline.path, { query: { account: people.member.account } }),
    agentDownlineMember: (c) => c.call('GET', agentEndpoints.agentDownlineMember.path, { query: { memberId: String(people.member.id) } }),
    agentTeamBets: (c) => c.call('GET', agentEndpoints.agentTeamBets.path, { query: { account: people.member.account } }),
    agentTeamBetsExport: (c) => c.call('GET', agentEndpoints.agentTeamBetsExport.path, { query: { account: people.member.account } }),
    agentUserProfitLoss: (c) => c.call('GET', agentEndpoints.agentUserProfitLoss.path, { query: { account: people.member.account } }),
    agentUserProfitLossExport: (c) => c.call('GET', agentEndpoints.agentUserProfitLossExport.path, { query: { account: people.member.account } }),
    agentIncome: (c) => c.call('GET', agentEndpoints.agentIncome.path),
    agentIncomeExport: (c) => c.call('GET', agentEndpoints.agentIncomeExport.path),
    agentTransactions: (c) => c.call('GET', agentEndpoints.agentTransactions.path, { query: { account: people.member.account } }),
    agentTransactionsExport: (c) => c.call('GET', agentEndpoints.agentTransactionsExport.path, { query: { account: people.member.account } }),
    agentAnnouncements: (c) => c.call('GET', agentEndpoints.agentAnnouncements.path),
    agentTransfer: (c) =>
      c.call('POST', agentEndpoints.agentTransfer.path, {
        body: { memberId: people.member.id, amount: 1, paymentPassword: TEST_PAYMENT_PASSWORD, requestId: randomUUID() },
      }),
    agentReferral: (c) => c.call('GET', agentEndpoints.agentReferral.path),
  };

  /** Calls that name `member` directly: another branch's agent is refused them. */
  const naming = new Set<AgentKey>(['agentDownlineMember', 'agentTransfer']);

  const callerOf = (role: Role) => {
    const c = new Caller(t);
    c.token = role === 'guest' ? null : people[role].token;
    return c;
  };

  it('the table covers every agent call, and every agent call needs an agent token', () => {
    expect(Object.keys(requests).sort()).toEqual(Object.keys(agentEndpoints).sort());
    expect(new Set(Object.values(agentEndpoints).map((d) => d.token))).toEqual(new Set(['agent']));
  });

  const refusals: [Role, number, string][] = [
    ['guest', 401, 'UNAUTHORIZED'],
    ['trial', 403, 'TRIAL_ACCOUNT'],
    ['player', 403, 'NOT_AGENT'],
    ['member', 403, 'NOT_AGENT'],
  ];
  for (const [role, status, code] of refusals) {
    it(`[AGENT-09] [AGENT-10] [AGENT-11] [AGENT-12] [AGENT-13] as ${role}: every agent call is refused with ${status} ${code}`, async () => {
      for (const [key, def] of Object.entries(agentEndpoints) as [AgentKey, (typeof agentEndpoints)[AgentKey]][]) {
        const c = callerOf(role);
        // Refused before the body is even read: the register center's body need not be valid.
        const res =
          key === 'agentRegister'
            ? await (async () => {
                const sealed = encryptPayload({}, t.ctx.payloadKeys.publicKeyPem);
                const reply = await t.app.inject({
                  method: def.method,
                  url: def.path,
                  headers: { ...sealed.headers, 'content-type': 'application/json', ...(c.token ? { authorization: `Bearer ${c.token}` } : {}) },
                  payload: JSON.stringify(sealed.body),
                });
                return { status: reply.statusCode, body: reply.json() };
              })()
            : await requests[key](c);
        expect([key, res.status, res.body.code]).toEqual([key, status, code]);
        expect(res.body.value).toBeNull();
      }
    });
  }

  for (const role of ['agent', 'upline', 'otherAgent'] as const) {
    it(`[AGENT-09] [AGENT-10] [AGENT-11] [AGENT-12] [AGENT-13] as ${role === 'otherAgent' ? 'an agent of another branch' : `the ${role}`}: answered about its own downline only`, async () => {
      const sees = role !== 'otherAgent';
      for (const key of Object.keys(requests) as AgentKey[]) {
        const res = await requests[key](callerOf(role));
        if (naming.has(key) && !sees) {
          expect([key, res.status, res.body]).toEqual([key, 403, { success: false, code: 'FORBIDDEN', message: 'This member is not in your downline', value: null }]);
          continue;
        }
        expect([key, res.status, res.body.code]).toEqual([key, 200, 'OK']);
      }
    });
  }

  it('[AGENT-09] [AGENT-10] what each agent sees of the member: the agent and its upline find it; another branch finds nothing', async () => {
    const rows = async (role: Role, url: string) => (await callerOf(role).call('GET', url, { query: { account: people.member.account } })).body.value;
    for (const role of ['agent', 'upline'] as const) {
      expect((await rows(role, agentEndpoints.agentDownline.path)).list.map((r: { memberId: number }) => r.memberId)).toEqual([people.member.id]);
      expect((await rows(role, agentEndpoints.agentTransactions.path)).list.length).toBeGreaterThan(0);
    }
    expect((await rows('upline', agentEndpoints.agentDownline.path)).list[0].level).toBe(2);
    const other = await rows('otherAgent', agentEndpoints.agentDownline.path);
    expect(other).toEqual({ list: [], pageNum: 1, totalPages: 0, total: 0 });
    expect((await rows('otherAgent', agentEndpoints.agentTransactions.path)).list).toEqual([]);
    expect((await rows('otherAgent', agentEndpoints.agentTeamBets.path)).total).toBe(0);
  });
});
