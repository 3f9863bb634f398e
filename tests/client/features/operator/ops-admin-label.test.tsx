import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { startOpsSession } from '@client/features/operator/ops-session';
import { OPERATOR_SESSION, renderOps, resetOps } from './ops-harness';

beforeEach(() => resetOps());

const dashboardHandlers = { opsSystemStatus: () => ({ maintenance: false, regionBlockCount: 0 }) };

/** The operator shown in the console's top bar: name and role label. */
const operatorBadge = async () => {
  await screen.findByRole('heading', { level: 1, name: 'operator:nav.dashboard' });
  return within(screen.getByRole('banner'));
};

describe('operator console: the admin label', () => {
  it('[AUTH-49] an operator account with the admin role is labelled Admin beside its name, translated', async () => {
    await renderOps({ handlers: dashboardHandlers });
    const badge = await operatorBadge();
    expect(badge.getByText(OPERATOR_SESSION.operator.username)).toBeVisible();
    expect(badge.getByText('auth:roles.admin')).toBeVisible();
    expect(badge.queryByText('admin')).not.toBeInTheDocument();
  });

  it('[AUTH-49] another role gets no Admin label: it shows as stored', async () => {
    startOpsSession({ ...OPERATOR_SESSION, operator: { ...OPERATOR_SESSION.operator, role: 'support' } });
    await renderOps({ signedIn: false, handlers: dashboardHandlers });
    const badge = await operatorBadge();
    expect(badge.getByText('support')).toBeVisible();
    expect(badge.queryByText('auth:roles.admin')).not.toBeInTheDocument();
  });
});
