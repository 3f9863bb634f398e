import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { AppConfig } from '@server/config';
import { SEED_OPERATOR } from '@server/seed/seed';
import type { ClientToServerEvents, ServerEventName, ServerEventPayload, ServerToClientEvents } from '@shared/contract/socket';
import { insertMemberWithSession } from './direct-member';
import { testCredit } from './test-credit';
import { createTestApp, type TestApp } from './test-app';
import { operatorCode } from './operator-code';

export const MONEY_OPERATOR_PASSWORD = 'Test-operator#Pass1';

export interface Reply<T = any> {
  status: number;
  body: { success: boolean; code: string; message: string; value: T; details?: unknown };
}

export interface Member {
  id: number;
  token: string;
  account: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface CallOptions {
  token?: string | null;
  body?: unknown;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
  rawBody?: string;
}

export interface MoneyKit {
  t: TestApp;
  operatorToken: string;
  dataDir: string;
  call<T = any>(method: Method, url: string, options?: CallOptions): Promise<Reply<T>>;
  /** An operator call with the kit's operator token. */
  ops<T = any>(method: Method, url: string, options?: Omit<CallOptions, 'token'>): Promise<Reply<T>>;
  /** A new member with a live session (type 0 player unless given). */
  member(type?: number): Promise<Member>;
  /** Credits a member's wallet straight through the ledger (an operator adjustment), in cents. */
  credit(memberId: number, cents: number, wallet?: string): Promise<void>;
  /** Sets a member's withdrawal password through the API. */
  setPaymentPassword(member: Member, password?: string): Promise<void>;
  /** Binds a bank account through the API and returns its id. */
  bindBank(member: Member, password?: string): Promise<number>;
  /** Starts listening on a random port (once) and returns the base URL, for socket clients. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export const PAYMENT_PASSWORD = '246810';

/** A test server for the money area, with an operator signed in and uploads in a temporary directory. */
export const createMoneyKit = async (overrides: Partial<AppConfig> = {}, env: NodeJS.ProcessEnv = {}): Promise<MoneyKit> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'money-'));
  const t = await createTestApp({ OPERATOR_PASSWORD: MONEY_OPERATOR_PASSWORD, dataDir, ...overrides }, env);
  let url: string | null = null;

  const call = async <T = any>(method: Method, urlPath: string, options: CallOptions = {}): Promise<Reply<T>> => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(options.body);
    }
    const query = options.query ? Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)])) : undefined;
    const res = await t.app.inject({ method, url: urlPath, headers, payload, query });
    return { status: res.statusCode, body: res.json() };
  };

  const login = await call('POST', '/ops/session', { body: { username: SEED_OPERATOR, password: MONEY_OPERATOR_PASSWORD, code: await operatorCode() } });
  if (login.status !== 200) throw new Error(`operator login failed: ${JSON.stringify(login.body)}`);
  const operatorToken = login.body.value.token as string;

  const kit: MoneyKit = {
    t,
    operatorToken,
    dataDir,
    call,
    ops: (method, urlPath, options = {}) => call(method, urlPath, { ...options, token: operatorToken }),
    member: async (type = 0) => {
      const { id, token } = await insertMemberWithSession(t.ctx, { type });
      const row = await t.ctx.db.selectFrom('members').select('account').where('id', '=', id).executeTakeFirstOrThrow();
      return { id, token, account: row.account };
    },
    credit: (memberId, cents, wallet) => testCredit(t.ctx, memberId, cents, wallet),
    setPaymentPassword: async (member, password = PAYMENT_PASSWORD) => {
      const res = await call('POST', '/wps/relay/PAY_paymentPassword', {
        token: member.token,
        body: { newPaymentPassword: password, confirmPaymentPassword: password },
      });
      if (res.status !== 200) throw new Error(`set payment password failed: ${JSON.stringify(res.body)}`);
    },
    bindBank: async (member, password = PAYMENT_PASSWORD) => {
      const res = await call('POST', '/wps/relay/PAY_bankAccounts', {
        token: member.token,
        body: { bankName: 'Test Bank', accountName: 'TEST PLAYER', accountNo: `${Date.now()}`.slice(-10) + String(member.id).padStart(4, '0'), paymentPassword: password },
      });
      if (res.status !== 200) throw new Error(`bind bank failed: ${JSON.stringify(res.body)}`);
      return res.body.value.bankAccountId as number;
    },
    listen: async () => {
      if (!url) {
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      }
      return url;
    },
    close: async () => {
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return kit;
};

export type TypedClient = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A connected socket.io client that records every event of the given names it receives. */
export const connectRecorder = async (url: string, token: string, names: readonly ServerEventName[]) => {
  const socket: TypedClient = connectSocket(url, { auth: { token }, transports: ['websocket'], forceNew: true, reconnection: false });
  const events: { name: ServerEventName; payload: any }[] = [];
  const waiters: (() => void)[] = [];
  for (const name of names) {
    (socket as unknown as Socket).on(name, (payload: unknown) => {
      events.push({ name, payload });
      waiters.splice(0).forEach((wake) => wake());
    });
  }
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  /** Waits until an event matching `name` (and `where`) has arrived; fails after `timeoutMs`. */
  const next = async <E extends ServerEventName>(name: E, where: (p: ServerEventPayload<E>) => boolean = () => true, timeoutMs = 5_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = events.find((e) => e.name === name && where(e.payload));
      if (found) return found.payload as ServerEventPayload<E>;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${name} event within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.name))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };
  return { socket, events, next, close: () => socket.disconnect() };
};

/** How many replies had each `status code`, e.g. { '200 OK': 1, '409 PROMOTION_ENTERED': 9 }. */
export const tally = (replies: readonly { status: number; body: { code: string } }[]): Record<string, number> =>
  replies.reduce<Record<string, number>>((acc, r) => {
    const key = `${r.status} ${r.body.code}`;
    acc[key] = (acc[key] ?? 0) + 1;
    return acc;
  }, {});

/** The sum of every ledger posting (cents): double entry keeps it at 0. */
export const postingSum = async (kit: MoneyKit): Promise<number> =>
  Number((await kit.t.ctx.db.selectFrom('ledger_postings').select(sql<string>`coalesce(sum(amount), 0)`.as('s')).executeTakeFirstOrThrow()).s);
