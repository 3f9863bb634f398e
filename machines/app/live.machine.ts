import { assign, not, sendTo, setup } from 'xstate';
import type { ServerEventPayload } from '@shared/contract/socket';
import type { SessionChangedEvent } from '../auth/session.types';
import { contractPopupMachine } from '../contracts/contract-popup.machine';
import { unreadCountMachine } from '../messages/unread-count.machine';
import { missionCountMachine } from '../missions/mission-count.machine';
import { SYSTEM_IDS } from '../shared/ids';
import { mustProvideAction, mustProvideCallback } from '../shared/placeholders';
import { balanceMachine } from '../wallet/balance.machine';
import {
  connectionLogic,
  forwardEvents,
  forwardRefusals,
  type ConnectionChangedEvent,
  type ConnectionState,
  type LiveBus,
  type LiveBusInput,
  type ServerMachineEvent,
} from './bus-bridge';

export interface LiveContext {
  bus: LiveBus;
  /** The member whose data is live; null while nobody is logged in. */
  memberId: number | null;
  /** Trial accounts have no messages (MSG-10). */
  trial: boolean;
  connection: ConnectionState;
}

export type LiveEvent =
  | SessionChangedEvent
  | ConnectionChangedEvent
  | ServerMachineEvent<'session:revoked'>
  | ServerMachineEvent<'announcement:new'>
  | ServerMachineEvent<'system:status'>;

/**
 * What is live while a session is: the socket and what follows it. Offline until the session says
 * someone logged in (member or trial), then online: the socket connects (`connection`), the
 * balance, the unread count and the cached pages follow the bus (`balance`, `unreadCount`,
 * `liveCache`, children at fixed systemIds), a real member's contract popup asks for the answers
 * its contracts wait for (`contractPopup`; trial accounts hold no contracts) and its claimable missions feed a badge
 * (`missionCount`), revocations and refused tokens go to the session,
 * pushed announcements to the session's lists and status changes to the site. Logout closes the
 * socket, stops them all and forgets the member's cached data; another member starts afresh.
 * This follows the session, whatever is on screen (SHELL-24).
 */
export const liveMachine = setup({
  types: {} as { context: LiveContext; events: LiveEvent; input: LiveBusInput },
  actors: {
    connection: connectionLogic,
    balance: balanceMachine,
    unreadCount: unreadCountMachine,
    /** The missionLeaderboard badge's count of claimable rewards (MEMBER-04); real members only. */
    missionCount: missionCountMachine,
    /** Asks a real member to answer the contracts waiting for it (SHELL-24, AGENT-20). */
    contractPopup: contractPopupMachine,
    /** Keeps the client's cached server reads in step with the bus (the app's query cache). */
    liveCache: mustProvideCallback<LiveBusInput>('liveCache'),
    sessionRevokedEvents: forwardEvents('session:revoked'),
    announcementEvents: forwardEvents('announcement:new'),
    systemStatusEvents: forwardEvents('system:status'),
    refusals: forwardRefusals,
  },
  actions: {
    /** Drops every cached server read of the member who was live (another member means other answers). */
    forgetMemberData: mustProvideAction('forgetMemberData'),
    /** Tells the user the server ended the session (not for their own logout). */
    announceRevocation: mustProvideAction<ServerEventPayload<'session:revoked'>>('announceRevocation'),
    assignMember: assign((_, params: { memberId: number | null; trial: boolean }) => ({ memberId: params.memberId, trial: params.trial })),
    assignConnection: assign((_, params: { state: ConnectionState }) => ({ connection: params.state })),
    forwardToSession: sendTo(({ system }) => system.get(SYSTEM_IDS.session), ({ event }) => event),
    forwardToSite: sendTo(({ system }) => system.get(SYSTEM_IDS.site), ({ event }) => event),
  },
  guards: {
    isLoggedIn: ({ event }) => event.type === 'session.changed' && event.loginState !== 'loggedOut',
    isAnotherMember: ({ context, event }) => event.type === 'session.changed' && event.memberId !== context.memberId,
    isTrial: ({ context }) => context.trial,
    isOwnLogout: ({ event }) => event.type === 'server.sessionRevoked' && event.payload.reason === 'logout',
  },
}).createMachine({
  id: 'live',
  context: ({ input }) => ({ bus: input.bus, memberId: null, trial: false, connection: 'offline' }),
  initial: 'offline',
  states: {
    offline: {
      on: {
        'session.changed': {
          guard: 'isLoggedIn',
          target: 'online',
          actions: [
            { type: 'assignMember', params: ({ event }) => ({ memberId: event.memberId, trial: event.loginState === 'trial' }) },
            'forgetMemberData',
          ],
        },
      },
    },
    online: {
      // The listeners start before the connection, so nothing the socket delivers is missed.
      invoke: [
        { id: 'balance', systemId: SYSTEM_IDS.balance, src: 'balance', input: ({ context }) => ({ bus: context.bus }) },
        { id: 'unreadCount', systemId: SYSTEM_IDS.unreadCount, src: 'unreadCount', input: ({ context }) => ({ bus: context.bus, trial: context.trial }) },
        { id: 'liveCache', systemId: SYSTEM_IDS.liveCache, src: 'liveCache', input: ({ context }) => ({ bus: context.bus }) },
        { id: 'sessionRevokedEvents', src: 'sessionRevokedEvents', input: ({ context }) => ({ bus: context.bus }) },
        { id: 'refusals', src: 'refusals', input: ({ context }) => ({ bus: context.bus }) },
        { id: 'announcementEvents', src: 'announcementEvents', input: ({ context }) => ({ bus: context.bus }) },
        { id: 'systemStatusEvents', src: 'systemStatusEvents', input: ({ context }) => ({ bus: context.bus }) },
        { id: 'connection', systemId: SYSTEM_IDS.connection, src: 'connection', input: ({ context }) => ({ bus: context.bus }) },
      ],
      exit: { type: 'assignConnection', params: { state: 'offline' } },
      initial: 'routing',
      states: {
        routing: { always: [{ guard: 'isTrial', target: 'trial' }, { target: 'member' }] },
        member: {
          invoke: [
            { id: 'contractPopup', systemId: SYSTEM_IDS.contractPopup, src: 'contractPopup', input: ({ context }) => ({ bus: context.bus }) },
            { id: 'missionCount', systemId: SYSTEM_IDS.missionCount, src: 'missionCount', input: ({ context }) => ({ bus: context.bus, trial: false }) },
          ],
        },
        trial: {},
      },
      on: {
        'session.changed': [
          {
            guard: not('isLoggedIn'),
            target: 'offline',
            actions: [{ type: 'assignMember', params: { memberId: null, trial: false } }, 'forgetMemberData'],
          },
          {
            // Another member (a new login without a logout between) starts afresh; the same one stays.
            guard: 'isAnotherMember',
            target: 'online',
            reenter: true,
            actions: [
              { type: 'assignMember', params: ({ event }) => ({ memberId: event.memberId, trial: event.loginState === 'trial' }) },
              'forgetMemberData',
            ],
          },
        ],
        'server.connectionChanged': { actions: { type: 'assignConnection', params: ({ event }) => ({ state: event.state }) } },
        'server.sessionRevoked': [
          { guard: 'isOwnLogout', actions: 'forwardToSession' },
          { actions: [{ type: 'announceRevocation', params: ({ event }) => event.payload }, 'forwardToSession'] },
        ],
        'server.announcementNew': { actions: 'forwardToSession' },
        'server.systemStatus': { actions: 'forwardToSite' },
      },
    },
  },
});

export type LiveMachine = typeof liveMachine;
