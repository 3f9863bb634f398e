import { sendParent, sendTo, setup } from 'xstate';
import type { ServerEventPayload } from '@shared/contract/socket';
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
  type LiveBus,
  type LiveBusInput,
  type ServerMachineEvent,
} from './bus-bridge';

export interface OnlineInput {
  bus: LiveBus;
  /** Trial accounts have no messages (MSG-10) and hold no contracts. */
  trial: boolean;
}

export type OnlineEvent =
  | ConnectionChangedEvent
  | ServerMachineEvent<'session:revoked'>
  | ServerMachineEvent<'announcement:new'>
  | ServerMachineEvent<'system:status'>;

/**
 * What runs while a session is online, as the live machine's `online` child: the socket
 * (`connection`), the balance, the unread count and the cached pages following the bus (`balance`,
 * `unreadCount`, `liveCache`, children at fixed systemIds), and for a real member the contract popup
 * asking for the answers its contracts wait for (`contractPopup`) and the claimable missions' badge
 * (`missionCount`). Revocations and refused tokens go to the session, pushed announcements to the
 * session's lists, status changes to the site, and connection changes to the live machine.
 * The live machine loads this machine with the first login (a guest's visit never needs it:
 * issue 15) and stops it at logout, which closes the socket.
 */
export const onlineMachine = setup({
  types: {} as { context: OnlineInput; events: OnlineEvent; input: OnlineInput },
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
    /** Tells the user the server ended the session (not for their own logout). */
    announceRevocation: mustProvideAction<ServerEventPayload<'session:revoked'>>('announceRevocation'),
    forwardToLive: sendParent(({ event }) => event),
    forwardToSession: sendTo(({ system }) => system.get(SYSTEM_IDS.session), ({ event }) => event),
    forwardToSite: sendTo(({ system }) => system.get(SYSTEM_IDS.site), ({ event }) => event),
  },
  guards: {
    isTrial: ({ context }) => context.trial,
    isOwnLogout: ({ event }) => event.type === 'server.sessionRevoked' && event.payload.reason === 'logout',
  },
}).createMachine({
  id: 'online',
  context: ({ input }) => input,
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
    'server.connectionChanged': { actions: 'forwardToLive' },
    'server.sessionRevoked': [
      { guard: 'isOwnLogout', actions: 'forwardToSession' },
      { actions: [{ type: 'announceRevocation', params: ({ event }) => event.payload }, 'forwardToSession'] },
    ],
    'server.announcementNew': { actions: 'forwardToSession' },
    'server.systemStatus': { actions: 'forwardToSite' },
  },
});

export type OnlineMachine = typeof onlineMachine;
