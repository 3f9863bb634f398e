import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '@shared/contract/http';
import { SEED_OPERATOR } from '@server/seed/seed';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { operatorCode } from '../helpers/operator-code';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const METHODS: Method[] = ['GET', 'POST', 'PUT', 'DELETE'];

/** The configuration, content and operator calls this suite covers, by contract key. */
const COVERED = [
  'systemStatus',
  'systemPermission',
  'whitelabel',
  'registerSettings',
  'helpCenter',
  'domainRoute',
  'countryCodes',
  'roomList',
  'feedback',
  'operatorLogin',
  'operatorLogout',
  'opsSystemStatus',
  'opsSetMaintenance',
  'opsRegionBlocks',
  'opsAddRegionBlock',
  'opsRemoveRegionBlock',
  'opsAuditLog',
] as const satisfies readonly (keyof typeof http)[];

/** JSON-body calls, with the token they need. */
const BODY_CALLS = [
  { key: 'feedback', operator: false },
  { key: 'operatorLogin', operator: false },
  { key: 'opsSetMaintenance', operator: true },
  { key: 'opsAddRegionBlock', operator: true },
] as const;

const WRONG_TYPES: Record<(typeof BODY_CALLS)[number]['key'], object[]> = {
  feedback: [{ questionType: 1, content: 'Long enough content here' }, { questionType: 'GAME', content: ['a'] }, {}],
  operatorLogin: [{ username: 42, password: 'x', code: '123456' }, { username: 'operator', password: 'x', code: 123456 }, { username: 'operator' }, []],
  opsSetMaintenance: [{ on: 'yes' }, { on: 1 }, {}],
  opsAddRegionBlock: [{ kind: 'cidr', value: 7 }, { kind: 'country' }, { value: '10.0.0.0/8' }],
};

/** Every text field of the body calls, each carrying a NUL (PostgreSQL cannot store one). */
const NUL_BODIES: Record<(typeof BODY_CALLS)[number]['key'], object[]> = {
  feedback: [{ questionType: 'GAME', content: 'Long enough content\u0000here' }, { questionType: 'GA\u0000ME', content: 'Long enough content here' }],
  operatorLogin: [
    { username: 'a\u0000b', password: 'a', code: '123456' },
    { username: 'operator', password: 'pass\u0000word', code: '123456' },
    { username: 'operator', password: 'password', code: '123\u0000456' },
  ],
  opsSetMaintenance: [{ on: true, note: '\u0000' }],
  opsAddRegionBlock: [{ kind: 'cidr', value: '10.0.0.0/8\u0000' }, { kind: 'country', value: 'V\u0000' }],
};

describe('bad input is a 4xx envelope, never a 500', () => {
  let t: TestApp;
  let operatorToken: string;
  const headersFor = (operator: boolean) => (operator ? { authorization: `Bearer ${operatorToken}` } : {});
  const expectEnvelope = (res: { statusCode: number; json: () => unknown; body: string }, status: number, code: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, code, message: expect.any(String), value: null });
    expect(res.body).not.toMatch(/at .+\.(ts|js):\d+/);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'POST', url: '/ops/session', payload: { username: SEED_OPERATOR, password: t.ctx.config.OPERATOR_PASSWORD, code: await operatorCode() } });
    operatorToken = res.json().value.token;
  });
  afterAll(async () => t.close());

  it('answers a method a path does not take with 405 and the Allow header', async () => {
    for (const key of COVERED) {
      const path = http[key].path;
      const allowed = Object.values(http).filter((d) => d.path === path).map((d) => d.method as Method);
      for (const method of METHODS.filter((m) => !allowed.includes(m))) {
        const res = await t.app.inject({ method, url: path });
        expectEnvelope(res, 405, 'METHOD_NOT_ALLOWED');
        expect(res.headers.allow?.toString().split(', ').sort()).toEqual([...allowed].sort());
      }
    }
  });

  it('answers unknown routes with a 404 envelope', async () => {
    for (const url of ['/wps/system/nothing', '/wps/relay/NOPE_call', '/ops/nothing', '/lgw/none', '/ops/session/extra']) {
      expectEnvelope(await t.app.inject({ method: 'GET', url }), 404, 'NOT_FOUND');
    }
  });

  for (const { key, operator } of BODY_CALLS) {
    describe(`${http[key].method} ${http[key].path}`, () => {
      // Each from its own address, so the sign-in limit per address (10 in 15 minutes) stays out of these checks.
      let sent = 0;
      const send = (payload: string | object, contentType = 'application/json') =>
        t.app.inject({
          method: http[key].method,
          url: http[key].path,
          remoteAddress: `198.51.100.${(sent += 1)}`,
          headers: { ...headersFor(operator), 'content-type': contentType },
          payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
        });

      it('refuses malformed JSON with BAD_JSON', async () => {
        expectEnvelope(await send('{"questionType": "GAME", '), 400, 'BAD_JSON');
      });

      it('refuses wrong field types and missing fields with VALIDATION and the failing path', async () => {
        for (const payload of WRONG_TYPES[key]) {
          const res = await send(payload);
          expectEnvelope(res, 400, 'VALIDATION');
          expect((res.json() as { details?: unknown[] }).details?.length).toBeGreaterThan(0);
        }
      });

      it('refuses a NUL character in any text field with VALIDATION and changes nothing', async () => {
        const audited = await t.ctx.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
        for (const payload of NUL_BODIES[key]) expectEnvelope(await send(payload), 400, 'VALIDATION');
        const after = await t.ctx.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
        expect(Number(after.n)).toBe(Number(audited.n));
      });

      it('refuses an oversize body with 413', async () => {
        expectEnvelope(await send({ content: 'x'.repeat(t.ctx.config.BODY_LIMIT_BYTES + 10) }), 413, 'PAYLOAD_TOO_LARGE');
      });

      it('refuses a body that is not JSON with 415', async () => {
        expectEnvelope(await send('on=true', 'text/csv'), 415, 'UNSUPPORTED_MEDIA_TYPE');
      });
    });
  }

  it('refuses bad query parameters with VALIDATION', async () => {
    const cases: { url: string; operator: boolean }[] = [
      { url: '/wps/system/helpCenter?lang=english!', operator: false },
      { url: '/wps/system/helpCenter?device=APP', operator: false },
      { url: '/ops/region-blocks?id=abc', operator: true },
      { url: '/ops/region-blocks', operator: true },
      { url: '/ops/region-blocks?id=-4', operator: true },
      { url: '/ops/audit-log?pageNo=0', operator: true },
      { url: '/ops/audit-log?pageSize=101', operator: true },
      { url: '/ops/audit-log?pageSize=ten', operator: true },
      { url: '/wps/system/helpCenter?lang=en%00', operator: false },
    ];
    for (const { url, operator } of cases) {
      const method = url.startsWith('/ops/region-blocks') ? 'DELETE' : 'GET';
      expectEnvelope(await t.app.inject({ method, url, headers: headersFor(operator) }), 400, 'VALIDATION');
    }
  });
});
