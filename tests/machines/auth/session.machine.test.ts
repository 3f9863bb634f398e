import { createActor, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { MemberInfo } from '@shared/contract/member';
import { sessionMachine } from '@machines/auth/session.machine';
import {
  selectConsolidatedFunds,
  selectFavouriteIds,
  selectIsAgent,
  selectIsLoggedIn,
  selectIsPasswordChangeRequired,
  selectIsTrial,
  selectLoginState,
  selectMember,
  selectSessionError,
  selectToken,
  selectUserName,
} from '@machines/auth/session.selectors';
import type {
  Announcements,
  AnnouncementsQuery,
  ConsolidatedFunds,
  FavouriteIds,
  PersistedSession,
  SessionInput,
  SessionStorageKey,
} from '@machines/auth/session.types';
import { answeringActor, apiError, controlledActor, flush, rejectingActor } from '../support/fakes';
import { announcement, loginResult, memberInfo } from '../support/fixtures';

const announcements: Announcements = { banners: [], player: [], popup: [announcement(1, 'A')], promotion: [] };
const funds: ConsolidatedFunds = { totalBalance: 12.5, mainBalance: 10, wallets: [{ wallet: 'PG', balance: 2.5 }] };

const start = (input: Partial<SessionInput> = {}, overrides: { member?: () => MemberInfo; logoutFails?: boolean } = {}) => {
  const loadMemberInfo = controlledActor<MemberInfo, { token: string; firstOfSession: boolean }>();
  const logout = answeringActor<null, { token: string }>(() => {
    if (overrides.logoutFails) throw apiError('NETWORK');
    return null;
  });
  const loadFavouriteIds = answeringActor<FavouriteIds, { token: string }>(() => ({ nodeIds: [11, 12] }));
  const loadAnnouncements = answeringActor<Announcements, { token: string | null; query: AnnouncementsQuery }>(() => announcements);
  const loadConsolidatedFunds = answeringActor<ConsolidatedFunds, { token: string }>(() => funds);
  const persistSession = vi.fn<(args: unknown, params: PersistedSession) => void>();
  const storePasswordChangePending = vi.fn<(args: unknown, params: { pending: boolean }) => void>();
  const clearSessionStorage = vi.fn<(args: unknown, params: { keep: readonly SessionStorageKey[] }) => void>();
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        loadMemberInfo: loadMemberInfo.logic,
        endSession: logout.logic,
        loadFavouriteIds: loadFavouriteIds.logic,
        loadAnnouncements: loadAnnouncements.logic,
        loadConsolidatedFunds: loadConsolidatedFunds.logic,
      },
      actions: { persistSession, storePasswordChangePending, clearSessionStorage },
    }),
    { input: { token: null, userName: null, passwordChangePending: false, agentPolicy: true, ...input } },
  ).start();
  const loadMember = async (member: MemberInfo) => {
    await waitFor(actor, (s) => s.matches('loadingMember'));
    loadMemberInfo.resolve(member);
    await waitFor(actor, (s) => s.matches('loggedIn'));
    await flush();
  };
  return {
    actor,
    loadMemberInfo,
    logout,
    loadFavouriteIds,
    loadAnnouncements,
    loadConsolidatedFunds,
    persistSession,
    storePasswordChangePending,
    clearSessionStorage,
    loadMember,
  };
};

describe('session', () => {
  it('[AUTH-15][AUTH-18] starts logged out and loads the visitor announcements (execution B)', async () => {
    const { actor, loadAnnouncements, loadFavouriteIds } = start();
    try {
      expect(selectLoginState(actor.getSnapshot())).toBe('loggedOut');
      await flush();
      expect(loadAnnouncements.calls).toEqual([{ token: null, query: { types: 'B,PL,PU,PR', execution: 'B' } }]);
      expect(loadFavouriteIds.calls).toEqual([]);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-05][AUTH-14][AUTH-15] a login stores token and user info, and counts as logged in only once member info loads', async () => {
    const { actor, persistSession, storePasswordChangePending, loadMemberInfo, loadMember } = start();
    try {
      const result = loginResult();
      actor.send({ type: 'session.start', result, passwordChangePending: false });
      expect(persistSession).toHaveBeenCalledTimes(1);
      const persisted = persistSession.mock.calls[0]![1];
      expect(persisted).toEqual({ token: 'token-1', userInfo: result.userInfo });
      expect(storePasswordChangePending.mock.calls[0]![1]).toEqual({ pending: false });
      expect(JSON.stringify(persisted)).not.toMatch(/password"/i);
      expect(selectToken(actor.getSnapshot())).toBe('token-1');
      expect(selectLoginState(actor.getSnapshot())).toBe('loggedOut');
      expect(loadMemberInfo.calls).toEqual([{ token: 'token-1', firstOfSession: true }]);
      await loadMember(memberInfo(0));
      expect(selectLoginState(actor.getSnapshot())).toBe('member');
      expect(selectMember(actor.getSnapshot())?.account).toBe('player01');
      expect(selectUserName(actor.getSnapshot())).toBe('player01');
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-18] on login it loads favourites, the login-time announcements and the consolidated funds', async () => {
    const { actor, loadMember, loadFavouriteIds, loadAnnouncements, loadConsolidatedFunds } = start({ token: 'stored', userName: 'player01' });
    try {
      await loadMember(memberInfo(0));
      expect(loadFavouriteIds.calls).toEqual([{ token: 'stored' }]);
      expect(loadAnnouncements.calls).toEqual([{ token: 'stored', query: { types: 'B,PL,PU,PR,H' } }]);
      expect(loadConsolidatedFunds.calls).toEqual([{ token: 'stored' }]);
      expect(selectFavouriteIds(actor.getSnapshot())).toEqual([11, 12]);
      expect(selectConsolidatedFunds(actor.getSnapshot())).toEqual(funds);
      expect(actor.getSnapshot().context.announcements).toEqual(announcements);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-18] without the agent policy the consolidated funds are not loaded', async () => {
    const { actor, loadMember, loadConsolidatedFunds, loadFavouriteIds } = start({ token: 'stored', agentPolicy: false });
    try {
      await loadMember(memberInfo(0));
      expect(loadFavouriteIds.calls).toHaveLength(1);
      expect(loadConsolidatedFunds.calls).toEqual([]);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-15][AUTH-16][AUTH-18] account type 4 is a trial session: no consolidated funds', async () => {
    const { actor, loadMember, loadConsolidatedFunds } = start({ token: 'stored' });
    try {
      await loadMember(memberInfo(4));
      expect(selectLoginState(actor.getSnapshot())).toBe('trial');
      expect(selectIsTrial(actor.getSnapshot())).toBe(true);
      expect(selectIsAgent(actor.getSnapshot())).toBe(false);
      expect(loadConsolidatedFunds.calls).toEqual([]);
    } finally {
      actor.stop();
    }
  });

  it.each([
    [1, true],
    [2, true],
    [41, true],
    [42, true],
    [0, false],
    [3, false],
    [4, false],
  ])('[AUTH-16] account type %i sets isAgent %s', async (type, agent) => {
    const { actor, loadMember } = start({ token: 'stored' });
    try {
      await loadMember(memberInfo(type));
      expect(selectIsAgent(actor.getSnapshot())).toBe(agent);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-17] logout calls the endpoint, clears session storage but the merchant code, and resets the login and agent flags', async () => {
    const { actor, loadMember, logout, clearSessionStorage, loadAnnouncements } = start({ token: 'stored' });
    try {
      await loadMember(memberInfo(41));
      expect(selectIsAgent(actor.getSnapshot())).toBe(true);
      actor.send({ type: 'session.logout' });
      await waitFor(actor, (s) => s.matches('loggedOut'));
      expect(logout.calls).toEqual([{ token: 'stored' }]);
      expect(clearSessionStorage).toHaveBeenCalledTimes(1);
      expect(clearSessionStorage.mock.calls[0]![1]).toEqual({ keep: ['merchantCode'] });
      expect(selectIsLoggedIn(actor.getSnapshot())).toBe(false);
      expect(selectIsAgent(actor.getSnapshot())).toBe(false);
      expect(selectToken(actor.getSnapshot())).toBeNull();
      expect(selectFavouriteIds(actor.getSnapshot())).toEqual([]);
      await flush();
      expect(loadAnnouncements.calls.at(-1)).toEqual({ token: null, query: { types: 'B,PL,PU,PR', execution: 'B' } });
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-17] a failed logout call still ends the local session', async () => {
    const { actor, loadMember, clearSessionStorage } = start({ token: 'stored' }, { logoutFails: true });
    try {
      await loadMember(memberInfo(0));
      actor.send({ type: 'session.logout' });
      await waitFor(actor, (s) => s.matches('loggedOut'));
      expect(clearSessionStorage).toHaveBeenCalledTimes(1);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-17] a session revoked by the server (socket) logs out without calling logout', async () => {
    const { actor, loadMember, logout, clearSessionStorage } = start({ token: 'stored' });
    try {
      await loadMember(memberInfo(0));
      actor.send({ type: 'server.sessionRevoked', payload: { reason: 'password_changed', eventId: 3, at: '2026-01-01T00:00:00Z' } });
      expect(selectLoginState(actor.getSnapshot())).toBe('loggedOut');
      expect(logout.calls).toEqual([]);
      expect(clearSessionStorage.mock.calls[0]![1]).toEqual({ keep: ['merchantCode'] });
      actor.send({ type: 'server.sessionRevoked', payload: { reason: 'operator', eventId: 4, at: '2026-01-01T00:00:00Z' } });
      expect(clearSessionStorage).toHaveBeenCalledTimes(1);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-09][ERR-03] a token whose member info fails to load leaves the user logged out with the error code', async () => {
    const { actor, loadMemberInfo, clearSessionStorage } = start({ token: 'expired' });
    try {
      await waitFor(actor, (s) => s.matches('loadingMember'));
      loadMemberInfo.reject(apiError('SESSION_EXPIRED'));
      await waitFor(actor, (s) => s.matches('loggedOut'));
      expect(selectSessionError(actor.getSnapshot())?.code).toBe('SESSION_EXPIRED');
      expect(selectToken(actor.getSnapshot())).toBeNull();
      expect(clearSessionStorage).toHaveBeenCalledTimes(1);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-07][AUTH-08] a forced password change holds the token but loads member info only after the change', async () => {
    const { actor, loadMemberInfo, storePasswordChangePending, loadMember } = start();
    try {
      actor.send({ type: 'session.start', result: loginResult({ mustChangePassword: true }), passwordChangePending: true });
      expect(selectIsPasswordChangeRequired(actor.getSnapshot())).toBe(true);
      expect(selectToken(actor.getSnapshot())).toBe('token-1');
      expect(storePasswordChangePending.mock.calls[0]![1]).toEqual({ pending: true });
      expect(loadMemberInfo.calls).toEqual([]);
      expect(selectIsLoggedIn(actor.getSnapshot())).toBe(false);
      actor.send({ type: 'password.changed' });
      expect(storePasswordChangePending.mock.calls[1]![1]).toEqual({ pending: false });
      await loadMember(memberInfo(0));
      expect(selectLoginState(actor.getSnapshot())).toBe('member');
      expect(actor.getSnapshot().context.passwordChangePending).toBe(false);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-19] a reload during a forced change (cpw kept) returns to the change, keeping the username', async () => {
    const { actor, loadMemberInfo } = start({ token: 'stored', userName: 'player01', passwordChangePending: true });
    try {
      expect(selectIsPasswordChangeRequired(actor.getSnapshot())).toBe(true);
      expect(selectUserName(actor.getSnapshot())).toBe('player01');
      expect(loadMemberInfo.calls).toEqual([]);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-17] logging out from a pending forced change ends that session', async () => {
    const { actor, logout } = start({ token: 'stored', passwordChangePending: true });
    try {
      actor.send({ type: 'session.logout' });
      await waitFor(actor, (s) => s.matches('loggedOut'));
      expect(logout.calls).toEqual([{ token: 'stored' }]);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-43] a new session (e.g. free play) replaces a pending forced change and removes cpw', async () => {
    const { actor, persistSession, storePasswordChangePending, loadMember } = start({ token: 'stored', passwordChangePending: true });
    try {
      actor.send({ type: 'session.start', result: loginResult({ token: 'trial-token' }, 4), passwordChangePending: false });
      expect(persistSession.mock.calls[0]![1]).toMatchObject({ token: 'trial-token' });
      expect(storePasswordChangePending.mock.calls[0]![1]).toEqual({ pending: false });
      await loadMember(memberInfo(4));
      expect(selectLoginState(actor.getSnapshot())).toBe('trial');
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-36] a password change while logged in reloads member info; a failed reload keeps the session', async () => {
    const { actor, loadMemberInfo, loadMember } = start({ token: 'stored' });
    try {
      await loadMember(memberInfo(0));
      actor.send({ type: 'password.changed' });
      expect(actor.getSnapshot().hasTag('loading')).toBe(true);
      loadMemberInfo.resolve(memberInfo(0, { nickname: 'Renamed' }));
      await waitFor(actor, (s) => !s.hasTag('loading'));
      expect(selectMember(actor.getSnapshot())?.nickname).toBe('Renamed');

      actor.send({ type: 'member.reload' });
      loadMemberInfo.reject(apiError('NETWORK'));
      await waitFor(actor, (s) => !s.hasTag('loading'));
      expect(selectLoginState(actor.getSnapshot())).toBe('member');
      expect(selectSessionError(actor.getSnapshot())?.code).toBe('NETWORK');
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-15] the first member-info read of a session, restored or new, says it is the first; a reload does not', async () => {
    const { actor, loadMemberInfo, loadMember } = start({ token: 'stored' });
    try {
      await loadMember(memberInfo(0));
      actor.send({ type: 'member.reload' });
      loadMemberInfo.resolve(memberInfo(0));
      await waitFor(actor, (s) => !s.hasTag('loading'));
      actor.send({ type: 'session.logout' });
      await waitFor(actor, (s) => s.matches('loggedOut'));
      actor.send({ type: 'session.start', result: loginResult({ token: 'fresh' }), passwordChangePending: false });
      await loadMember(memberInfo(0));
      expect(loadMemberInfo.calls).toEqual([
        { token: 'stored', firstOfSession: true },
        { token: 'stored', firstOfSession: false },
        { token: 'fresh', firstOfSession: true },
      ]);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-18] a loader that fails records its error code and keeps the session', async () => {
    const loadMemberInfo = answeringActor<MemberInfo, { token: string; firstOfSession: boolean }>(() => memberInfo(0));
    const failure = apiError('INTERNAL');
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          loadMemberInfo: loadMemberInfo.logic,
          endSession: rejectingActor<null, { token: string }>(failure).logic,
          loadFavouriteIds: rejectingActor<FavouriteIds, { token: string }>(failure).logic,
          loadAnnouncements: rejectingActor<Announcements, { token: string | null; query: AnnouncementsQuery }>(failure).logic,
          loadConsolidatedFunds: rejectingActor<ConsolidatedFunds, { token: string }>(failure).logic,
        },
        actions: { persistSession: () => {}, storePasswordChangePending: () => {}, clearSessionStorage: () => {} },
      }),
      { input: { token: 'stored', userName: 'player01', passwordChangePending: false, agentPolicy: true } },
    ).start();
    try {
      await waitFor(actor, (s) => s.matches({ loggedIn: { consolidatedFunds: 'loaded' } }));
      await flush();
      expect(selectLoginState(actor.getSnapshot())).toBe('member');
      expect(selectSessionError(actor.getSnapshot())?.code).toBe('INTERNAL');
      expect(selectFavouriteIds(actor.getSnapshot())).toEqual([]);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-18] visitor announcements that fail to load record their error; the visitor stays logged out', async () => {
    const actor = createActor(
      sessionMachine.provide({
        actors: { loadAnnouncements: rejectingActor<Announcements, { token: string | null; query: AnnouncementsQuery }>(apiError('NETWORK')).logic },
        actions: { persistSession: () => {}, storePasswordChangePending: () => {}, clearSessionStorage: () => {} },
      }),
      { input: { token: null, userName: null, passwordChangePending: false, agentPolicy: false } },
    ).start();
    try {
      await waitFor(actor, (s) => selectSessionError(s) !== null);
      expect(selectSessionError(actor.getSnapshot())?.code).toBe('NETWORK');
      expect(selectLoginState(actor.getSnapshot())).toBe('loggedOut');
    } finally {
      actor.stop();
    }
  });
});
