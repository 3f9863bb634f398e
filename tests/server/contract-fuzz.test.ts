import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, type EndpointKey } from '@shared/contract/http';
import type { EndpointDef } from '@shared/contract/endpoint';
import { envelope, ErrorEnvelope } from '@shared/contract/envelope';
import { createToken, hashToken } from '@server/auth/tokens';
import { createOperatorSession } from '@server/auth/operator-sessions';
import { PENDING_ENDPOINTS } from '@server/http/pending';
import { SEED_OPERATOR } from '@server/seed/seed';
import { encryptPayload } from '../helpers/encrypt-payload';
import { createMoneyKit, type Member, type MoneyKit } from '../helpers/money-kit';
import { HOSTILE_STRINGS, requestArbitrary, toJsonSchema, type JsonSchema } from '../helpers/schema-arbitrary';
import { ACCOUNTS_TEST_ENV, solveBotCheck } from '../helpers/accounts-kit';

/**
 * Hostile input from the contract: every endpoint of the contract table gets requests generated from
 * its own zod schemas (boundary values, wrong types, huge and unicode strings, NUL, injection
 * strings; encrypted calls through the real envelope), and every answer must be an envelope, never a
 * 5xx, and a refused call must leave every table as it was. A new endpoint is fuzzed without anyone
 * adding it here. Each group of endpoints (one path family) gets FUZZ_MS_PER_GROUP milliseconds.
 */
const MS_PER_GROUP = Number(process.env.FUZZ_MS_PER_GROUP ?? 3_000);
/** Every endpoint gets at least this many requests, however slow the machine. */
const MIN_RUNS = 8;

/** 5xx answers that are honest: a call not built yet, a game whose vendor is not connected. */
const HONEST_5XX: Record<number, string[]> = { 501: ['NOT_IMPLEMENTED'], 503: ['GAME_MAINTENANCE'] };

/**
 * Refusals that write by design, each for a reason: counting a failed attempt is the refusal
 * (the lock after N failures depends on it), and a bot-check solution is spent by its first use.
 */
const REFUSAL_WRITES: { codes: string[]; tables: string[]; why: string }[] = [
  { codes: ['*'], tables: ['bot_check_uses'], why: 'a bot-check solution is single-use: spent by the call that presents it' },
  { codes: ['*'], tables: ['rate_events', 'access_locks'], why: 'attempt counters and the locks they trigger record refusals' },
  { codes: ['PAYMENT_PASSWORD_WRONG', 'PAYMENT_PASSWORD_LOCKED'], tables: ['members', 'member_profiles'], why: 'wrong payment passwords are counted on the member' },
  { codes: ['SMS_CODE_INVALID', 'SMS_CODE_EXPIRED'], tables: ['sms_codes'], why: 'wrong SMS codes are counted on the code' },
  { codes: ['TWO_FACTOR_INVALID', 'TWO_FACTOR_REQUIRED'], tables: ['two_factor_challenges', 'outbox', 'sms_codes'], why: 'wrong codes are counted; a required second factor starts a challenge' },
  { codes: ['INVALID_CREDENTIALS', 'CAPTCHA_REQUIRED', 'CAPTCHA_INVALID', 'ACCOUNT_LOCKED', 'IP_LOCKED'], tables: ['members', 'captchas'], why: 'failed logins are counted; a captcha answer is spent' },
  { codes: ['ACCOUNT_LOCKED'], tables: ['audit_log'], why: 'the failure that locks an operator name is audited (operator.locked)' },
  { codes: ['*'], tables: ['operator_sessions'], why: 'an operator call marks its session as used (idle expiry) before its input is weighed' },
];

/** Path family of an endpoint: `/wps/relay/GLS_x` → `relay GLS`, `/wps/member/password` → `/wps/member`, `/ops/games` → `/ops`. */
const groupOf = (def: EndpointDef): string => {
  const relay = /^\/wps\/relay\/([A-Z0-9]+)_/.exec(def.path);
  if (relay) return `relay ${relay[1]}`;
  const segments = def.path.split('/');
  return segments.slice(0, segments[1] === 'wps' ? 3 : 2).join('/');
};

const groups = new Map<string, EndpointKey[]>();
for (const [key, def] of Object.entries(http) as [EndpointKey, EndpointDef][]) {
  groups.set(groupOf(def), [...(groups.get(groupOf(def)) ?? []), key]);
}

const pending = new Set<string>(PENDING_ENDPOINTS);

describe('hostile input generated from the contract', () => {
  let kit: MoneyKit;
  let member: Member;
  let operatorId: number;
  let houseSession: string;
  let changeCursor = 0;
  const hints: Record<string, fc.Arbitrary<unknown>> = {};

  beforeAll(async () => {
    // Background jobs stay idle (the demo contracts' real-time salary too), so no write but the requests' can change a table.
    kit = await createMoneyKit({ LOTTERY_TICK_SECONDS: 0, JOB_INTERVAL_SECONDS: 3600, REALTIME_SALARY_WINDOW_SECONDS: 36_000 }, ACCOUNTS_TEST_ENV);
    member = await kit.member();
    await kit.credit(member.id, 500_000);
    await kit.setPaymentPassword(member);
    await kit.bindBank(member);
    const launched = await kit.call('POST', '/wps/game/launchGame', { token: member.token, body: { gameCode: 'HOUSE_DICE', vassalage: 'HOUSE', freePlay: false } });
    houseSession = new URL(launched.body.value.gameUrl, 'http://host.invalid').searchParams.get('session') ?? '';
    operatorId = (await kit.t.ctx.db.selectFrom('operators').select('id').where('username', '=', SEED_OPERATOR).executeTakeFirstOrThrow()).id;
    Object.assign(hints, {
      session: fc.constant(houseSession),
      account: fc.constantFrom(member.account, 'demo'),
      fromWallet: fc.constantFrom('MAIN', 'PG'),
      toWallet: fc.constantFrom('MAIN', 'PG'),
      wallet: fc.constantFrom('MAIN', 'PG'),
      vassalage: fc.constantFrom('HOUSE', 'PG', 'TCG_SEA'),
      gameCode: fc.constantFrom('HOUSE_DICE', 'HOUSE_NEON_FRUITS', 'TCG_LOTTO_VN'),
      paymentPassword: fc.constantFrom('246810', '000000'),
      username: fc.constantFrom('demo', member.account, SEED_OPERATOR),
    });
    // The change journal: every committed insert, update and delete, table by table. A row-level
    // trigger writes in the changing transaction, so a rolled-back change leaves no trace.
    tables = (
      await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(kit.t.ctx.db)
    ).rows.map((r) => r.name);
    await sql`create table fuzz_changes (id bigserial primary key, tbl text not null)`.execute(kit.t.ctx.db);
    await sql`create function fuzz_note_change() returns trigger language plpgsql as $$ begin insert into fuzz_changes (tbl) values (TG_TABLE_NAME); return null; end $$`.execute(kit.t.ctx.db);
    for (const table of tables) {
      await sql.raw(`create trigger fuzz_note after insert or update or delete on "${table}" for each row execute function fuzz_note_change()`).execute(kit.t.ctx.db);
    }
  });
  afterAll(async () => kit?.close());

  let tables: string[] = [];
  /** Row count and checksum of every table, to check the change journal against what really changed. */
  const snapshot = async (): Promise<Map<string, string>> => {
    const query = tables
      .map((t) => `select '${t}' as t, count(*)::text || ':' || md5(coalesce(string_agg(md5(x::text), '' order by md5(x::text)), '')) as sum from "${t}" x`)
      .join(' union all ');
    const rows = (await sql.raw<{ t: string; sum: string }>(query).execute(kit.t.ctx.db)).rows;
    return new Map(rows.map((r) => [r.t, r.sum]));
  };

  const changedSince = async (cursor: number): Promise<{ tables: string[]; cursor: number }> => {
    const rows = (await sql<{ id: number; tbl: string }>`select id, tbl from fuzz_changes where id > ${cursor} order by id`.execute(kit.t.ctx.db)).rows;
    return { tables: [...new Set(rows.map((r) => r.tbl))], cursor: rows.length ? Number(rows.at(-1)!.id) : cursor };
  };

  /** A fresh session per request, so a fuzzed logout or password change never starves the next request. */
  const tokenFor = async (def: EndpointDef, choice: 'right' | 'none' | 'garbage'): Promise<string | null> => {
    if (choice === 'none') return null;
    if (choice === 'garbage') return randomBytes(24).toString('base64url');
    if (def.token === 'operator') return (await createOperatorSession(kit.t.ctx.db, operatorId, 3_600_000)).token;
    const token = createToken();
    await kit.t.ctx.db
      .insertInto('sessions')
      .values({ token_hash: hashToken(token), member_id: member.id, ip: '127.0.0.1', expires_at: new Date(Date.now() + 3_600_000) })
      .execute();
    return token;
  };

  let ipSeq = 0;
  /** Each request from its own address, so per-IP rate limits never hide a deeper answer. */
  const nextAddress = (): string => {
    ipSeq += 1;
    return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
  };
  /** How the body travels: as the contract says (sealed when encrypted), plain JSON, a forged envelope, or raw text that is not JSON. */
  type Sealing = 'sealed' | 'plain' | 'forged' | { raw: string };
  const send = async (def: EndpointDef, token: string | null, query: unknown, body: unknown, withBotCheck: boolean, sealing: Sealing) => {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    let payload: string | undefined;
    let sentBody = body;
    if (withBotCheck && body && typeof body === 'object' && !Array.isArray(body)) {
      const challenge = await kit.t.app.inject({ method: 'GET', url: '/wps/verification/challenge', remoteAddress: nextAddress() });
      expect(challenge.statusCode, `bot-check challenge refused: ${challenge.body}`).toBe(200);
      sentBody = { ...body, botCheck: await solveBotCheck(challenge.json().value) };
    }
    if (def.method !== 'GET' && typeof sealing === 'object') {
      headers['content-type'] = 'application/json';
      payload = sealing.raw;
    } else if (def.method !== 'GET' && sentBody !== undefined) {
      if (def.encrypted && sealing !== 'plain') {
        const sealed = encryptPayload(sentBody, kit.t.ctx.payloadKeys.publicKeyPem);
        // Forged: a valid-looking envelope whose MAC or key does not belong to it.
        const forged = { value: sealed.body.value, mac: sealed.body.mac.replace(/^./, (c) => (c === '0' ? '1' : '0')) };
        Object.assign(headers, sealed.headers, { 'content-type': 'application/json' });
        if (sealing === 'forged' && ipSeq % 2 === 0) headers.encryption = randomBytes(256).toString('base64');
        payload = JSON.stringify(sealing === 'forged' ? forged : sealed.body);
      } else if (def.form && typeof sentBody === 'object' && sentBody !== null && !Array.isArray(sentBody)) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = new URLSearchParams(Object.entries(sentBody).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString();
      } else {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(sentBody);
      }
    }
    const queryStrings =
      query && typeof query === 'object' && !Array.isArray(query)
        ? Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))
        : {};
    const remoteAddress = nextAddress();
    return kit.t.app.inject({
      method: def.method,
      url: def.path,
      query: queryStrings,
      headers,
      payload,
      remoteAddress,
    });
  };

  for (const [group, keys] of groups) {
    describe(group, () => {
      // The journal itself is checked once per group: every table whose rows changed (count and
      // checksum) must have journal entries, so no write escapes the per-request checks.
      let before: Map<string, string>;
      let journalStart = 0;
      beforeAll(async () => {
        before = await snapshot();
        journalStart = (await changedSince(0)).cursor;
      });
      afterAll(async () => {
        const after = await snapshot();
        const journaled = new Set((await changedSince(journalStart)).tables);
        const unjournaled = [...after].filter(([t, sum]) => before.get(t) !== sum && !journaled.has(t)).map(([t]) => t);
        expect(unjournaled, 'tables that changed without a journal entry').toEqual([]);
      });
      for (const key of keys) {
        const def: EndpointDef = http[key];
        it(`${key} (${def.method} ${def.path}) answers generated hostile input with envelopes only, no 5xx, and no change when it refuses`, async () => {
          const bodySchema: JsonSchema | null = def.body ? toJsonSchema(def.body) : null;
          const querySchema: JsonSchema | null = def.query ? toJsonSchema(def.query) : null;
          const wantsBotCheck = Boolean(bodySchema && JSON.stringify(bodySchema).includes('"botCheck"'));
          const responseEnvelope = envelope(def.response);
          let runs = 0;
          changeCursor = (await changedSince(changeCursor)).cursor;
          const property = fc.asyncProperty(
            querySchema ? requestArbitrary(querySchema, { hints }) : fc.constant(undefined),
            bodySchema ? requestArbitrary(bodySchema, { hints }) : fc.oneof(fc.constant(undefined), fc.constantFrom(...HOSTILE_STRINGS.slice(0, 8))),
            fc.constantFrom<'right' | 'none' | 'garbage'>('right', 'right', 'right', 'none', 'garbage'),
            fc.boolean(),
            fc.oneof(
              { arbitrary: fc.constantFrom<Sealing>('sealed', 'sealed', 'sealed', 'sealed', 'plain', 'forged'), weight: 9 },
              { arbitrary: fc.oneof(fc.string(), fc.constantFrom('{"a":', '\u0000', '[1,', 'null', '"x"')).map((raw): Sealing => ({ raw })), weight: 1 },
            ),
            async (query, body, tokenChoice, botCheck, sealing) => {
              runs += 1;
              const token = await tokenFor(def, tokenChoice);
              const { cursor: before } = await changedSince(changeCursor);
              const res = await send(def, token, query, body, wantsBotCheck && botCheck, sealing);
              const answer = `${res.statusCode} ${res.body.slice(0, 300)}`;
              let json: unknown;
              expect(() => (json = JSON.parse(res.body)), `not JSON: ${answer}`).not.toThrow();
              if (res.statusCode >= 500) {
                expect(HONEST_5XX[res.statusCode] ?? [], answer).toContain((json as { code?: string }).code);
                if (res.statusCode === 501) expect(pending.has(key), answer).toBe(true);
              }
              if (res.statusCode < 300) {
                expect(responseEnvelope.safeParse(json).success, `2xx outside the contract: ${answer}`).toBe(true);
              } else {
                expect(ErrorEnvelope.safeParse(json).success, `not the error envelope: ${answer}`).toBe(true);
                expect(res.body, answer).not.toMatch(/at .+\.(ts|js):\d+/);
                const { tables, cursor } = await changedSince(before);
                const code = (json as { code: string }).code;
                const unexplained = tables.filter(
                  (table) => !REFUSAL_WRITES.some((w) => w.tables.includes(table) && (w.codes.includes('*') || w.codes.includes(code))),
                );
                expect(unexplained, `refused (${answer}) yet changed rows`).toEqual([]);
                changeCursor = cursor;
              }
              changeCursor = (await changedSince(changeCursor)).cursor;
            },
          );
          // Batches until the time is spent: each batch is awaited whole, so no request outlives its test.
          const deadline = Date.now() + Math.max(400, Math.floor(MS_PER_GROUP / keys.length));
          while (runs < MIN_RUNS || Date.now() < deadline) await fc.assert(property, { numRuns: 4 });
        }, 120_000);
      }
    });
  }

  it('leaves the ledger balanced and no member wallet below zero after all of it', async () => {
    const sum = await kit.t.ctx.db.selectFrom('ledger_postings').select(sql<number>`coalesce(sum(amount), 0)`.as('s')).executeTakeFirstOrThrow();
    expect(Number(sum.s)).toBe(0);
    const negative = await kit.t.ctx.db.selectFrom('ledger_accounts').select('id').where('member_id', 'is not', null).where('balance', '<', 0).execute();
    expect(negative).toEqual([]);
  });

  it('covers every endpoint of the contract', () => {
    expect([...groups.values()].flat().sort()).toEqual(Object.keys(http).sort());
  });
});
