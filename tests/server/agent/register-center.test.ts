import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/test-app';
import { Caller, DEMO_PASSWORD, freshUsername, registerPlayer, startAccountsApp } from '../../helpers/accounts-kit';

const REGISTER = '/wps/agent/register';

describe('register center (registerCenter): the player registration, placed in the agent\'s downline', () => {
  let t: TestApp;
  let agent: Caller;
  beforeAll(async () => {
    t = await startAccountsApp({ TWO_FACTOR_NEW_IP: 'false' });
    agent = new Caller(t);
    expect((await agent.login('agent', 'Agent#2026pass', { site: 'agent' })).status).toBe(200);
  });
  afterAll(async () => t.close());

  /** The agent's session from an address of its own: each registration's SMS code request is throttled per address. */
  const agentAt = () => {
    const c = new Caller(t);
    c.token = agent.token;
    return c;
  };

  const count = async () => Number((await t.ctx.db.selectFrom('members').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('[AGENT-09] registers a direct member: in the downline at once, able to log in, with no session handed to the agent', async () => {
    // An affiliate code in the payload is ignored: the calling agent is the upline.
    const { reply, username, password } = await registerPlayer(agentAt(), { affiliateCode: 'SOMEONEELSE', nickname: 'Center Kid' }, REGISTER);
    expect(reply.status).toBe(200);
    expect(reply.body.value).toMatchObject({ account: username, nickname: 'Center Kid', kind: 'MEMBER', type: 0, level: 1, uplineAccount: 'agent', balance: 0, teamSize: 0 });
    expect(reply.body.value).not.toHaveProperty('session');
    const list = await agent.call('GET', '/wps/agent/downline', { query: { account: username } });
    expect(list.body.value.list.map((r: { account: string }) => r.account)).toEqual([username]);
    const created = await t.ctx.db.selectFrom('members').select('id').where('account', '=', username).executeTakeFirstOrThrow();
    expect(await t.ctx.db.selectFrom('sessions').select('token_hash').where('member_id', '=', created.id).execute()).toEqual([]);
    // The agent's address is not the new member's trusted address.
    expect(await t.ctx.db.selectFrom('member_ips').select('ip').where('member_id', '=', created.id).execute()).toEqual([]);

    const kid = new Caller(t);
    expect((await kid.login(username, password)).status).toBe(200);
  });

  it('[AGENT-09] [AGENT-13] registers a sub-agent (type 1) with its own invitation code, who can sign in at the agent site', async () => {
    const { reply, username, password } = await registerPlayer(agentAt(), { accountKind: 'AGENT' }, REGISTER);
    expect(reply.body.value).toMatchObject({ account: username, kind: 'AGENT', type: 1, level: 1 });
    const sub = new Caller(t);
    expect((await sub.login(username, password, { site: 'agent' })).status).toBe(200);
    const referral = (await sub.call('GET', '/wps/agent/referral')).body.value;
    expect(referral.affiliateCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);

    // Whoever registers with that code lands under the sub-agent, two levels below agent.
    const visitor = new Caller(t);
    const { reply: joined, username: grandchild } = await registerPlayer(visitor, { affiliateCode: referral.affiliateCode });
    expect(joined.status).toBe(200);
    const seen = await agent.call('GET', '/wps/agent/downline', { query: { account: grandchild } });
    expect(seen.body.value.list).toEqual([expect.objectContaining({ account: grandchild, level: 2, uplineAccount: username })]);
    expect((await sub.call('GET', '/wps/agent/referral')).body.value.registeredWithCode).toBe(1);
  });

  it('[AGENT-09] keeps the player form\'s rules, bot-check and encryption, and creates nothing when they fail', async () => {
    const before = await count();
    const tooShort = await registerPlayer(agentAt(), { username: 'ab' }, REGISTER);
    expect([tooShort.reply.status, tooShort.reply.body.code]).toEqual([400, 'VALIDATION']);
    expect(tooShort.reply.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'username' })]));
    const mismatch = await registerPlayer(agentAt(), { confirmPassword: 'Other#2026pass' }, REGISTER);
    expect(mismatch.reply.body.code).toBe('VALIDATION');
    const noBotCheck = await registerPlayer(agentAt(), { botCheck: '' }, REGISTER);
    expect(noBotCheck.reply.body.code).toBe('BOT_CHECK_REQUIRED');
    const taken = await registerPlayer(agentAt(), { username: 'demo' }, REGISTER);
    expect([taken.reply.status, taken.reply.body.code]).toEqual([409, 'USERNAME_TAKEN']);
    const plain = await agent.call('PUT', REGISTER, {
      body: { username: freshUsername(), password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD, termsAccepted: true, ageConfirmed: true, botCheck: await agent.botCheck() },
    });
    expect([plain.status, plain.body.code]).toEqual([400, 'BAD_ENVELOPE']);
    expect(await count()).toBe(before);
  });
});
