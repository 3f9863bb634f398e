import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { ContractKind } from '@shared/contract/contracts';
import { http, type EndpointKey } from '@shared/contract/http';
import type { EndpointDef } from '@shared/contract/endpoint';
import { AGENT_TYPES, TRIAL_TYPE } from '@shared/contract/socket';
import { createToken, hashToken } from '@server/auth/tokens';
import { createOperatorSession } from '@server/auth/operator-sessions';
import { PENDING_ENDPOINTS } from '@server/http/pending';
import { settleContracts, SETTLEMENT_GRACE_MS } from '@server/services/contracts/settlement';
import { SEED_OPERATOR } from '@server/seed/seed';
import { flushRegionBlocks } from '@server/services/system/region-blocks';
import { writeSetting } from '@server/services/system/site-settings';
import { encryptPayload } from '../helpers/encrypt-payload';
import { createMoneyKit, PAYMENT_PASSWORD, type Member, type MoneyKit } from '../helpers/money-kit';
import { plausibleArbitrary, toJsonSchema } from '../helpers/schema-arbitrary';
import { ACCOUNTS_TEST_ENV } from '../helpers/accounts-kit';
import { DAILY, DIVIDEND, giveContract, HOURLY, REALTIME, type TreeMember } from './contracts/contracts-kit';

const HOUR = 3_600_000;

/**
 * The authorization matrix: every endpoint of the contract table, called as each of eight roles with
 * a valid request, against the answer its metadata promises. The cast stands on a real agent tree:
 * upline (a top-level agent) → agent → player; the other agent heads another branch and the other
 * player is in nobody's downline. The upline holds every kind of contract from the platform and has
 * given each to the agent, the agent has given the player a real-time salary agreement, and that
 * agreement has a settled bill; the calls that name a member, a contract or a bill name the player's. Expectations come from the endpoint's
 * `token` (none/optional: anyone; member: a member session; operator: an operator session), its
 * `audience` (real: no trial accounts; agent: agents only), `downlineScoped`, and the player-owned
 * resources below; EXCEPTIONS lists, with reasons, the cells that differ. A new endpoint joins the
 * matrix by being in the contract.
 */
const ROLES = ['guest', 'trial', 'player', 'other player', 'agent', 'other agent', 'upline', 'operator'] as const;
type Role = (typeof ROLES)[number];

/** What a cell must show: `allowed` (the call is served: any answer but 401/403), `owner` (served with 2xx), or a refusal status. */
type Expectation = 'allowed' | 'owner' | 401 | 403 | 404;

/** Codes that refuse the caller for who it is (401 class) or for what it is (403 class); other 401/403s are business answers. */
const WHO_CODES = ['UNAUTHORIZED', 'SESSION_EXPIRED', 'SIGNATURE_INVALID'];
const WHAT_CODES = ['TRIAL_ACCOUNT', 'NOT_AGENT', 'NOT_MEMBER', 'FORBIDDEN', 'PASSWORD_CHANGE_REQUIRED'];

/**
 * Contract answers name one contract: its two parties are served (the holder, and the offerer, who may
 * withdraw or end it), any other member is 403 FORBIDDEN whether or not the contract exists.
 */
const CONTRACT_PARTIES: Partial<Record<EndpointKey, readonly Role[]>> = {
  realtimeSalaryContractAnswer: ['player', 'agent'],
  dailySalaryContractAnswer: ['agent', 'upline'],
  hourlySalaryContractAnswer: ['agent', 'upline'],
  dividendContractAnswer: ['agent', 'upline'],
};

/** Cells that differ from what the metadata alone says, with why. */
const EXCEPTIONS: Partial<Record<EndpointKey, { roles: readonly Role[] | 'all'; expect: Expectation; why: string }>> = {
  walletBalance: { roles: 'all', expect: 401, why: 'seamless wallet: only a vendor-signed call is served, no member or operator token opens it' },
  walletDebit: { roles: 'all', expect: 401, why: 'seamless wallet: vendor-signed calls only' },
  walletCredit: { roles: 'all', expect: 401, why: 'seamless wallet: vendor-signed calls only' },
  walletRollback: { roles: 'all', expect: 401, why: 'seamless wallet: vendor-signed calls only' },
  depositWebhook: { roles: 'all', expect: 401, why: 'payment-provider webhook: HMAC-signed calls only' },
  agentContractOffer: {
    roles: ['upline'],
    expect: 403,
    why: 'contracts are offered to direct members only: the player is in the upline\'s downline, but two levels down (403 FORBIDDEN)',
  },
  markMessagesRead: {
    roles: ['other player', 'agent', 'other agent', 'upline'],
    expect: 'allowed',
    why: "marks only the caller's own messages: another member's ids are ignored (the player's message stays unread, checked below)",
  },
};

/** Player-owned resources a request names: only the player is served, anyone else is told it does not exist. */
const OWNED: readonly EndpointKey[] = ['removeBankAccount', 'withdrawalConfirm'];

const AGENT_ROLES: readonly Role[] = ['agent', 'other agent', 'upline'];
const MEMBER_ROLES: readonly Role[] = ['trial', 'player', 'other player', ...AGENT_ROLES];

const expectationOf = (key: EndpointKey, def: EndpointDef, role: Role): Expectation => {
  const exception = EXCEPTIONS[key];
  if (exception && (exception.roles === 'all' || exception.roles.includes(role))) return exception.expect;
  if (def.token === 'operator') return role === 'operator' ? 'allowed' : 401;
  if (def.token !== 'member' && def.token !== 'agent') return 'allowed';
  if (!MEMBER_ROLES.includes(role)) return 401;
  const audience = def.token === 'agent' ? 'agent' : def.audience;
  if (role === 'trial' && audience) return 403;
  if (audience === 'agent' && !AGENT_ROLES.includes(role)) return 403;
  // A downline-scoped call names the agent's downline: the agent and its upline are served, another agent is not.
  if (def.downlineScoped) return role === 'agent' || role === 'upline' ? 'allowed' : 403;
  const parties = CONTRACT_PARTIES[key];
  if (parties) return parties.includes(role) ? 'allowed' : 403;
  if (OWNED.includes(key)) return role === 'player' ? 'owner' : 404;
  return 'allowed';
};

type Answer = { status: number; code: string; message: string };
const classify = (answer: Answer): Expectation => {
  if (answer.status === 401 && WHO_CODES.includes(answer.code)) return 401;
  if (answer.status === 403 && WHAT_CODES.includes(answer.code)) return 403;
  if (answer.status === 404) return 404;
  return 'allowed';
};
const meets = (expectation: Expectation, answer: Answer): boolean => {
  if (answer.status >= 500 && !(answer.status === 501 && answer.code === 'NOT_IMPLEMENTED') && answer.code !== 'GAME_MAINTENANCE') return false;
  const seen = classify(answer);
  if (expectation === 'owner') return answer.status < 300;
  // A served call may still answer 404 for a thing it does not know (a game code, a username).
  if (expectation === 'allowed') return seen === 'allowed' || seen === 404;
  return seen === expectation;
};

describe('authorization matrix: every contract endpoint × every role', () => {
  let kit: MoneyKit;
  const cast = {} as Record<Exclude<Role, 'guest' | 'operator'>, Member>;
  let operatorId: number;
  let bankAccountId: number;
  let withdrawalId: string;
  let playerMessageId: number;
  const hints: Record<string, fc.Arbitrary<unknown>> = {};
  /** Calls whose member is optional are asked about the player, so every cell names it (a drawn request may leave it out). */
  const fixedQueries: Partial<Record<EndpointKey, Record<string, unknown>>> = {};
  /** Calls that name one contract are asked about the cast's contract of that kind. */
  const fixedBodies: Partial<Record<EndpointKey, Record<string, unknown>>> = {};

  beforeAll(async () => {
    kit = await createMoneyKit({ LOTTERY_TICK_SECONDS: 0, JOB_INTERVAL_SECONDS: 3600, REALTIME_SALARY_WINDOW_SECONDS: 3600 }, ACCOUNTS_TEST_ENV);
    const { ctx } = kit.t;
    cast.trial = await kit.member(TRIAL_TYPE);
    cast.player = await kit.member();
    cast['other player'] = await kit.member();
    cast.agent = await kit.member(AGENT_TYPES[0]);
    cast['other agent'] = await kit.member(AGENT_TYPES[0]);
    cast.upline = await kit.member(AGENT_TYPES[0]);
    // The tree: a profile naming the upline places a member in it (the trigger keeps the closure).
    const placeUnder = async (member: Member, upline: Member) =>
      ctx.db
        .insertInto('member_profiles')
        .values({ member_id: member.id, upline_id: upline.id, register_method: 'TEST', register_ip: '', details: '{}' })
        .onConflict((oc) => oc.column('member_id').doUpdateSet({ upline_id: upline.id }))
        .execute();
    await placeUnder(cast.agent, cast.upline);
    await placeUnder(cast.player, cast.agent);
    for (const m of Object.values(cast)) await kit.credit(m.id, 100_000);
    for (const m of [cast.agent, cast.upline, cast['other agent']]) await kit.setPaymentPassword(m);
    operatorId = (await ctx.db.selectFrom('operators').select('id').where('username', '=', SEED_OPERATOR).executeTakeFirstOrThrow()).id;

    // Contracts: the platform gives the upline (and the other agent) each kind, the upline gives them
    // to the agent, the agent gives the player a real-time agreement; three hours ago, so a window settles.
    const tree = (m: Member): TreeMember => ({ ...m, uplineId: null, type: AGENT_TYPES[0] });
    const since = new Date(Math.floor(Date.now() / HOUR) * HOUR - 3 * HOUR);
    const agentContracts: Partial<Record<ContractKind, number>> = {};
    for (const offer of [REALTIME, DAILY, HOURLY, DIVIDEND]) {
      await giveContract(ctx, null, tree(cast.upline), offer, since);
      agentContracts[offer.kind] = await giveContract(ctx, tree(cast.upline), tree(cast.agent), offer, since);
      await giveContract(ctx, null, tree(cast['other agent']), offer, since);
    }
    const agreement = await giveContract(ctx, tree(cast.agent), tree(cast.player), { ...REALTIME, profitRate: 0.1 }, since);
    await settleContracts(ctx, ['REALTIME'], new Date(since.getTime() + HOUR + SETTLEMENT_GRACE_MS));
    const bill = await ctx.db.selectFrom('contract_bills').select('id').where('contract_id', '=', agreement).executeTakeFirstOrThrow();
    fixedQueries.agentContractBill = { billId: bill.id };
    // R on a valid contract is refused as the wrong state, after the party check: the cast's contracts stay as they are.
    const answer = (contractId: number | undefined) => ({ contractId: String(contractId), status: 'R' });
    fixedBodies.realtimeSalaryContractAnswer = answer(agreement);
    fixedBodies.dailySalaryContractAnswer = answer(agentContracts.DAILY);
    fixedBodies.hourlySalaryContractAnswer = answer(agentContracts.HOURLY);
    fixedBodies.dividendContractAnswer = answer(agentContracts.DIVIDEND);
    fixedBodies.agentContractOffer = { ...REALTIME, profitRate: 0.05, memberId: cast.player.id };

    // The player's own things, which other members' requests name.
    const player = cast.player;
    await kit.setPaymentPassword(player);
    bankAccountId = await kit.bindBank(player);
    const requested = await kit.call('POST', '/wps/relay/PAY_withdraw', {
      token: player.token,
      body: { bankAccountId, amount: 100, paymentPassword: PAYMENT_PASSWORD, requestId: randomUUID() },
    });
    withdrawalId = requested.body.value.withdrawalId;
    await kit.ops('POST', '/ops/withdrawals/approve', { body: { withdrawalId } });
    await kit.ops('POST', '/ops/withdrawals/disburse', { body: { withdrawalId } });
    const sent = await kit.ops('POST', '/ops/messages', { body: { accounts: [player.account], title: 'Matrix', content: 'For the matrix' } });
    playerMessageId = sent.body.value.sent[0].messageId;
    const launched = await kit.call('POST', '/wps/game/launchGame', { token: player.token, body: { gameCode: 'HOUSE_DICE', vassalage: 'HOUSE', freePlay: false } });
    const houseSession = new URL(launched.body.value.gameUrl, 'http://host.invalid').searchParams.get('session') ?? '';

    Object.assign(hints, {
      session: fc.constant(houseSession),
      account: fc.constant(player.account),
      accounts: fc.constant([player.account]),
      username: fc.constant(player.account),
      fromWallet: fc.constant('MAIN'),
      toWallet: fc.constant('PG'),
      wallet: fc.constant('MAIN'),
      amount: fc.constant(1),
      stake: fc.constant(1),
      vassalage: fc.constant('HOUSE'),
      gameCode: fc.constant('HOUSE_DICE'),
      paymentPassword: fc.constant(PAYMENT_PASSWORD),
      bankAccountId: fc.constant(bankAccountId),
      withdrawalId: fc.constant(withdrawalId),
      outcome: fc.constant('RECEIVED'),
      messageIds: fc.constant([playerMessageId]),
      kind: fc.constant('country'),
      value: fc.constant('ZZ'),
      on: fc.constant(false),
      memberId: fc.constant(player.id),
    });
    for (const key of ['agentContracts', 'agentDividendRecords', 'agentDailyWages', 'agentHourlySalary', 'agentRealtimeSalary'] as const) {
      fixedQueries[key] = { memberId: player.id };
    }
  }, 120_000);
  afterAll(async () => kit?.close());

  /** One valid request per endpoint, drawn from its schema (with the fixtures above for named fields). */
  const validSample = (schema: z.ZodType | undefined, what: string): unknown => {
    if (!schema) return undefined;
    const candidates = fc.sample(plausibleArbitrary(toJsonSchema(schema), { hints }), { numRuns: 300, seed: 20261125 });
    const valid = candidates.find((c) => schema.safeParse(c).success);
    if (valid === undefined) throw new Error(`no valid ${what} could be drawn from the schema: give it a hint`);
    return valid;
  };

  const tokenOf = async (role: Role): Promise<string | null> => {
    if (role === 'guest') return null;
    if (role === 'operator') return (await createOperatorSession(kit.t.ctx.db, operatorId, 3_600_000)).token;
    // A fresh session per cell, so a logout or a password change in one cell never spills into the next.
    const token = createToken();
    await kit.t.ctx.db
      .insertInto('sessions')
      .values({ token_hash: hashToken(token), member_id: cast[role].id, ip: '127.0.0.1', expires_at: new Date(Date.now() + 3_600_000) })
      .execute();
    return token;
  };

  let ipSeq = 0;
  const callAs = async (key: EndpointKey, role: Role): Promise<Answer> => {
    const def: EndpointDef = http[key];
    const body = fixedBodies[key] ?? validSample(def.body, `${key} body`);
    const query = fixedQueries[key] ?? (validSample(def.query, `${key} query`) as Record<string, unknown> | undefined);
    const token = await tokenOf(role);
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    let payload: string | undefined;
    if (body !== undefined) {
      headers['content-type'] = def.form ? 'application/x-www-form-urlencoded' : 'application/json';
      if (def.encrypted) {
        const sealed = encryptPayload(body, kit.t.ctx.payloadKeys.publicKeyPem);
        Object.assign(headers, sealed.headers);
        payload = JSON.stringify(sealed.body);
      } else {
        payload = def.form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body);
      }
    }
    ipSeq += 1;
    const res = await kit.t.app.inject({
      method: def.method,
      url: def.path,
      headers,
      payload,
      query: Object.fromEntries(Object.entries(query ?? {}).map(([k, v]) => [k, String(v)])),
      remoteAddress: `10.9.${(ipSeq >> 8) & 255}.${ipSeq & 255}`,
    });
    // Site-wide switches a served operator call may have flipped go back, so the next cell meets the same site.
    await writeSetting(kit.t.ctx.db, 'maintenance', false);
    await kit.t.ctx.db.deleteFrom('region_blocks').execute();
    flushRegionBlocks(kit.t.ctx.db);
    const json = res.json() as { code?: string; message?: string };
    return { status: res.statusCode, code: json.code ?? '', message: json.message ?? '' };
  };

  it('answers every cell as the endpoint’s metadata and the exceptions say, and prints the matrix', async () => {
    const keys = Object.keys(http) as EndpointKey[];
    const rows: string[] = [];
    const unexpected: string[] = [];
    for (const key of keys) {
      const def: EndpointDef = http[key];
      const cells: string[] = [];
      for (const role of ROLES) {
        const expectation = expectationOf(key, def, role);
        const answer = await callAs(key, role);
        const ok = meets(expectation, answer);
        cells.push(`${answer.status}${ok ? ' ' : '!'}`);
        if (!ok) unexpected.push(`${key} as ${role}: expected ${expectation}, got ${answer.status} ${answer.code} (${answer.message})`);
      }
      rows.push(`${key.padEnd(34)} ${def.token.padEnd(8)} ${(def.audience ?? '').padEnd(5)} ${cells.map((c) => c.padEnd(13)).join('')}`);
    }
    const header = `${'endpoint'.padEnd(34)} ${'token'.padEnd(8)} ${'aud.'.padEnd(5)} ${ROLES.map((r) => r.padEnd(13)).join('')}`;
    console.info(
      `authorization matrix: ${keys.length} endpoints × ${ROLES.length} roles = ${keys.length * ROLES.length} cells (! marks an unexpected cell)\n${header}\n${rows.join('\n')}`,
    );
    expect(unexpected).toEqual([]);
    // Pending calls are refused the same way for everyone they would serve.
    expect(PENDING_ENDPOINTS.every((k) => keys.includes(k))).toBe(true);
  }, 300_000);

  it('a member marking another member’s message read leaves it unread', async () => {
    const sent = await kit.ops('POST', '/ops/messages', { body: { accounts: [cast.player.account], title: 'Private', content: 'Only for the player' } });
    const messageId = sent.body.value.sent[0].messageId as number;
    const res = await kit.call('POST', '/wps/relay/CSP_markRead', { token: cast['other player'].token, body: { messageIds: [messageId] } });
    expect(res.status).toBe(200);
    const row = await kit.t.ctx.db.selectFrom('messages').select('read_at').where('id', '=', messageId).executeTakeFirstOrThrow();
    expect(row.read_at).toBeNull();
  });
});
