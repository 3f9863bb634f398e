import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiCallError, createApiClient, type ApiClientOptions } from '@client/lib/api-client';
import { API_ROUTE_OVERRIDES } from '@client/config/api-routes';
import { EncryptedBody } from '@shared/contract/envelope';
import type { EndpointDef } from '@shared/contract/endpoint';
import { http, type EndpointKey } from '@shared/contract/http';
import { decryptPayload, loadPayloadKeys, type PayloadKeys } from '@server/crypto/payload-crypto';

type Reply = { status: number; data: unknown; headers?: Record<string, string> };

/** A custom axios adapter: records each request and answers like the built-in adapters do. */
const scriptedServer = (reply: Reply | ((config: InternalAxiosRequestConfig) => Reply | Promise<never>)) => {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const r = typeof reply === 'function' ? await reply(config) : reply;
    const response: AxiosResponse = {
      data: r.data,
      status: r.status,
      statusText: String(r.status),
      headers: new AxiosHeaders(r.headers ?? {}),
      config,
    };
    if (r.status >= 400) {
      throw new AxiosError(`Request failed with status code ${r.status}`, AxiosError.ERR_BAD_REQUEST, config, {}, response);
    }
    return response;
  };
  return { adapter, requests };
};

const makeClient = (reply: Parameters<typeof scriptedServer>[0], options: Partial<ApiClientOptions> = {}) => {
  const server = scriptedServer(reply);
  const client = createApiClient({
    getToken: () => null,
    getLanguage: () => 'en',
    getMerchant: () => 'DEMO',
    adapter: server.adapter,
    ...options,
  });
  return { client, requests: server.requests };
};

const ok = (value: unknown): Reply => ({ status: 200, data: { success: true, code: 'OK', message: 'OK', value } });
const statusValue = { status: 0, maintenance: false, regionRestriction: false, ip: '203.0.113.7' };

const failure = async (promise: Promise<unknown>): Promise<ApiCallError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiCallError);
  return error as ApiCallError;
};

const firstKey = (pick: (key: EndpointKey) => boolean): EndpointKey => {
  const key = (Object.keys(http) as EndpointKey[]).find(pick);
  if (!key) throw new Error('the contract has no such endpoint');
  return key;
};

describe('api client', () => {
  it('[API-01] sends the bearer token, language, merchant and Device: web', async () => {
    let token: string | null = 'tok_abcdefghijklmnopqrstuvwxyz';
    const { client, requests } = makeClient(ok(statusValue), { getToken: () => token, getLanguage: () => 'vi', getMerchant: () => 'M1' });

    await client.call('systemStatus');
    token = null;
    await client.call('systemStatus');

    const [withToken, without] = requests.map((r) => r.headers);
    expect(withToken?.get('Authorization')).toBe('Bearer tok_abcdefghijklmnopqrstuvwxyz');
    expect(withToken?.get('Language')).toBe('vi');
    expect(withToken?.get('Merchant')).toBe('M1');
    expect(withToken?.get('Device')).toBe('web');
    expect(without?.has('Authorization')).toBe(false);
    expect(requests[0]).toMatchObject({ method: 'get', url: http.systemStatus.path });
  });

  it('[API-03] a call key can be given another method and path; every other call keeps its contract route', async () => {
    const { client, requests } = makeClient(ok(statusValue), { routes: { systemStatus: { method: 'POST', path: '/custom/system-status' } } });
    expect(await client.call('systemStatus')).toEqual(statusValue);
    expect(requests[0]).toMatchObject({ method: 'post', url: '/custom/system-status' });
    await client.call('systemPermission').catch(() => undefined);
    expect(requests[1]).toMatchObject({ method: http.systemPermission.method.toLowerCase(), url: http.systemPermission.path });
  });

  it('[API-03] only the path can be overridden, the method staying the contract one', async () => {
    const { client, requests } = makeClient(ok(statusValue), { routes: { systemStatus: { path: '/elsewhere/status' } } });
    await client.call('systemStatus');
    expect(requests[0]).toMatchObject({ method: http.systemStatus.method.toLowerCase(), url: '/elsewhere/status' });
  });

  it('[API-03] the web client takes its route overrides from one configuration module, empty by default', () => {
    expect(API_ROUTE_OVERRIDES).toEqual({});
    for (const key of Object.keys(API_ROUTE_OVERRIDES)) expect(http).toHaveProperty(key);
  });

  it('returns the envelope value', async () => {
    const { client } = makeClient(ok({ ...statusValue, status: 1, maintenance: true }));
    await expect(client.call('systemStatus')).resolves.toEqual({ ...statusValue, status: 1, maintenance: true });
  });

  it('refuses a body that is no envelope, and in development and tests a value that breaks the response schema', async () => {
    const wrongValue = makeClient(ok({ ...statusValue, status: 'up' })).client;
    expect(await failure(wrongValue.call('systemStatus'))).toMatchObject({ code: 'INTERNAL', status: 200 });

    const notEnvelope = makeClient({ status: 200, data: '<html>proxy</html>' }).client;
    expect(await failure(notEnvelope.call('systemStatus'))).toMatchObject({ code: 'INTERNAL', status: 200 });
  });

  it('normalises a 4xx envelope into its code, status, message and details', async () => {
    const { client } = makeClient({
      status: 400,
      data: { success: false, code: 'VALIDATION', message: 'Invalid request: lang', value: null, details: [{ path: 'lang' }] },
    });
    const error = await failure(client.call('systemStatus'));
    expect(error).toMatchObject({ code: 'VALIDATION', status: 400, message: 'Invalid request: lang', details: [{ path: 'lang' }], retryAfterSeconds: null });
  });

  it('[ERR-09] carries Retry-After of a 429 as retryAfterSeconds', async () => {
    const { client } = makeClient({
      status: 429,
      headers: { 'retry-after': '300' },
      data: { success: false, code: 'TOO_MANY_REQUESTS', message: 'Too many requests', value: null },
    });
    expect(await failure(client.call('systemStatus'))).toMatchObject({ code: 'TOO_MANY_REQUESTS', status: 429, retryAfterSeconds: 300 });
  });

  it('falls back to a code from the status when an error body has none', async () => {
    const missing = makeClient({ status: 404, data: 'Not Found' }).client;
    expect(await failure(missing.call('systemStatus'))).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    const broken = makeClient({ status: 502, data: '<html>Bad gateway</html>' }).client;
    expect(await failure(broken.call('systemStatus'))).toMatchObject({ code: 'INTERNAL', status: 502 });
  });

  it('[ERR-18] reports a request that never reached the server as NETWORK', async () => {
    const { client } = makeClient((config) => Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK, config)));
    expect(await failure(client.call('systemStatus'))).toMatchObject({ code: 'NETWORK', status: 0 });
  });

  it('[ERR-18] reports a call whose HTTP client could not be fetched as NETWORK, and the next call fetches it again', async () => {
    vi.resetModules();
    let attempts = 0;
    vi.doMock('axios', async (importOriginal) => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return importOriginal();
    });
    try {
      const fresh = await import('@client/lib/api-client');
      const server = scriptedServer(ok(statusValue));
      const client = fresh.createApiClient({ getToken: () => null, getLanguage: () => 'en', getMerchant: () => 'DEMO', adapter: server.adapter });
      const error = await client.call('systemStatus').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(fresh.ApiCallError);
      expect(error).toMatchObject({ code: 'NETWORK', status: 0 });
      expect(await client.call('systemStatus')).toEqual(statusValue);
    } finally {
      vi.doUnmock('axios');
      vi.resetModules();
    }
  });

  it('[ERR-19] reports a request that took too long as TIMEOUT', async () => {
    const { client, requests } = makeClient(
      (config) => Promise.reject(new AxiosError(`timeout of ${config.timeout}ms exceeded`, AxiosError.ECONNABORTED, config)),
      { timeoutMs: 1234 },
    );
    expect(await failure(client.call('systemStatus'))).toMatchObject({ code: 'TIMEOUT', status: 0 });
    expect(requests[0]?.timeout).toBe(1234);
  });

  describe('[API-02] encrypted and form-encoded calls', () => {
    let keys: PayloadKeys;
    beforeAll(() => {
      keys = loadPayloadKeys({ dataDir: null });
    });

    it('encrypts the body of an encrypted call so that only the server key opens it', async () => {
      const key = firstKey((k) => Boolean((http[k] as EndpointDef).encrypted));
      const payload = { username: 'player01', password: 'S3cret!pass', note: 'ünïcødé ✓' };
      const { client, requests } = makeClient(
        { status: 400, data: { success: false, code: 'VALIDATION', message: 'x', value: null } },
        { getPayloadPublicKey: async () => keys.publicKeyPem },
      );

      await failure(client.call(key, { body: payload as never }));

      const request = requests[0]!;
      expect(request).toMatchObject({ method: http[key].method.toLowerCase(), url: http[key].path });
      const wireBody = EncryptedBody.parse(JSON.parse(String(request.data)));
      expect(String(request.data)).not.toContain('S3cret');
      const header = request.headers.get('Encryption');
      expect(typeof header).toBe('string');
      expect(decryptPayload(keys, wireBody, header as string)).toEqual(payload);
    });

    it('uses fresh keys for every call', async () => {
      const key = firstKey((k) => Boolean((http[k] as EndpointDef).encrypted));
      const { client, requests } = makeClient(
        { status: 400, data: { success: false, code: 'VALIDATION', message: 'x', value: null } },
        { getPayloadPublicKey: async () => keys.publicKeyPem },
      );
      await failure(client.call(key, { body: { same: 'payload' } as never }));
      await failure(client.call(key, { body: { same: 'payload' } as never }));
      const [a, b] = requests.map((r) => JSON.parse(String(r.data)) as EncryptedBody);
      expect(a?.value).not.toBe(b?.value);
      expect(requests[0]?.headers.get('Encryption')).not.toBe(requests[1]?.headers.get('Encryption'));
    });

    it('sends nothing when an encrypted call has no server key to encrypt with', async () => {
      const key = firstKey((k) => Boolean((http[k] as EndpointDef).encrypted));
      const { client, requests } = makeClient(ok(null));
      expect(await failure(client.call(key, { body: {} as never }))).toMatchObject({ code: 'INTERNAL', status: 0 });
      expect(requests).toHaveLength(0);
    });

    it('sends a form-encoded call as application/x-www-form-urlencoded', async () => {
      const key = firstKey((k) => Boolean((http[k] as EndpointDef).form));
      const { client, requests } = makeClient({ status: 400, data: { success: false, code: 'VALIDATION', message: 'x', value: null } });

      await failure(client.call(key, { body: { email: 'a+b@example.com', username: 'player 01', skipped: undefined } as never }));

      const request = requests[0]!;
      expect(String(request.headers.getContentType())).toMatch(/^application\/x-www-form-urlencoded/);
      expect(Object.fromEntries(new URLSearchParams(String(request.data)))).toEqual({ email: 'a+b@example.com', username: 'player 01' });
    });
  });
});

describe('shared reads', () => {
  it('names as shared exactly the calls anyone makes without a token, once the route table has come with the first call', async () => {
    const { client } = makeClient(ok(statusValue));
    expect(client.isSharedRead('systemStatus')).toBe(false);
    await client.call('systemStatus');
    const keys = Object.keys(http) as EndpointKey[];
    expect(keys.filter((key) => client.isSharedRead(key))).toEqual(keys.filter((key) => http[key].token === 'none'));
    expect(client.isSharedRead('gameMenus')).toBe(true);
    expect(client.isSharedRead('balance')).toBe(false);
    // A query key that names no call (the console's reads) is the member's to lose.
    expect(client.isSharedRead('ops')).toBe(false);
  });
});
