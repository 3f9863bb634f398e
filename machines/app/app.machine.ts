import { assign, not, sendTo, setup, stateIn } from 'xstate';
import { sessionMachine } from '../auth/session.machine';
import type { SessionInput } from '../auth/session.types';
import { favouritesMachine } from '../games/favourites.machine';
import { gameLaunchMachine } from '../games/game-launch.machine';
import { SYSTEM_IDS } from '../shared/ids';
import { siteMachine } from '../system/site.machine';
import type { LiveBus, ServerMachineEvent } from './bus-bridge';
import { liveMachine } from './live.machine';
import { popupQueueMachine } from './popup-queue.machine';

/** What an earlier page of this tab left in session storage (AUTH-19); the session restores it. */
export type StoredSession = Omit<SessionInput, 'agentPolicy'>;

export interface AppInput {
  /** The client's event bus over its one socket; the live machine connects it while a session lives. */
  bus: LiveBus;
  storedSession: StoredSession;
}

export interface AppContext {
  bus: LiveBus;
  storedSession: StoredSession;
  /** AGENTPOLICY3 of the site's configuration, the session's input (AUTH-18). */
  agentPolicy: boolean;
}

/** Server pushes the root hands to its children. */
export type AppEvent = ServerMachineEvent<'session:revoked'>;

/**
 * The root of the app's actor system and the one owner of long-lived client state. Its children,
 * each under a fixed systemId (machines/shared/ids.ts): the site's configuration and status
 * (`site`), the modals and announcement popups (`popupQueue`), the favourite games
 * (`favourites`), the game being launched (`gameLaunch`), what is live while a session is
 * (`live`: socket, balance, unread count, cached pages) and, once the site's configuration is in,
 * who the user is (`session`, whose input depends on it). The session tells the favourites and
 * the live machine when the login state changes; views read through selectors and send events.
 */
export const appMachine = setup({
  types: {} as { context: AppContext; events: AppEvent; input: AppInput },
  actors: {
    site: siteMachine,
    popupQueue: popupQueueMachine,
    favourites: favouritesMachine,
    gameLaunch: gameLaunchMachine,
    live: liveMachine,
    session: sessionMachine,
  },
  guards: {
    isStarting: stateIn('starting'),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({ bus: input.bus, storedSession: input.storedSession, agentPolicy: false }),
  invoke: [
    {
      id: 'site',
      systemId: SYSTEM_IDS.site,
      src: 'site',
      onSnapshot: [
        // Once running, later site snapshots (a status change) leave the session alone.
        { guard: not('isStarting') },
        {
          guard: ({ event }) => event.snapshot.matches('ready'),
          target: '.running',
          actions: assign({ agentPolicy: ({ event }) => event.snapshot.context.permission?.flags.AGENTPOLICY3 === true }),
        },
      ],
    },
    { id: 'popupQueue', systemId: SYSTEM_IDS.popupQueue, src: 'popupQueue' },
    { id: 'favourites', systemId: SYSTEM_IDS.favourites, src: 'favourites' },
    { id: 'gameLaunch', systemId: SYSTEM_IDS.gameLaunch, src: 'gameLaunch' },
    { id: 'live', systemId: SYSTEM_IDS.live, src: 'live', input: ({ context }) => ({ bus: context.bus }) },
  ],
  initial: 'starting',
  states: {
    /** Until the site's configuration has loaded (the site shows its splash, or its failure page). */
    starting: {},
    running: {
      invoke: {
        id: 'session',
        systemId: SYSTEM_IDS.session,
        src: 'session',
        input: ({ context }) => ({ ...context.storedSession, agentPolicy: context.agentPolicy }),
      },
      on: {
        'server.sessionRevoked': { actions: sendTo('session', ({ event }) => event) },
      },
    },
  },
});

export type AppMachine = typeof appMachine;
