import { assign, enqueueActions, setup, type AnyActorRef } from 'xstate';
import type { MemberInfo } from '@shared/contract/member';
import type { Announcement } from '@shared/contract/messages';
import type { LoginResult } from '@shared/contract/auth';
import { TRIAL_TYPE } from '@shared/contract/member.values';
import { GUEST_POPUPS_QUERY, SHOWN_ANNOUNCEMENT_TYPES } from '@shared/boot-reads';
import type { PopupQueueEvent } from '../app/popup-queue.types';
import { SYSTEM_IDS } from '../shared/ids';
import { toFlowError, type FlowError } from '../shared/flow-error';
import { mustProvideAction, mustProvideActor } from '../shared/placeholders';
import {
  SESSION_KEYS_KEPT_ON_LOGOUT,
  type Announcements,
  type AnnouncementsQuery,
  type ConsolidatedFunds,
  type FavouriteIds,
  type LoginState,
  type PersistedSession,
  type SessionContext,
  type SessionEvent,
  type SessionChangedEvent,
  type SessionInput,
  type SessionStorageKey,
  type SessionTag,
} from './session.types';

export const isTrialMember = (member: MemberInfo | null): boolean => member?.type === TRIAL_TYPE;

/** Login-time announcements include home notices; a visitor's are the B popups only (API-56). */
const announcementsQuery = (loggedIn: boolean): AnnouncementsQuery =>
  loggedIn ? { types: `${SHOWN_ANNOUNCEMENT_TYPES},H` } : GUEST_POPUPS_QUERY;

const loggedOutContext = {
  token: null,
  userName: null,
  passwordChangePending: false,
  member: null,
  firstTimeLogin: false,
  favouriteIds: [],
  consolidatedFunds: null,
} satisfies Partial<SessionContext>;

const sessionSetup = setup({
  types: {} as { context: SessionContext; events: SessionEvent; input: SessionInput; tags: SessionTag },
  actors: {
    /**
     * `firstOfSession`: the first read of a session just started or restored, which the member's first screens wait on;
     * not a reload of a member already shown.
     */
    loadMemberInfo: mustProvideActor<MemberInfo, { token: string; firstOfSession: boolean }>('loadMemberInfo'),
    endSession: mustProvideActor<null, { token: string }>('endSession'),
    loadFavouriteIds: mustProvideActor<FavouriteIds, { token: string }>('loadFavouriteIds'),
    loadAnnouncements: mustProvideActor<Announcements, { token: string | null; query: AnnouncementsQuery }>('loadAnnouncements'),
    loadConsolidatedFunds: mustProvideActor<ConsolidatedFunds, { token: string }>('loadConsolidatedFunds'),
  },
  actions: {
    persistSession: mustProvideAction<PersistedSession>('persistSession'),
    /** Sets `cpw` while a forced password change is pending and removes it otherwise (AUTH-19, AUTH-43). */
    storePasswordChangePending: mustProvideAction<{ pending: boolean }>('storePasswordChangePending'),
    /** Removes every session-storage entry but `keep` (AUTH-17). */
    clearSessionStorage: mustProvideAction<{ keep: readonly SessionStorageKey[] }>('clearSessionStorage'),
    assignStart: assign((_, params: { result: LoginResult; passwordChangePending: boolean }) => ({
      token: params.result.token,
      userName: params.result.userInfo.userName,
      firstTimeLogin: params.result.firstTimeLogin,
      passwordChangePending: params.passwordChangePending,
      error: null,
    })),
    assignMember: assign((_, params: { member: MemberInfo }) => ({ member: params.member, passwordChangePending: false, error: null })),
    assignFavouriteIds: assign((_, params: { favourites: FavouriteIds }) => ({ favouriteIds: params.favourites.nodeIds })),
    assignAnnouncements: assign((_, params: { announcements: Announcements }) => ({ announcements: params.announcements })),
    assignConsolidatedFunds: assign((_, params: { funds: ConsolidatedFunds }) => ({ consolidatedFunds: params.funds })),
    assignError: assign((_, params: { error: FlowError }) => ({ error: params.error })),
    resetSession: assign(loggedOutContext),
    /**
     * Tells the favourites (GAMES-33) and the live machine (the socket, the balance, the unread
     * count: SHELL-24), when the app runs them, that the login state changed.
     */
    /** Hands the loaded favourite ids of the account to the favourites, when the app runs them. */
    tellFavouritesLoaded: ({ system }, params: { nodeIds: readonly number[] }) => {
      system.get(SYSTEM_IDS.favourites)?.send({ type: 'favourites.loaded', nodeIds: params.nodeIds });
    },
    /** A pushed announcement goes on top of its list (player notices PL and H, promotions PR). */
    addPushedAnnouncement: assign(({ context }, params: { announcement: Announcement }) => {
      const { announcement } = params;
      const current = context.announcements ?? { banners: [], player: [], popup: [], promotion: [] };
      const onTop = (list: Announcement[]) => [announcement, ...list.filter((item) => item.id !== announcement.id)];
      if (announcement.type === 'PR') return { announcements: { ...current, promotion: onTop(current.promotion) } };
      if (announcement.type === 'PL' || announcement.type === 'H') return { announcements: { ...current, player: onTop(current.player) } };
      return {};
    }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    isPasswordChangePending: ({ context }) => context.passwordChangePending,
    isTrial: ({ context }) => isTrialMember(context.member),
    canLoadConsolidatedFunds: ({ context }) => context.agentPolicy && !isTrialMember(context.member),
  },
});

/**
 * Loads the announcements of the login state being entered and hands their popups to the popup
 * queue, when the app runs one (MSG-08). Leaving the login state withdraws its popups at once: a
 * guest's popup left on screen after the login, until the member's own came, was shown to a member,
 * and a close meant for it shut the member's popups instead when they came first.
 */
const announcementsLoader = (loggedIn: boolean) =>
  sessionSetup.createStateConfig({
    exit: enqueueActions(({ system, enqueue }) => {
      const queue = system.get(SYSTEM_IDS.popupQueue);
      if (queue) enqueue.sendTo(queue, { type: 'popups.withdraw' } satisfies PopupQueueEvent);
    }),
    invoke: {
      id: 'loadAnnouncements',
      src: 'loadAnnouncements',
      input: ({ context }) => ({ token: loggedIn ? context.token : null, query: announcementsQuery(loggedIn) }),
      onDone: {
        actions: [
          { type: 'assignAnnouncements', params: ({ event }) => ({ announcements: event.output }) },
          enqueueActions(({ context, event, system, enqueue }) => {
            const queue = system.get(SYSTEM_IDS.popupQueue);
            if (!queue) return;
            const offer: PopupQueueEvent = {
              type: 'popups.offer',
              popups: event.output.popup,
              audience: loggedIn ? 'member' : 'anonymous',
              firstTimeLogin: context.firstTimeLogin,
            };
            enqueue.sendTo(queue, offer);
          }),
        ],
      },
      onError: { actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) } },
    },
  });

/**
 * Tells the favourites (GAMES-33) and the live machine (the socket, the balance, the unread count:
 * SHELL-24), when the app runs them, that the login state changed. Called from `enqueueActions`
 * with its `sendTo`: built-in sends, not imperative ones, since the live machine starts its
 * children on this event, which must not happen inside an action.
 */
const tellLoginState = (
  loginState: LoginState,
  { context, system, sendTo }: { context: SessionContext; system: { get: (id: string) => AnyActorRef | undefined }; sendTo: (to: AnyActorRef, event: SessionChangedEvent) => void },
): void => {
  const member = loginState === 'loggedOut' ? null : context.member;
  const changed: SessionChangedEvent = { type: 'session.changed', loginState, userName: member?.account ?? null, memberId: member?.id ?? null };
  for (const id of [SYSTEM_IDS.favourites, SYSTEM_IDS.live]) {
    const ref = system.get(id);
    if (ref) sendTo(ref, changed);
  }
};

/** A login, registration, two-factor, free-play or reset flow hands over its session (AUTH-05). */
const acceptsNewSession = sessionSetup.createStateConfig({
  on: {
    'session.start': {
      target: '#session.routing',
      actions: [
        { type: 'assignStart', params: ({ event }) => ({ result: event.result, passwordChangePending: event.passwordChangePending }) },
        { type: 'persistSession', params: ({ event }) => ({ token: event.result.token, userInfo: event.result.userInfo }) },
        { type: 'storePasswordChangePending', params: ({ event }) => ({ pending: event.passwordChangePending }) },
      ],
    },
  },
});

/**
 * Who the user is: logged out, a member (only once member info has loaded) or a trial player
 * (AUTH-15, AUTH-16). Each change of login state loads favourites, announcements and, for
 * non-trial accounts under the agent policy, the consolidated funds (AUTH-18).
 * Every state after `routing` but `loggedOut` holds a token, which the actors' inputs rely on.
 */
export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  context: ({ input }) => ({
    ...loggedOutContext,
    token: input.token,
    userName: input.token === null ? null : input.userName,
    passwordChangePending: input.token !== null && input.passwordChangePending,
    agentPolicy: input.agentPolicy,
    announcements: null,
    error: null,
  }),
  initial: 'routing',
  on: {
    'server.sessionRevoked': {
      guard: 'hasToken',
      target: '.loggedOut',
      actions: ['resetSession', { type: 'clearSessionStorage', params: { keep: SESSION_KEYS_KEPT_ON_LOGOUT } }],
    },
    'server.announcementNew': {
      actions: {
        type: 'addPushedAnnouncement',
        params: ({ event }) => {
          const { eventId: _eventId, at: _at, ...announcement } = event.payload;
          return { announcement };
        },
      },
    },
  },
  states: {
    /** At start (a token restored from session storage) and after each new session. */
    routing: {
      always: [
        { guard: 'isPasswordChangePending', target: 'passwordChangeRequired' },
        { guard: 'hasToken', target: 'loadingMember' },
        { target: 'loggedOut' },
      ],
    },
    loggedOut: {
      entry: enqueueActions(({ context, system, enqueue }) => tellLoginState('loggedOut', { context, system, sendTo: (to, event) => enqueue.sendTo(to, event) })),
      ...announcementsLoader(false),
      ...acceptsNewSession,
    },
    /** Token held, member info not loaded until the forced change succeeds (AUTH-07, AUTH-08). */
    passwordChangeRequired: {
      on: {
        ...acceptsNewSession.on,
        'password.changed': { target: 'loadingMember', actions: { type: 'storePasswordChangePending', params: { pending: false } } },
        'session.logout': 'loggingOut',
      },
    },
    loadingMember: {
      tags: 'loading',
      invoke: {
        id: 'loadMemberInfo',
        src: 'loadMemberInfo',
        input: ({ context }) => ({ token: context.token!, firstOfSession: true }),
        onDone: { target: 'loggedIn', actions: { type: 'assignMember', params: ({ event }) => ({ member: event.output }) } },
        onError: {
          target: 'loggedOut',
          actions: [
            'resetSession',
            { type: 'clearSessionStorage', params: { keep: SESSION_KEYS_KEPT_ON_LOGOUT } },
            { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) },
          ],
        },
      },
    },
    loggedIn: {
      type: 'parallel',
      on: { 'session.logout': 'loggingOut' },
      states: {
        role: {
          initial: 'routing',
          states: {
            routing: { always: [{ guard: 'isTrial', target: 'trial' }, { target: 'member' }] },
            member: {
              entry: enqueueActions(({ context, system, enqueue }) => tellLoginState('member', { context, system, sendTo: (to, event) => enqueue.sendTo(to, event) })),
            },
            trial: {
              entry: enqueueActions(({ context, system, enqueue }) => tellLoginState('trial', { context, system, sendTo: (to, event) => enqueue.sendTo(to, event) })),
            },
          },
        },
        memberInfo: {
          initial: 'loaded',
          states: {
            loaded: { on: { 'member.reload': 'reloading', 'password.changed': 'reloading' } },
            reloading: {
              tags: 'loading',
              invoke: {
                id: 'reloadMemberInfo',
                src: 'loadMemberInfo',
                input: ({ context }) => ({ token: context.token!, firstOfSession: false }),
                onDone: { target: 'loaded', actions: { type: 'assignMember', params: ({ event }) => ({ member: event.output }) } },
                onError: { target: 'loaded', actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) } },
              },
            },
          },
        },
        favourites: {
          invoke: {
            id: 'loadFavouriteIds',
            src: 'loadFavouriteIds',
            input: ({ context }) => ({ token: context.token! }),
            onDone: {
              actions: [
                { type: 'assignFavouriteIds', params: ({ event }) => ({ favourites: event.output }) },
                { type: 'tellFavouritesLoaded', params: ({ event }) => ({ nodeIds: event.output.nodeIds }) },
              ],
            },
            onError: { actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) } },
          },
        },
        announcements: announcementsLoader(true),
        consolidatedFunds: {
          initial: 'routing',
          states: {
            routing: { always: [{ guard: 'canLoadConsolidatedFunds', target: 'loading' }, { target: 'skipped' }] },
            loading: {
              invoke: {
                id: 'loadConsolidatedFunds',
                src: 'loadConsolidatedFunds',
                input: ({ context }) => ({ token: context.token! }),
                onDone: { target: 'loaded', actions: { type: 'assignConsolidatedFunds', params: ({ event }) => ({ funds: event.output }) } },
                onError: { target: 'loaded', actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) } },
              },
            },
            loaded: {},
            skipped: {},
          },
        },
      },
    },
    loggingOut: {
      tags: 'loading',
      invoke: {
        id: 'endSession',
        src: 'endSession',
        input: ({ context }) => ({ token: context.token! }),
        // The local session ends whatever the server answers: a failed call must not keep the user logged in.
        onDone: {
          target: 'loggedOut',
          actions: ['resetSession', { type: 'clearSessionStorage', params: { keep: SESSION_KEYS_KEPT_ON_LOGOUT } }],
        },
        onError: {
          target: 'loggedOut',
          actions: ['resetSession', { type: 'clearSessionStorage', params: { keep: SESSION_KEYS_KEPT_ON_LOGOUT } }],
        },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;

