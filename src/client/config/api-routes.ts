import type { EndpointRouteOverrides } from '@client/lib/api-client';

/**
 * API-03: where the spec gives no method or path for a call (the relay calls, the shell's named
 * actions such as firstLogin and loginInfo), the contract (src/shared/contract) holds this project's
 * choice, which its own server serves. A web client built for a server that chose other routes lists
 * them here, per call key, e.g. `{ gameList: { method: 'POST', path: '/api/lobby/games' } }`;
 * every call not listed keeps its contract route. Empty: the client talks to this project's server.
 */
export const API_ROUTE_OVERRIDES: EndpointRouteOverrides = {};
