import type { EndpointKey } from '@shared/contract/http';
import { ApiError } from './api-error';
import type { AreaHandlers, Handler } from './register-contract';

/**
 * Contract calls whose capability is not built yet: none today (the chat room was the last). Each
 * listed call answers 501 NOT_IMPLEMENTED instead of inventing data; whoever adds a call to the
 * contract before building it lists it here, and whoever builds it removes it and adds the real
 * handler to its area.
 */
export const PENDING_ENDPOINTS = [] as const satisfies readonly EndpointKey[];
export type PendingEndpoint = (typeof PENDING_ENDPOINTS)[number];

export const pendingHandler =
  <K extends EndpointKey>(key: K): Handler<K> =>
  async () => {
    throw new ApiError('NOT_IMPLEMENTED', `${key} is not available yet`);
  };

export const pendingHandlers = (): AreaHandlers<PendingEndpoint> =>
  Object.fromEntries(PENDING_ENDPOINTS.map((key) => [key, pendingHandler(key)])) as AreaHandlers<PendingEndpoint>;
