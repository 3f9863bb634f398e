import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { encryptPayload } from './encrypt-payload';
import { operatorCode } from './operator-code';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface HttpReply<T = any> {
  status: number;
  body: { success: boolean; code: string; message: string; value: T; details?: unknown };
  headers: Headers;
}

export interface HttpCallOptions {
  token?: string | null;
  body?: unknown;
  query?: Record<string, string | number>;
  encrypted?: boolean;
  headers?: Record<string, string>;
  /** Gives up after this long (a hung server is a failure, not a stuck test). */
  timeoutMs?: number;
}

/**
 * A client of a server over real HTTP (a spawned process, or one listening on a port): envelopes,
 * bearer tokens, the hybrid encryption of encrypted calls and the proof-of-work bot-check, as the
 * browser does them. `defaults.headers` go with every call (a proxy's X-Forwarded-For, say). Spawned servers in tests run with a cheap bot-check (SHA-256, cost 1).
 */
export const createHttpClient = (
  baseUrl: string,
  defaults: {
    headers?: Record<string, string>;
    /** The server's payload key when already known (a tab that loaded the site configuration once), else fetched. */
    publicKeyPem?: string;
    /** Another transport with fetch's signature (benches: one lighter on the CPU the server shares). */
    fetch?: (url: URL, init: RequestInit) => Promise<Pick<Response, 'status' | 'text' | 'headers'>>;
  } = {},
) => {
  let publicKeyPem: string | null = defaults.publicKeyPem ?? null;
  const send = defaults.fetch ?? fetch;

  const call = async <T = any>(method: Method, path: string, options: HttpCallOptions = {}): Promise<HttpReply<T>> => {
    const headers: Record<string, string> = { ...(defaults.headers ?? {}), ...(options.headers ?? {}) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      if (options.encrypted) {
        publicKeyPem ??= (await call<{ payloadPublicKey: string }>('GET', '/wps/system/permission')).body.value.payloadPublicKey;
        const sealed = encryptPayload(options.body, publicKeyPem);
        Object.assign(headers, sealed.headers);
        payload = JSON.stringify(sealed.body);
      } else {
        payload = JSON.stringify(options.body);
      }
    }
    const url = new URL(path, baseUrl);
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, String(v));
    const res = await send(url, { method, headers, body: payload, signal: AbortSignal.timeout(options.timeoutMs ?? 15_000) });
    const text = await res.text();
    let body: HttpReply<T>['body'];
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${path}: ${res.status} answered a body that is not JSON: ${text.slice(0, 200)}`);
    }
    return { status: res.status, body, headers: res.headers };
  };

  const botCheck = async (): Promise<string> => {
    const res = await call<Challenge>('GET', '/wps/verification/challenge');
    if (res.status !== 200) throw new Error(`no bot-check challenge: ${res.status} ${res.body.code}`);
    const challenge = res.body.value;
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error('bot-check challenge not solved');
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  };

  /** Signs in by username and password; returns the session token. */
  const login = async (username: string, password: string): Promise<string> => {
    const res = await call<{ token: string }>('POST', '/wps/session/login', {
      encrypted: true,
      body: { type: 'username', username, password, botCheck: await botCheck() },
    });
    if (res.status !== 200) throw new Error(`login of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.value.token;
  };

  /** Signs the operator in (the code of `totpSecret`, the dev-only one by default); returns the operator token. */
  const operatorLogin = async (username: string, password: string, totpSecret?: string): Promise<string> => {
    const res = await call<{ token: string }>('POST', '/ops/session', { body: { username, password, code: await operatorCode(totpSecret) } });
    if (res.status !== 200) throw new Error(`operator login failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.value.token;
  };

  return { baseUrl, call, botCheck, login, operatorLogin };
};

export type HttpClient = ReturnType<typeof createHttpClient>;
