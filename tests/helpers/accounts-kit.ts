import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { AppContext } from '@server/app-context';
import { flushSettingsCache } from '@server/services/system/site-settings';
import { createTestApp, type TestApp } from './test-app';
import { encryptPayload } from './encrypt-payload';

/** A cheap bot-check, so each test solves it in milliseconds the way the browser widget does. */
export const ACCOUNTS_TEST_ENV = { BOT_CHECK_ALGORITHM: 'SHA-256', BOT_CHECK_COST: '1', BOT_CHECK_MAX_COUNTER: '40' };

export const startAccountsApp = (env: NodeJS.ProcessEnv = {}): Promise<TestApp> => createTestApp({}, { ...ACCOUNTS_TEST_ENV, ...env });

/** Solves a bot-check challenge (GET /wps/verification/challenge) as the altcha widget does; returns the botCheck field. */
export const solveBotCheck = async (challenge: Challenge): Promise<string> => {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('bot-check challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
};

let ipSeq = 0;
/** A caller address of its own, so per-IP limits and the IP registry of one test never touch another's. */
export const freshIp = (): string => {
  ipSeq += 1;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};

export interface Reply<T = unknown> {
  status: number;
  body: { success: boolean; code: string; message: string; value: T; details?: unknown };
  headers: Record<string, string | string[] | number | undefined>;
}

export interface CallOptions {
  body?: unknown;
  query?: Record<string, string>;
  token?: string | null;
  encrypted?: boolean;
  form?: boolean;
  ip?: string;
}

/** One browser: an IP, once logged in a token, and the cookies the server set (HttpOnly ones included). */
export class Caller {
  token: string | null = null;
  readonly cookies = new Map<string, string>();
  constructor(
    readonly t: TestApp,
    readonly ip: string = freshIp(),
  ) {}

  async call<T = any>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: CallOptions = {}): Promise<Reply<T>> {
    const token = options.token === undefined ? this.token : options.token;
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    let payload: string | undefined;
    if (options.body !== undefined && options.encrypted) {
      const sealed = encryptPayload(options.body, this.t.ctx.payloadKeys.publicKeyPem);
      Object.assign(headers, sealed.headers, { 'content-type': 'application/json' });
      payload = JSON.stringify(sealed.body);
    } else if (options.body !== undefined && options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(options.body as Record<string, string>).toString();
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(options.body);
    }
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await this.t.app.inject({ method, url, query: options.query, headers, payload, remoteAddress: options.ip ?? this.ip });
    for (const set of res.cookies) {
      if (set.maxAge === 0 || set.value === '') this.cookies.delete(set.name);
      else this.cookies.set(set.name, set.value);
    }
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  }

  /** Fetches a challenge and solves it, as the altcha widget does; returns the botCheck field. */
  async botCheck(): Promise<string> {
    const res = await this.call<Challenge>('GET', '/wps/verification/challenge');
    return solveBotCheck(res.body.value);
  }

  async login(username: string, password: string, extra: Record<string, unknown> = {}): Promise<Reply<any>> {
    const res = await this.call('POST', '/wps/session/login', {
      encrypted: true,
      body: { type: 'username', username, password, botCheck: await this.botCheck(), ...extra },
    });
    if (res.status === 200) this.token = res.body.value.token;
    return res;
  }
}

/** The newest SMS sent to a number (E.164 without plus) in the dev outbox, and the code in it. */
export const lastSmsCode = async (ctx: AppContext, to: string): Promise<string> => {
  const row = await ctx.db.selectFrom('outbox').select('body').where('channel', '=', 'sms').where('recipient', '=', to).orderBy('id', 'desc').executeTakeFirst();
  const code = row?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no SMS code sent to ${to}`);
  return code;
};

export const lastEmail = async (ctx: AppContext, to: string): Promise<{ subject: string | null; body: string }> => {
  const row = await ctx.db.selectFrom('outbox').select(['subject', 'body']).where('channel', '=', 'email').where('recipient', '=', to).orderBy('id', 'desc').executeTakeFirst();
  if (!row) throw new Error(`no email sent to ${to}`);
  return row;
};

export const setFlag = async (ctx: AppContext, flag: string, enabled: boolean): Promise<void> => {
  await ctx.db.updateTable('whitelabel_modules').set({ enabled }).where('mod_id', '=', flag).execute();
  // As an operator's change reaches this node within the cache's time; the test wants it at once.
  flushSettingsCache(ctx.db);
};

let numberSeq = 0;
/** A Vietnamese mobile number nobody in the test database has (9 digits, as the seeded rule wants). */
export const freshMobile = (): string => {
  numberSeq += 1;
  return `97${String(Date.now() % 10_000).padStart(4, '0')}${String(numberSeq).padStart(3, '0')}`;
};

export const DEMO_PASSWORD = 'Demo#2026pass';
export const NEW_PASSWORD = 'Fresh#2027pass';

let userSeq = 0;
export const freshUsername = (): string => {
  userSeq += 1;
  return `u${Date.now().toString(36).slice(-5)}${userSeq}`;
};

/**
 * Registers a player by username as the form does: SMS code first (REGMOBVERF3 is on in the seed).
 * `url` names another call with the same payload (the agent's register center).
 */
export const registerPlayer = async (
  c: Caller,
  fields: Record<string, unknown> = {},
  url = '/wps/member/register',
): Promise<{ reply: Reply<any>; username: string; password: string; mobileNum: string }> => {
  const username = (fields.username as string | undefined) ?? freshUsername();
  const password = (fields.password as string | undefined) ?? DEMO_PASSWORD;
  const mobileNum = (fields.mobileNum as string | undefined) ?? freshMobile();
  const sms = await c.call('POST', '/wps/verification/sms/register', { body: { countryDialingCode: '84', mobileNo: mobileNum, botCheck: await c.botCheck() } });
  if (sms.status !== 200) throw new Error(`SMS for registration refused: ${JSON.stringify(sms.body)}`);
  const verificationCode = await lastSmsCode(c.t.ctx, `84${mobileNum}`);
  const reply = await c.call('PUT', url, {
    encrypted: true,
    body: {
      username,
      password,
      confirmPassword: password,
      mobileNum,
      countryDialingCode: '84',
      verificationCode,
      termsAccepted: true,
      ageConfirmed: true,
      login: true,
      registerMethod: 'WEB',
      domain: 'demo.example',
      registerUrl: 'http://demo.example/register',
      botCheck: await c.botCheck(),
      ...fields,
    },
  });
  if (reply.status === 200 && reply.body.value.session) c.token = reply.body.value.session.token;
  return { reply, username, password, mobileNum };
};
