import type { AxiosAdapter, AxiosInstance, AxiosRequestConfig, AxiosStatic } from 'axios';
import type { endpointRoutes } from 'virtual:endpoint-routes';
import type { BodyInputOf, EndpointKey, QueryInputOf, ResponseOf } from '@shared/contract/http';
import { toErrorCode, type ApiErrorCode } from '@shared/contract/errors';

/** A failed call, normalised: views translate `code` (errors:<code>). */
export class ApiCallError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    readonly status: number,
    message: string,
    readonly retryAfterSeconds: number | null = null,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

export type CallInput<K extends EndpointKey> = {
  query?: QueryInputOf<K>;
  body?: BodyInputOf<K>;
};

/** What the client knows of an endpoint to call it: the contract's method, path and body kind. */
export type EndpointRoute = (typeof endpointRoutes)[EndpointKey];

/**
 * API-03: per call key, the method or path to use instead of the contract's. The spec gives neither
 * for many calls (the relay calls, the shell's named actions): the contract's are this project's choice,
 * and a deployment talking to a server that chose otherwise overrides them here (src/client/config/api-routes.ts).
 */
export type EndpointRouteOverrides = { readonly [K in EndpointKey]?: Partial<Pick<EndpointRoute, 'method' | 'path'>> };

export interface ApiClientOptions {
  baseURL?: string;
  /** Routes that replace the contract's for these call keys (API-03); every other call keeps its contract route. */
  routes?: EndpointRouteOverrides;
  getToken: () => string | null;
  getLanguage: () => string;
  getMerchant: () => string;
  timeoutMs?: number;
  /** The server's SPKI PEM (permission.payloadPublicKey); needed by calls marked `encrypted`. */
  getPayloadPublicKey?: () => Promise<string>;
  /** How requests travel: axios's own (XHR in a browser) unless given, as a test's scripted server. */
  adapter?: AxiosAdapter;
}

export interface ApiClient {
  call<K extends EndpointKey>(key: K, input?: CallInput<K>): Promise<ResponseOf<K>>;
  /** The axios instance every call goes through, created with the first call. */
  axios(): Promise<AxiosInstance>;
  /**
   * `key` (a query's first key part) names a call whose answer is the same for every caller (a `token: 'none'` call):
   * a change of member keeps it. False until the route table has come with the first call, as nothing is cached before it.
   */
  isSharedRead(key: string): boolean;
}

/** `key` (a query's first key part) names a call of `routes` whose answer is the same for every caller (its `shared` mark). */
export const isSharedRoute = (routes: typeof endpointRoutes, key: string): boolean =>
  Object.hasOwn(routes, key) && routes[key as EndpointKey].shared === true;

/** What screens and actors need of the API client; tests pass a fake with just `call`. */
export type AppApi = Pick<ApiClient, 'call'>;

/** What the app actor needs of the API client: the calls, and which answers outlive a change of member. */
export type AppActorApi = Pick<ApiClient, 'call' | 'isSharedRead'>;

/** The envelope every response body travels in (DESIGN.md). */
interface ResponseEnvelope {
  success: boolean;
  code: string;
  message: string;
  value: unknown;
  details?: unknown;
}

const isEnvelope = (body: unknown): body is ResponseEnvelope => {
  if (!body || typeof body !== 'object') return false;
  const { success, code, message } = body as Record<string, unknown>;
  return typeof success === 'boolean' && typeof code === 'string' && typeof message === 'string' && 'value' in body;
};

/** crypto-js comes with a sign-in screen (`withSignInParts`) or the first encrypted call (login, register...), not with the home page. */
export const loadCrypto = () => import('./crypto');

/**
 * axios (22 KB gzip, the entry's largest part after react-dom) and the contract's route table (2.7 KB gzip:
 * method, path and body kind of every endpoint) are fetched with the first call, not with the entry: a
 * visitor's lobby is drawn from the reads its page came with (src/client/app/boot-reads.ts), so the first
 * render no longer waits for them to download and run. They come together, in one round trip.
 */
const loadTransport = async (): Promise<{ axios: AxiosStatic; routes: typeof endpointRoutes }> => {
  const [axios, routes] = await Promise.all([import('axios'), import('virtual:endpoint-routes')]);
  return { axios: axios.default, routes: routes.endpointRoutes };
};

/**
 * Development and tests only (the production build drops it, and the contract's schemas with it):
 * a reply that breaks its endpoint's response schema is a server or contract bug, shown at once.
 */
const checkResponse = async (key: EndpointKey, status: number, value: unknown) => {
  const { http } = await import('@shared/contract/http');
  const parsed = http[key].response.safeParse(value);
  if (!parsed.success) throw new ApiCallError('INTERNAL', status, `Unexpected response for ${key}`, null, parsed.error.issues);
};

/** For error replies that carry no recognisable code (a proxy's HTML page, say). */
const codeForStatus = (status: number): ApiErrorCode => {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'TOO_MANY_REQUESTS';
  if (status === 503) return 'MAINTENANCE';
  if (status === 504) return 'TIMEOUT';
  if (status >= 400 && status < 500) return 'VALIDATION';
  return 'INTERNAL';
};

const retryAfterSeconds = (header: unknown): number | null => {
  if (typeof header !== 'string' && typeof header !== 'number') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(String(header));
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
};

const formBody = (body: unknown): URLSearchParams => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) params.append(name, String(value));
  }
  return params;
};

/**
 * The one axios instance; every call goes through the contract's route table. A reply's `value` is
 * not parsed again here: the server answers each endpoint with its contract schema's type
 * (its response schemas change no value: tests/shared/contract-responses.test.ts), so the production
 * client trusts the types and ships no response schema (issue 15); development and tests check each
 * reply against its schema.
 */
export const createApiClient = (options: ApiClientOptions): ApiClient => {
  let created: Promise<{ axios: AxiosStatic; instance: AxiosInstance; routes: typeof endpointRoutes }> | null = null;
  let loadedRoutes: typeof endpointRoutes | null = null;
  const transportOf = () =>
    (created ??= loadTransport().then(({ axios, routes }) => {
      loadedRoutes = routes;
      const instance = axios.create({ baseURL: options.baseURL ?? '', timeout: options.timeoutMs ?? 30_000, adapter: options.adapter });
      instance.interceptors.request.use((config) => {
        const token = options.getToken();
        if (token) config.headers.set('Authorization', `Bearer ${token}`);
        config.headers.set('Language', options.getLanguage());
        config.headers.set('Merchant', options.getMerchant());
        config.headers.set('Device', 'web');
        return config;
      });
      return { axios, instance, routes };
    }));

  const requestBody = async (key: EndpointKey, def: EndpointRoute, body: unknown): Promise<Pick<AxiosRequestConfig, 'data' | 'headers'>> => {
    if (def.encrypted) {
      if (!options.getPayloadPublicKey) throw new ApiCallError('INTERNAL', 0, `${key} is encrypted but no payload public key is configured`);
      const { encryptPayload, PayloadEncryptionError, ENCRYPTION_HEADER } = await loadCrypto();
      try {
        const encrypted = await encryptPayload(body ?? {}, await options.getPayloadPublicKey());
        return { data: encrypted.body, headers: { [ENCRYPTION_HEADER]: encrypted.encryptionHeader } };
      } catch (error) {
        if (error instanceof ApiCallError) throw error;
        const message = error instanceof PayloadEncryptionError ? error.message : `Cannot encrypt ${key}: ${String(error)}`;
        throw new ApiCallError('INTERNAL', 0, message);
      }
    }
    if (def.form) return { data: formBody(body) };
    return { data: body };
  };

  const routeOf = (routes: typeof endpointRoutes, key: EndpointKey): EndpointRoute => {
    const override = options.routes?.[key];
    return override ? { ...routes[key], ...override } : routes[key];
  };

  const call = async <K extends EndpointKey>(key: K, input: CallInput<K> = {}): Promise<ResponseOf<K>> => {
    const { axios, instance, routes } = await transportOf().catch((error: unknown) => {
      // The chunk did not come (offline, a deploy replaced it): a network failure, and the next call tries again.
      created = null;
      throw new ApiCallError('NETWORK', 0, `Cannot load the HTTP client: ${String(error)}`);
    });
    const def = routeOf(routes, key);
    try {
      const res = await instance.request({ method: def.method, url: def.path, params: input.query, ...(await requestBody(key, def, input.body)) });
      const envelope: unknown = res.data;
      if (!isEnvelope(envelope)) throw new ApiCallError('INTERNAL', res.status, `Unexpected response for ${key}: not an envelope`);
      if (!envelope.success) {
        const code = toErrorCode(envelope);
        throw new ApiCallError(code === 'INTERNAL' ? codeForStatus(res.status) : code, res.status, envelope.message, null, envelope.details);
      }
      if (import.meta.env.DEV) await checkResponse(key, res.status, envelope.value);
      return envelope.value as ResponseOf<K>;
    } catch (error) {
      if (error instanceof ApiCallError) throw error;
      if (axios.isAxiosError(error)) {
        if (!error.response) {
          const timedOut = error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT';
          throw new ApiCallError(timedOut ? 'TIMEOUT' : 'NETWORK', 0, error.message);
        }
        const body = error.response.data as { code?: unknown; message?: unknown; details?: unknown } | undefined;
        const code = toErrorCode(body);
        throw new ApiCallError(
          code === 'INTERNAL' ? codeForStatus(error.response.status) : code,
          error.response.status,
          typeof body?.message === 'string' ? body.message : error.message,
          retryAfterSeconds(error.response.headers['retry-after']),
          body?.details,
        );
      }
      throw new ApiCallError('INTERNAL', 0, String(error));
    }
  };

  return { call, axios: async () => (await transportOf()).instance, isSharedRead: (key) => loadedRoutes !== null && isSharedRoute(loadedRoutes, key) };
};
