import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { UNSAFE_createMemoryHistory } from 'react-router-dom';
import { vi } from 'vitest';
import { waitFor as waitForActor } from 'xstate';
import type { Permission } from '@shared/contract/system';
import { deriveSystemStatus } from '@shared/contract/system';
import { BOOT_READS_ELEMENT_ID, type BootRead } from '@shared/boot-reads';
import type { LiveBus } from '@machines/app/bus-bridge';
import type { SessionMember } from '@machines/auth/session.selectors';
import { selectLoginState } from '@machines/auth/session.selectors';
import { SYSTEM_IDS } from '@machines/shared/ids';
import { App } from '@client/app/app';
import { createAppActor, startAppActor } from '@client/app/create-app-actor';
import { preloadShellParts } from '@client/app/layouts/site-layout';
import { contractPopup, createAppRouter, forcedPasswordChange, popupContents, type AppRouter } from '@client/app/router';
import type { AppActorApi } from '@client/lib/api-client';
import { initI18n } from '@client/lib/i18n';
import { ApiProvider } from '@client/state/api';
import { takeBootReads } from '@client/app/boot-reads';
import { createQueryClient } from '@client/state/queries';
import { AppActorProvider, logOut, popupsOf, type AppActor, type LiveRef, type Popups, type PopupQueueRef, type SessionRef } from '@client/state/app-actor';
import { resetUiState } from '@client/state/ui-state';
import { loginResult, memberInfo } from './accounts-fixture';
import { createFakeApi, type FakeApi, type FakeHandlers } from './fake-api';
import { createFakeBus } from './fake-bus';
import { makePermission } from './permission-fixture';

export type { SessionMember };

export const PLAYER: SessionMember = { id: 7, account: 'player01', nickname: 'Lucky Seven', type: 0 };
export const AGENT: SessionMember = { id: 8, account: 'agent01', nickname: 'Boss Eight', type: 1 };
export const TRIAL: SessionMember = { id: 9, account: 'trial01', nickname: 'Guest', type: 4 };

/** The app actors started since the last reset: each test starts a fresh app. */
const running: (() => void)[] = [];

/** Every app actor stopped, the plain UI state back to a fresh start, storage empty, browser APIs jsdom lacks stubbed. */
export const resetShell = (): void => {
  for (const stop of running.splice(0)) stop();
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetUiState();
  // As Chromium's do now: the scroll methods return a promise (an effect that returns one breaks React's clean-up).
  window.scrollTo = vi.fn(() => Promise.resolve()) as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = vi.fn(() => Promise.resolve()) as unknown as typeof Element.prototype.scrollIntoView;
};

/** What the server answers about `member` while their session is held: member info and favourites. */
export const memberHandlers = (member: SessionMember): FakeHandlers => ({
  memberInfo: () => memberInfo(member.type, { id: member.id, account: member.account, nickname: member.nickname }),
  favoriteIds: () => ({ nodeIds: [] }),
  // A site without VIP levels (MEMBER-16), as production starts.
  vipStatus: () => ({ levels: [], rank: 0, name: '', turnover: 0, next: null, bonuses: [], claimableCount: 0 }),
});

/** The session this tab holds for `member` (session storage), which the app restores at start (AUTH-19). */
const storeMemberSession = (member: SessionMember): void => {
  window.sessionStorage.setItem('token', `token-${member.id}`);
  window.sessionStorage.setItem('username', member.account);
};

export interface TestAppDeps {
  api: AppActorApi;
  bus: LiveBus;
  queryClient: QueryClient;
  router: { navigate: (href: string) => unknown };
}

/** The app's router on a memory history at `path`, which tells the router of each push as the browser one does (v5Compat). */
export const createTestRouter = (path: string): AppRouter => createAppRouter(UNSAFE_createMemoryHistory({ initialEntries: [path], v5Compat: true }));

/** The app actor on a fake API and bus, started as main.tsx starts it; resetShell stops it. */
export const startTestApp = ({ api, bus, queryClient, router }: TestAppDeps): AppActor => {
  const app = createAppActor({ api, bus, queryClient });
  running.push(startAppActor(app, { queryClient, navigate: (href) => void router.navigate(href) }));
  return app;
};

/**
 * The popups' contents (and the forced password change, the contract popup, the shell's lazy parts: side menu, avatar menu entries,
 * and what runs while a session is online) are lazy chunks; transforming them the first time takes longer than Testing Library's 1 s wait, so they are loaded once up front and then open at once,
 * as a warm cache would.
 */
let popupsLoaded: Promise<unknown> | null = null;
const loadPopups = () =>
  (popupsLoaded ??= Promise.all([
    ...Object.values(popupContents).map((content) => content?.preload()),
    forcedPasswordChange.preload(),
    contractPopup.preload(),
    preloadShellParts(),
    import('@client/app/online-logic'),
  ]));

/** Settles once a session's online part (socket, balance, unread count...) runs, as it does a moment after a login. */
const whenOnline = async (app: AppActor) => {
  if (selectLoginState((app.system.get(SYSTEM_IDS.session) as SessionRef).getSnapshot()) === 'loggedOut') return;
  await waitForActor(app.system.get(SYSTEM_IDS.live) as LiveRef, (snapshot) => snapshot.matches({ online: 'running' }));
};

export interface RenderAppOptions {
  path?: string;
  permission?: Partial<Permission>;
  /** Logged in as this member before the first render (a session restored from session storage); a guest when absent. */
  member?: SessionMember;
  handlers?: FakeHandlers;
  /** i18n language; 'cimode' renders keys (ns:key). */
  lng?: string;
  /** The bus the app's live machine connects (a fake bus by default). */
  bus?: LiveBus;
  /** Kept for tests that name the bus here: the real session and account screens always run. */
  accounts?: true | { bus: LiveBus };
  /** Rendered beside the app, on the same app actor, API and cache (a test's own controls). */
  extra?: ReactNode;
  /** Reads answered with the page, as the server puts them into a lobby or agent page (src/server/http/page-reads.ts). */
  bootReads?: BootRead[];
}

export interface RenderedApp extends RenderResult {
  api: FakeApi;
  app: AppActor;
  router: AppRouter;
  user: UserEvent;
  /** Opens and closes modals as the app's views do. */
  popups: Popups;
  /** A login of `member` handed to the session, as a login flow does; settles once logged in. */
  signIn: (member: SessionMember) => Promise<void>;
  /** Logs out through the session (AUTH-17); settles once logged out. */
  signOut: () => Promise<void>;
}

/** The whole client at `path`, on a memory router, a fake API and a fake bus (no server). */
export const renderApp = async ({
  path = '/',
  permission,
  member,
  handlers = {},
  lng = 'cimode',
  bus: givenBus,
  accounts,
  extra,
  bootReads,
}: RenderAppOptions = {}): Promise<RenderedApp> => {
  await Promise.all([initI18n({ lng }), loadPopups()]);
  const config = makePermission(permission);
  const api = createFakeApi({
    systemPermission: () => config,
    systemStatus: () => ({ status: deriveSystemStatus(config), maintenance: config.maintenance, regionRestriction: config.regionRestriction, ip: config.location.ip }),
    ...(member ? memberHandlers(member) : {}),
    ...handlers,
  });
  if (member) storeMemberSession(member);
  const bus = givenBus ?? (typeof accounts === 'object' ? accounts.bus : createFakeBus());
  // With reads from the page, the app's own query client, as main.tsx boots: their freshness is its staleTime's.
  const queryClient = bootReads ? createQueryClient() : new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (bootReads) {
    // The page's block taken into the cache before the app starts.
    const block = Object.assign(document.createElement('script'), { type: 'application/json', id: BOOT_READS_ELEMENT_ID, textContent: JSON.stringify(bootReads) });
    document.head.append(block);
    takeBootReads(queryClient);
  }
  const router = createTestRouter(path);
  const app = startTestApp({ api, bus, queryClient, router });
  const sessionRef = () => app.system.get(SYSTEM_IDS.session) as SessionRef;
  // The member's session is restored before the first render, as a page of a logged-in tab shows it.
  if (member) {
    await waitForActor(app, (snapshot) => snapshot.matches('running'));
    await waitForActor(sessionRef(), (snapshot) => selectLoginState(snapshot) !== 'loggedOut' || snapshot.matches('loggedOut'));
    await whenOnline(app);
  }
  const user = userEvent.setup();
  const result = render(
    <>
      <App api={api} app={app} bus={bus} router={router} queryClient={queryClient} />
      {extra ? (
        <ApiProvider api={api}>
          <AppActorProvider app={app} bus={bus}>
            <QueryClientProvider client={queryClient}>{extra}</QueryClientProvider>
          </AppActorProvider>
        </ApiProvider>
      ) : null}
    </>,
  );
  const queue = () => popupsOf(app.system.get(SYSTEM_IDS.popupQueue) as PopupQueueRef);
  const popups: Popups = {
    // cast: `open`'s arguments depend on the modal kind; they are passed through unchanged.
    open: ((...args: unknown[]) => act(() => (queue().open as (...forwarded: unknown[]) => void)(...args))) as Popups['open'],
    close: (kind) => act(() => queue().close(kind)),
  };
  const signIn = async (next: SessionMember) => {
    api.handle(memberHandlers(next));
    const session = sessionRef();
    const result = loginResult({ token: `token-${next.id}` }, next.type);
    await act(async () => {
      session.send({ type: 'session.start', result: { ...result, userInfo: { ...result.userInfo, id: next.id, account: next.account, userName: next.account, nickname: next.nickname } }, passwordChangePending: false });
      await waitForActor(session, (snapshot) => selectLoginState(snapshot) !== 'loggedOut');
      await whenOnline(app);
    });
  };
  const signOut = () => act(() => logOut(sessionRef()));
  return { ...result, api, app, router, user, popups, signIn, signOut };
};
