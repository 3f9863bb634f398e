import { sendTo, setup } from 'xstate';
import type { ServerMachineEvent } from './bus-bridge';
import { favouritesMachine } from '../games/favourites.machine';
import { popupQueueMachine } from './popup-queue.machine';
import { sessionMachine } from '../auth/session.machine';
import type { SessionInput } from '../auth/session.types';
import { SYSTEM_IDS } from '../shared/ids';

export interface AppInput {
  session: SessionInput;
}

export interface AppContext {
  sessionInput: SessionInput;
}

/** Server pushes the root hands to its children. */
export type AppEvent = ServerMachineEvent<'session:revoked'>;

/**
 * The root of the app's actor system: the long-lived session, popup queue and favourites, each
 * under a fixed systemId (machines/shared/ids.ts) so any actor in the system reaches them with
 * `system.get`. The popup queue and the favourites start first, so the session's first
 * announcements and login state find them.
 */
export const appMachine = setup({
  types: {} as { context: AppContext; events: AppEvent; input: AppInput },
  actors: {
    session: sessionMachine,
    popupQueue: popupQueueMachine,
    favourites: favouritesMachine,
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({ sessionInput: input.session }),
  invoke: [
    { id: 'popupQueue', systemId: SYSTEM_IDS.popupQueue, src: 'popupQueue' },
    { id: 'favourites', systemId: SYSTEM_IDS.favourites, src: 'favourites' },
    { id: 'session', systemId: SYSTEM_IDS.session, src: 'session', input: ({ context }) => context.sessionInput },
  ],
  on: {
    'server.sessionRevoked': { actions: sendTo('session', ({ event }) => event) },
  },
});

export type AppMachine = typeof appMachine;
