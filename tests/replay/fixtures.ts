import { randomUUID } from 'node:crypto';
import { SEED_OPERATOR } from '@server/seed/seed';
import { DEMO_ACCOUNTS } from '@server/seed/seed-accounts';
import type { DownlineMember } from '@shared/contract/agent';
import { createHttpClient, type HttpClient } from '../helpers/http-client';

/** The operator password the replay's server runs with. */
export const REPLAY_OPERATOR_PASSWORD = 'replay-Operator#2026';

/** A player the replay made for one path, through the same calls a person registering makes. */
export interface ReplayPlayer {
  username: string;
  password: string;
  mobileNum: string;
  email: string | null;
  /** The address it registered from (a login from there needs no second factor); null when its upline registered it. */
  homeIp: string | null;
}

interface RegistrationOptions {
  password?: string;
  email?: string;
  payeeName?: string;
  username?: string;
  mobileNum?: string;
  affiliateCode?: string;
}

const COUNTRY = '84';

/**
 * What a replay arranges on the real server, through its public API (as a person would) and the
 * operator API (as an operator would); never by reaching into the client. Each path gets addresses
 * and mobile numbers of its own, so per-address limits and registries never cross paths.
 */
export const createFixtures = async (baseUrl: string) => {
  const operatorClient = createHttpClient(baseUrl);
  const operatorToken = await operatorClient.operatorLogin(SEED_OPERATOR, REPLAY_OPERATOR_PASSWORD);
  let sequence = 0;
  /** When each number last got a code: the server makes it wait SMS_NUMBER_COOLDOWN_SECONDS for the next. */
  const codeSentAt = new Map<string, number>();
  const next = () => (sequence += 1);
  const runTag = Date.now().toString(36).slice(-4);
  const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  // The demo agent always speaks from one address: its first login registers it, so no later one asks for a second factor.
  const agentClient = createHttpClient(baseUrl, { headers: { 'x-forwarded-for': addressOf(next()) } });
  let agentToken: Promise<string> | null = null;

  const ops = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, options: { body?: unknown; query?: Record<string, string | number> } = {}) => {
    const res = await operatorClient.call<T>(method, path, { token: operatorToken, ...options });
    if (res.status !== 200) throw new Error(`operator ${method} ${path}: ${res.status} ${res.body.code} ${res.body.message}`);
    return res.body.value;
  };

  const clientFrom = (ip: string): HttpClient => createHttpClient(baseUrl, { headers: { 'x-forwarded-for': ip } });

  /** The newest code sent to this recipient through the dev outbox, read the way an operator reads it. */
  const latestCode = async (channel: 'sms' | 'email', recipient: string): Promise<string> => {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const messages = await ops<{ body: string }[]>('GET', '/ops/outbox', { query: { channel, recipient, limit: 1 } });
      const code = /\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1];
      if (code) return code;
      if (Date.now() > deadline) throw new Error(`no ${channel} code for ${recipient} in the outbox`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  const expectOk = <T>(what: string, res: { status: number; body: { code: string; message: string; value: T } }): T => {
    if (res.status !== 200) throw new Error(`${what}: ${res.status} ${res.body.code} ${res.body.message}`);
    return res.body.value;
  };

  /**
   * What a registration form sends, the SMS code read from the outbox: asked for from `client`
   * (the registering person's browser, or the agent's register center).
   */
  const registration = async (client: HttpClient, homeIp: string | null, options: RegistrationOptions) => {
    const mobileNum = options.mobileNum ?? `8${String(Date.now() % 10_000).padStart(4, '0')}${String(next()).padStart(4, '0')}`;
    expectOk('registration code', await client.call('POST', '/wps/verification/sms/register', { body: { countryDialingCode: COUNTRY, mobileNo: mobileNum, botCheck: await client.botCheck() } }));
    codeSentAt.set(mobileNum, Date.now());
    const verificationCode = await latestCode('sms', `${COUNTRY}${mobileNum}`);
    const username = options.username ?? `rp${runTag}${next()}`;
    const password = options.password ?? 'Replay#2026pass';
    const body = {
      username,
      password,
      confirmPassword: password,
      mobileNum,
      countryDialingCode: COUNTRY,
      verificationCode,
      ...(options.email ? { email: options.email } : {}),
      ...(options.payeeName ? { payeeName: options.payeeName } : {}),
      termsAccepted: true,
      ageConfirmed: true,
      registerMethod: 'WEB',
    };
    return { body, player: { username, password, mobileNum, email: options.email ?? null, homeIp } };
  };

  /**
   * The seeded demo agent's calls, as its own agent center makes them: `method path` with its
   * session (logged in once, from its one address).
   */
  const asAgent = async <T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: { body?: unknown; query?: Record<string, string | number>; encrypted?: boolean } = {},
  ): Promise<T> => {
    agentToken ??= agentClient.login(DEMO_ACCOUNTS.agent.account, DEMO_ACCOUNTS.agent.password);
    return expectOk(`agent ${method} ${path}`, await agentClient.call<T>(method, path, { token: await agentToken, ...options }));
  };

  return {
    /** An address of its own for a path's browser or API calls (the server trusts X-Forwarded-For here). */
    freshIp: () => addressOf(next()),
    freshMobile: () => `9${String(Date.now() % 10_000).padStart(4, '0')}${String(next()).padStart(4, '0')}`,
    freshUsername: (prefix = 'rp') => `${prefix}${runTag}${next()}`,
    clientFrom,
    ops,
    latestSmsCode: (mobileNum: string) => latestCode('sms', `${COUNTRY}${mobileNum}`),
    /** Waits until the number may get another code (the replay's server: 5 s after the last). */
    smsCooldown: async (mobileNum: string, cooldownMs = 5_500) => {
      const wait = (codeSentAt.get(mobileNum) ?? 0) + cooldownMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      codeSentAt.set(mobileNum, Date.now());
    },
    latestEmailCode: (email: string) => latestCode('email', email),

    /** Registers a player from `ip` with the SMS code from the outbox; `password` may be the default one that forces a change. */
    registerPlayer: async (ip: string, options: RegistrationOptions = {}): Promise<ReplayPlayer> => {
      const client = clientFrom(ip);
      const { body, player } = await registration(client, ip, options);
      expectOk(
        `registration of ${player.username}`,
        await client.call('PUT', '/wps/member/register', {
          encrypted: true,
          body: { ...body, ...(options.affiliateCode ? { affiliateCode: options.affiliateCode } : {}), login: false, botCheck: await client.botCheck() },
        }),
      );
      return player;
    },

    /**
     * The demo agent registers a sub-agent in its register center (its agent API, from its one
     * address): an agent whose upline is the demo agent. Its first login registers the address it
     * logs in from, so that one needs no second factor.
     */
    registerSubAgent: async (): Promise<ReplayPlayer & DownlineMember> => {
      const { body, player } = await registration(agentClient, null, {});
      const member = await asAgent<DownlineMember>('PUT', '/wps/agent/register', {
        encrypted: true,
        body: { ...body, accountKind: 'AGENT', botCheck: await agentClient.botCheck() },
      });
      return { ...player, ...member };
    },

    /** Failed logins of `username` from `ip`: after three in a row the server demands the captcha (AUTH-10). */
    failLogins: async (ip: string, username: string, times: number) => {
      const client = clientFrom(ip);
      for (let i = 0; i < times; i += 1) {
        const res = await client.call('POST', '/wps/session/login', {
          encrypted: true,
          body: { type: 'username', username, password: 'Not#theRight1', botCheck: await client.botCheck() },
        });
        if (res.body.code !== 'INVALID_CREDENTIALS') throw new Error(`a wrong password of ${username} answered ${res.body.code}`);
      }
    },

    /** Logs in through the API from `ip` and returns the session token. */
    login: (ip: string, player: Pick<ReplayPlayer, 'username' | 'password'>) => clientFrom(ip).login(player.username, player.password),

    asAgent,

    /** An operator credits a player's main wallet (an audited balance adjustment). */
    credit: (username: string, amount: number) => ops('POST', '/ops/balance-adjustments', { body: { account: username, amount, reason: 'path replay', requestId: randomUUID() } }),
  };
};

export type Fixtures = Awaited<ReturnType<typeof createFixtures>>;
