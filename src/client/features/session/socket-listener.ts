import { fromCallback, type EventObject } from 'xstate';
import type { ServerEventPayload } from '@shared/contract/socket';
import type { EventBus } from '@client/lib/event-bus';

export interface SocketListenerInput {
  bus: Pick<EventBus, 'on$' | 'unauthorized$' | 'connect' | 'disconnect'>;
  /** The server ended this session (logout elsewhere, password change, operator), or refused its token. */
  onSessionRevoked: (payload: ServerEventPayload<'session:revoked'>) => void;
  /** An operator changed maintenance or the region blocks. */
  onSystemStatusChanged: () => void;
}

/**
 * The socket's life while a session lives (STYLE.md C5): connects the event bus when started,
 * forwards the pushes the session and the shell react to, and disconnects when stopped. The
 * `socketListener` slot runs it only while logged in (SHELL-24), so logout ends the connection.
 */
export const socketListenerLogic = fromCallback<EventObject, SocketListenerInput>(({ input }) => {
  const { bus } = input;
  const subscriptions = [
    bus.on$('session:revoked').subscribe((payload) => input.onSessionRevoked(payload)),
    // A token refused at (re)connection was revoked or expired while the socket was away.
    bus.unauthorized$.subscribe(() => input.onSessionRevoked({ reason: 'expired', eventId: 0, at: new Date().toISOString() })),
    bus.on$('system:status').subscribe(() => input.onSystemStatusChanged()),
  ];
  bus.connect();
  return () => {
    for (const subscription of subscriptions) subscription.unsubscribe();
    bus.disconnect();
  };
});
