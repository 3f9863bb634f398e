import axios, { type AxiosInstance } from 'axios';
import { http, type BodyInputOf, type EndpointKey, type QueryInputOf, type ResponseOf } from '@shared/contract/http';
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

export interface ApiClientOptions {
  baseURL?: string;
  getToken: () => string | null;
  getLanguage: () => string;
  getMerchant: () => string;
  timeoutMs?: number;
}

export interface ApiClient {
  call<K extends EndpointKey>(key: K, input?: CallInput<K>): Promise<ResponseOf<K>>;
  readonly axios: AxiosInstance;
}

/** The one axios instance; every call goes through the contract table and is parsed with its schema. */
export const createApiClient = (options: ApiClientOptions): ApiClient => {
  const instance = axios.create({ baseURL: options.baseURL ?? '', timeout: options.timeoutMs ?? 30_000 });
  instance.interceptors.request.use((config) => {
    const token = options.getToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    config.headers.set('Language', options.getLanguage());
    config.headers.set('Merchant', options.getMerchant());
    config.headers.set('Device', 'web');
    return config;
  });

  const call = async <K extends EndpointKey>(key: K, input: CallInput<K> = {}): Promise<ResponseOf<K>> => {
    const def = http[key];
    try {
      const res = await instance.request({ method: def.method, url: def.path, params: input.query, data: input.body });
      const parsed = def.response.safeParse(res.data?.value);
      if (!parsed.success) throw new ApiCallError('INTERNAL', res.status, `Unexpected response for ${String(key)}`);
      return parsed.data as ResponseOf<K>;
    } catch (error) {
      if (error instanceof ApiCallError) throw error;
      if (axios.isAxiosError(error)) {
        const body = error.response?.data as { code?: unknown; message?: unknown; details?: unknown } | undefined;
        if (!error.response) {
          throw new ApiCallError(error.code === 'ECONNABORTED' ? 'TIMEOUT' : 'NETWORK', 0, error.message);
        }
        const retryAfter = Number(error.response.headers['retry-after']);
        throw new ApiCallError(
          toErrorCode(body),
          error.response.status,
          typeof body?.message === 'string' ? body.message : error.message,
          Number.isFinite(retryAfter) ? retryAfter : null,
          body?.details,
        );
      }
      throw new ApiCallError('INTERNAL', 0, String(error));
    }
  };

  return { call, axios: instance };
};
