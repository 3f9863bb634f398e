import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import type { Permission } from '@shared/contract/system';
import { deriveSystemStatus } from '@shared/contract/system';
import { App } from '@client/app/app';
import { appRoutes } from '@client/app/router';
import { resetSlots } from '@client/app/slots';
import { popupStore } from '@client/app/stores/popups';
import { publicStateStore } from '@client/app/stores/public-state';
import { sessionControlsStore } from '@client/app/stores/session-controls';
import { sessionInfoFromMember, sessionInfoStore, type SessionMember } from '@client/app/stores/session-info';
import { shellUiStore } from '@client/app/stores/shell-ui';
import { startAccounts } from '@client/app/start-accounts';
import { systemStore } from '@client/app/stores/system-store';
import { toastStore } from '@client/app/stores/toasts';
import { createEventBus, type EventBus } from '@client/lib/event-bus';
import { initI18n } from '@client/lib/i18n';
import { themeStore } from '@client/lib/theme';
import { createFakeApi, type FakeApi, type FakeHandlers } from './fake-api';
import { createFakeSocket } from './fake-bus';
import { makePermission } from './permission-fixture';

export const PLAYER: SessionMember = { id: 7, account: 'player01', nickname: 'Lucky Seven', type: 0 };
export const AGENT: SessionMember = { id: 8, account: 'agent01', nickname: 'Boss Eight', type: 1 };
export const TRIAL: SessionMember = { id: 9, account: 'trial01', nickname: 'Guest', type: 4 };

let stopAccounts: (() => void) | null = null;

/** Every shell store back to a fresh start, storage empty, browser APIs jsdom lacks stubbed. */
export const resetShell = (): void => {
  stopAccounts?.();
  stopAccounts = null;
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const store of [systemStore, sessionInfoStore, publicStateStore, popupStore, shellUiStore, toastStore, sessionControlsStore, themeStore]) store.reset();
  resetSlots();
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = vi.fn();
};

export interface RenderAppOptions {
  path?: string;
  permission?: Partial<Permission>;
  /** Logged in as this member before the first render; a guest when absent. */
  member?: SessionMember;
  handlers?: FakeHandlers;
  /** i18n language; 'cimode' renders keys (ns:key). */
  lng?: string;
  /**
   * Runs the real session, account screens and socket listener (startAccounts) on the fake API and
   * this bus (one over a fake socket when `true`). Log in through `handlers` and session storage.
   */
  accounts?: true | { bus: EventBus };
}

export interface RenderedApp extends RenderResult {
  api: FakeApi;
  router: ReturnType<typeof createMemoryRouter>;
  user: UserEvent;
}

/** The whole client at `path`, on a memory router and a fake API (no server). */
export const renderApp = async ({ path = '/', permission, member, handlers = {}, lng = 'cimode', accounts }: RenderAppOptions = {}): Promise<RenderedApp> => {
  await initI18n({ lng });
  const config = makePermission(permission);
  const api = createFakeApi({
    systemPermission: () => config,
    systemStatus: () => ({ status: deriveSystemStatus(config), maintenance: config.maintenance, regionRestriction: config.regionRestriction, ip: config.location.ip }),
    ...handlers,
  });
  if (member) sessionInfoStore.set(sessionInfoFromMember(member));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (accounts) stopAccounts = startAccounts({ api, bus: accounts === true ? createEventBus(createFakeSocket().socket) : accounts.bus, queryClient });
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const user = userEvent.setup();
  const result = render(<App api={api} router={router} queryClient={queryClient} />);
  return { ...result, api, router, user };
};
