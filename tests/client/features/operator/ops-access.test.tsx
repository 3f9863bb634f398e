import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiCallError } from '@client/lib/api-client';
import { isOpsPath, paths } from '@client/config/paths';
import { opsApi } from '@client/features/operator/ops-api';
import { OPS_SESSION_KEY, opsSessionStore, readOpsToken, startOpsSession } from '@client/features/operator/ops-session';
import { PLAYER } from '../../../helpers/render-app';
import { OPERATOR_SESSION, renderOps, resetOps } from './ops-harness';

beforeEach(() => resetOps());

const dashboardHandlers = {
  opsSystemStatus: () => ({ maintenance: false, regionBlockCount: 0 }),
};

const findSignIn = () => screen.findByRole('heading', { name: 'operator:login.title' });
const findDashboard = () => screen.findByRole('heading', { level: 1, name: 'operator:nav.dashboard' });

describe('operator console: sign-in and route guard', () => {
  it('without an operator session /ops is the operator sign-in, with none of the player site', async () => {
    await renderOps({ signedIn: false });
    expect(await findSignIn()).toBeInTheDocument();
    expect(screen.getByLabelText('operator:login.username')).toBeInTheDocument();
    expect(screen.getByLabelText('operator:login.password')).toBeInTheDocument();
    expect(screen.getByLabelText('operator:login.code')).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByTestId('mini-game')).not.toBeInTheDocument();
  });

  it("a player's token and session do not open the console", async () => {
    window.sessionStorage.setItem('token', 'player-token-abc');
    const { opsApi: fake } = await renderOps({ signedIn: false, handlers: dashboardHandlers, player: PLAYER });
    expect(await findSignIn()).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'operator:nav.dashboard' })).not.toBeInTheDocument();
    expect(fake.calls).toEqual([]);
  });

  it('a console page asked for without a session goes to the sign-in at /ops', async () => {
    const { router } = await renderOps({ path: '/ops?page=deposits', signedIn: false });
    expect(await findSignIn()).toBeInTheDocument();
    expect(router.location.search).toBe('');
  });

  it('empty username or password asks for both and sends nothing', async () => {
    const { user, opsApi: fake } = await renderOps({ signedIn: false });
    await user.click(await screen.findByRole('button', { name: 'operator:login.submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('operator:login.missing');
    expect(fake.callsTo('operatorLogin')).toEqual([]);
  });

  it('a missing or short authenticator code asks for it and sends nothing; the field keeps digits only', async () => {
    const { user, opsApi: fake } = await renderOps({ signedIn: false });
    await user.type(await screen.findByLabelText('operator:login.username'), 'operator');
    await user.type(screen.getByLabelText('operator:login.password'), 'dev-only-Operator#1');
    await user.click(screen.getByRole('button', { name: 'operator:login.submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('operator:login.missing');
    await user.type(screen.getByLabelText('operator:login.code'), '12a3-45');
    expect(screen.getByLabelText('operator:login.code')).toHaveValue('12345');
    await user.click(screen.getByRole('button', { name: 'operator:login.submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('operator:login.missing');
    expect(fake.callsTo('operatorLogin')).toEqual([]);
  });

  it('a locked operator account is told how the lock ends', async () => {
    const { user } = await renderOps({
      signedIn: false,
      handlers: {
        operatorLogin: () => {
          throw new ApiCallError('ACCOUNT_LOCKED', 423, 'Too many failed operator sign-ins');
        },
      },
    });
    await user.type(await screen.findByLabelText('operator:login.username'), 'operator');
    await user.type(screen.getByLabelText('operator:login.password'), 'dev-only-Operator#1');
    await user.type(screen.getByLabelText('operator:login.code'), '123456');
    await user.click(screen.getByRole('button', { name: 'operator:login.submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('operator:login.errors.ACCOUNT_LOCKED');
  });

  it("[ERR-26] a wrong password shows the server's translated error and keeps no session", async () => {
    const { user, opsApi: fake } = await renderOps({
      signedIn: false,
      handlers: {
        operatorLogin: () => {
          throw new ApiCallError('INVALID_CREDENTIALS', 401, 'Wrong operator username or password');
        },
      },
    });
    await user.type(await screen.findByLabelText('operator:login.username'), 'operator');
    await user.type(screen.getByLabelText('operator:login.password'), 'wrong-password');
    await user.type(screen.getByLabelText('operator:login.code'), '123456');
    await user.click(screen.getByRole('button', { name: 'operator:login.submit' }));
    // The operator wording: it does not tell which of the three was wrong.
    expect(await screen.findByRole('alert')).toHaveTextContent('operator:login.errors.INVALID_CREDENTIALS');
    expect(fake.callsTo('operatorLogin')).toEqual([{ body: { username: 'operator', password: 'wrong-password', code: '123456' } }]);
    expect(window.sessionStorage.getItem(OPS_SESSION_KEY)).toBeNull();
    expect(screen.getByRole('heading', { name: 'operator:login.title' })).toBeInTheDocument();
  });

  it("signing in opens the dashboard and keeps the operator token apart from the player's", async () => {
    window.sessionStorage.setItem('token', 'player-token-abc');
    const { user } = await renderOps({ signedIn: false, player: PLAYER, handlers: { operatorLogin: () => OPERATOR_SESSION, ...dashboardHandlers } });
    await user.type(await screen.findByLabelText('operator:login.username'), 'operator');
    await user.type(screen.getByLabelText('operator:login.password'), 'dev-only-Operator#1');
    await user.type(screen.getByLabelText('operator:login.code'), '654321');
    await user.click(screen.getByRole('button', { name: 'operator:login.submit' }));
    expect(await findDashboard()).toBeInTheDocument();
    expect(JSON.parse(window.sessionStorage.getItem(OPS_SESSION_KEY) ?? '{}')).toMatchObject({ token: OPERATOR_SESSION.token });
    expect(window.sessionStorage.getItem('token')).toBe('player-token-abc');
    expect(readOpsToken()).toBe(OPERATOR_SESSION.token);
  });

  it('the operator API client sends the operator token, never the player token', async () => {
    window.sessionStorage.setItem('token', 'player-token-abc');
    const sent: (string | undefined)[] = [];
    const instance = await opsApi.axios();
    const adapter = instance.defaults.adapter;
    instance.defaults.adapter = async (config) => {
      sent.push(config.headers.get('Authorization')?.toString());
      return { data: { success: true, code: 'OK', message: 'OK', value: { maintenance: false, regionBlockCount: 0 } }, status: 200, statusText: 'OK', headers: {}, config };
    };
    try {
      await opsApi.call('opsSystemStatus').catch(() => null);
      startOpsSession(OPERATOR_SESSION);
      await opsApi.call('opsSystemStatus');
    } finally {
      instance.defaults.adapter = adapter;
    }
    expect(sent).toEqual([undefined, `Bearer ${OPERATOR_SESSION.token}`]);
  });

  it('a stored operator session that has run out counts as none', async () => {
    window.sessionStorage.setItem(OPS_SESSION_KEY, JSON.stringify({ ...OPERATOR_SESSION, expiresAt: new Date(Date.now() - 1000).toISOString() }));
    opsSessionStore.reset();
    expect(readOpsToken()).toBeNull();
    await renderOps({ signedIn: false });
    expect(await findSignIn()).toBeInTheDocument();
  });

  it('a token the server refuses ends the session and returns to the sign-in with a notice', async () => {
    await renderOps({
      handlers: {
        opsSystemStatus: () => {
          throw new ApiCallError('UNAUTHORIZED', 401, 'Operator sign-in required');
        },
      },
    });
    expect(await screen.findByText('operator:login.expired')).toBeInTheDocument();
    expect(window.sessionStorage.getItem(OPS_SESSION_KEY)).toBeNull();
  });

  it('signing out ends the operator session on the server and here', async () => {
    const { user, opsApi: fake } = await renderOps({ handlers: { ...dashboardHandlers, operatorLogout: () => null } });
    await user.click(await screen.findByRole('button', { name: 'operator:signOut' }));
    expect(await findSignIn()).toBeInTheDocument();
    expect(fake.callsTo('operatorLogout')).toHaveLength(1);
    expect(window.sessionStorage.getItem(OPS_SESSION_KEY)).toBeNull();
  });

  it('[SHELL-48] the console stays reachable while the site is under maintenance, so it can be switched off', async () => {
    await renderOps({ permission: { maintenance: true }, handlers: { opsSystemStatus: () => ({ maintenance: true, regionBlockCount: 0 }) } });
    expect(await findDashboard()).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'shell:game_maintenance' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'operator:dashboard.turnOff' })).toBeInTheDocument());
  });

  it('[SHELL-49] the console stays reachable from a region-blocked address', async () => {
    await renderOps({ permission: { regionRestriction: true }, handlers: dashboardHandlers });
    expect(await findDashboard()).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'shell:blockip' })).not.toBeInTheDocument();
  });

  it('/ops is the console path, however it is cased; the site keeps every other path', () => {
    expect(['/ops', '/OPS', '/ops/'].map(isOpsPath)).toEqual([true, true, true]);
    expect(['/', '/opsx', '/member', '/agent'].map(isOpsPath)).toEqual([false, false, false, false]);
    expect(paths.ops.getHref('withdrawals')).toBe('/ops?page=withdrawals');
  });

  it('the menu opens each console page by ?page=', async () => {
    const { user, router } = await renderOps({ handlers: { ...dashboardHandlers, opsAuditLog: () => ({ list: [], pageNum: 1, totalPages: 0, total: 0 }) } });
    await user.click(await screen.findByRole('link', { name: 'operator:nav.auditLog' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'operator:nav.auditLog' })).toBeInTheDocument();
    expect(router.location.search).toBe('?page=auditLog');
    expect(screen.getByRole('link', { name: 'operator:nav.auditLog' })).toHaveAttribute('aria-current', 'page');
  });
});
