import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@shared/contract/socket';

/** The client's end of the gateway; generics reversed relative to the server's `Server<…>`. */
export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface SocketClientOptions {
  /** Origin of the gateway; the page's own origin when omitted (the dev server proxies /socket.io). */
  url?: string;
  /** Read on every (re)connection, so a reconnect after a token change authenticates with the new one. */
  getToken: () => string | null;
  /** Extra socket.io options (tests use `forceNew`, `transports`). */
  socketOptions?: Partial<ManagerOptions & SocketOptions>;
}

/**
 * A typed socket that connects only when told to (the session machine does so once authenticated,
 * STYLE.md C5); the server refuses it with connect_error 'UNAUTHORIZED' without a live token.
 */
export const createSocketClient = ({ url, getToken, socketOptions }: SocketClientOptions): ClientSocket => {
  const options: Partial<ManagerOptions & SocketOptions> = {
    path: '/socket.io',
    autoConnect: false,
    auth: (cb) => cb({ token: getToken() }),
    ...socketOptions,
  };
  return url ? io(url, options) : io(options);
};
