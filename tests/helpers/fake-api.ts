import type { EndpointKey, ResponseOf } from '@shared/contract/http';
import { ApiCallError, isSharedRoute, type AppActorApi, type CallInput } from '@client/lib/api-client';
import { endpointRoutes } from 'virtual:endpoint-routes';

export type FakeHandlers = { [K in EndpointKey]?: (input: CallInput<K>) => ResponseOf<K> | Promise<ResponseOf<K>> };

export interface FakeApi extends AppActorApi {
  /** Every call made, in order. */
  readonly calls: { key: EndpointKey; input: CallInput<EndpointKey> }[];
  /** Replaces or adds handlers. */
  handle(handlers: FakeHandlers): void;
  callsTo<K extends EndpointKey>(key: K): CallInput<K>[];
}

/**
 * An API client for client tests: each endpoint answers from its handler; an endpoint without one
 * fails as a server without that capability would (501 NOT_IMPLEMENTED). Which answers are shared by every caller is
 * the contract's, as in the app (the build's route table).
 */
export const createFakeApi = (initial: FakeHandlers = {}): FakeApi => {
  const handlers: FakeHandlers = { ...initial };
  const calls: FakeApi['calls'] = [];
  return {
    calls,
    handle: (more) => Object.assign(handlers, more),
    callsTo: <K extends EndpointKey>(key: K) => calls.filter((c) => c.key === key).map((c) => c.input as CallInput<K>),
    isSharedRead: (key) => isSharedRoute(endpointRoutes, key),
    call: async <K extends EndpointKey>(key: K, input: CallInput<K> = {}): Promise<ResponseOf<K>> => {
      calls.push({ key, input: input as CallInput<EndpointKey> });
      const handler = handlers[key] as ((input: CallInput<K>) => ResponseOf<K> | Promise<ResponseOf<K>>) | undefined;
      if (!handler) throw new ApiCallError('NOT_IMPLEMENTED', 501, `${key} is not available`);
      return handler(input);
    },
  };
};
