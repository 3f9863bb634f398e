import { QueryClient } from '@tanstack/react-query';
import { render, screen, within, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { OperatorSession } from '@shared/contract/operator';
import type { SessionMember } from '@machines/auth/session.selectors';
import { deriveSystemStatus, type Permission } from '@shared/contract/system';
import { App } from '@client/app/app';
import type { AppRouter } from '@client/app/router';
import { OpsApiProvider } from '@client/features/operator/ops-api';
import { opsSessionStore, startOpsSession } from '@client/features/operator/ops-session';
import { initI18n } from '@client/lib/i18n';
import { createFakeApi, type FakeApi, type FakeHandlers } from '../../../helpers/fake-api';
import { makePermission } from '../../../helpers/permission-fixture';
import { createFakeBus } from '../../../helpers/fake-bus';
import { createTestRouter, memberHandlers, resetShell, startTestApp } from '../../../helpers/render-app';

export const OPERATOR_SESSION: OperatorSession = {
  token: 'ops-token-0123456789abcdef',
  expiresAt: new Date(Date.now() + 12 * 60 * 60 * 1000).toISOString(),
  operator: { id: 1, username: 'operator', role: 'admin' },
};

/** Shell stores, storage and the operator session back to a fresh start. */
export const resetOps = (): void => {
  resetShell();
  opsSessionStore.reset();
};

export interface RenderOpsOptions {
  path?: string;
  /** The operator API's answers; a call without one fails with 501 NOT_IMPLEMENTED. */
  handlers?: FakeHandlers;
  permission?: Partial<Permission>;
  /** Signed in as the operator before the first render (default); false for no operator session. */
  signedIn?: boolean;
  /** The player whose session this tab holds (its token in session storage): the player API answers for them. */
  player?: SessionMember;
}

export interface RenderedOps extends RenderResult {
  opsApi: FakeApi;
  playerApi: FakeApi;
  router: AppRouter;
  user: UserEvent;
}

/** The whole client at an /ops path: the player API and the operator API are separate fakes. */
export const renderOps = async ({ path = '/ops', handlers = {}, permission, signedIn = true, player }: RenderOpsOptions = {}): Promise<RenderedOps> => {
  await initI18n({ lng: 'cimode' });
  const config = makePermission(permission);
  const playerApi = createFakeApi({
    systemPermission: () => config,
    systemStatus: () => ({ status: deriveSystemStatus(config), maintenance: config.maintenance, regionRestriction: config.regionRestriction, ip: config.location.ip }),
    ...(player ? memberHandlers(player) : {}),
  });
  const opsApi = createFakeApi(handlers);
  if (signedIn) startOpsSession(OPERATOR_SESSION);
  const router = createTestRouter(path);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const bus = createFakeBus();
  const app = startTestApp({ api: playerApi, bus, queryClient, router });
  const user = userEvent.setup();
  const result = render(
    <OpsApiProvider api={opsApi}>
      <App api={playerApi} app={app} bus={bus} router={router} queryClient={queryClient} />
    </OpsApiProvider>,
  );
  return { ...result, opsApi, playerApi, router, user };
};

/** The open dialog with this title. */
export const findDialog = async (title: string): Promise<HTMLElement> => screen.findByRole('dialog', { name: title });

/** The table row with a cell of exactly this text. */
export const rowWith = (text: string): HTMLElement => {
  const row = screen.getByRole('cell', { name: text }).closest('tr');
  if (!row) throw new Error(`no table row holds "${text}"`);
  return row;
};

export const inRow = (text: string) => within(rowWith(text));
