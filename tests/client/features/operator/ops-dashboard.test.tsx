import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiCallError } from '@client/lib/api-client';
import { findDialog, renderOps, resetOps } from './ops-harness';

beforeEach(() => resetOps());

/** A server whose maintenance flag the console can switch. */
const maintenanceServer = (initial: boolean) => {
  let maintenance = initial;
  return {
    opsSystemStatus: () => ({ maintenance, regionBlockCount: 2 }),
    opsSetMaintenance: ({ body }: { body?: { on: boolean } }) => {
      maintenance = body?.on ?? maintenance;
      return { maintenance, regionBlockCount: 2 };
    },
  };
};

describe('operator console: dashboard', () => {
  it('[SHELL-46] [SHELL-48] turning maintenance on asks first; cancelling sends nothing', async () => {
    const { user, opsApi } = await renderOps({ handlers: maintenanceServer(false) });
    await user.click(await screen.findByRole('button', { name: 'operator:dashboard.turnOn' }));
    const dialog = await findDialog('operator:dashboard.confirmOnTitle');
    expect(within(dialog).getByText('operator:dashboard.confirmOnText')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'common:actions.cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opsApi.callsTo('opsSetMaintenance')).toEqual([]);
  });

  it('[SHELL-46] [SHELL-48] confirming switches maintenance on and the page shows the new state', async () => {
    const { user, opsApi } = await renderOps({ handlers: maintenanceServer(false) });
    await user.click(await screen.findByRole('button', { name: 'operator:dashboard.turnOn' }));
    const dialog = await findDialog('operator:dashboard.confirmOnTitle');
    await user.click(within(dialog).getByRole('button', { name: 'operator:dashboard.turnOn' }));
    expect(await screen.findByRole('button', { name: 'operator:dashboard.turnOff' })).toBeInTheDocument();
    expect(opsApi.callsTo('opsSetMaintenance')).toEqual([{ body: { on: true } }]);
    expect(opsApi.callsTo('opsSystemStatus').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('operator:dashboard.on')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('[ERR-26] a refused switch keeps the dialog open with the translated reason and changes nothing', async () => {
    const { user } = await renderOps({
      handlers: {
        ...maintenanceServer(true),
        opsSetMaintenance: () => {
          throw new ApiCallError('FORBIDDEN', 403, 'Not allowed');
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'operator:dashboard.turnOff' }));
    const dialog = await findDialog('operator:dashboard.confirmOffTitle');
    await user.click(within(dialog).getByRole('button', { name: 'operator:dashboard.turnOff' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('errors:FORBIDDEN');
    expect(screen.getByText('operator:dashboard.on')).toBeInTheDocument();
  });

  it('figures the server does not offer (501) say so instead of showing numbers', async () => {
    await renderOps({ handlers: maintenanceServer(false) });
    const ledger = await screen.findByRole('region', { name: 'operator:dashboard.ledger' });
    expect(await within(ledger).findByText('operator:unavailable.title')).toBeInTheDocument();
    const queues = screen.getByRole('region', { name: 'operator:dashboard.queues' });
    expect(await within(queues).findAllByText('operator:unavailable.short')).toHaveLength(3);
  });

  it('shows the ledger totals and the pending queue sizes when the server has them', async () => {
    await renderOps({
      handlers: {
        ...maintenanceServer(false),
        opsLedgerSummary: () => ({ postingSum: 0, transactionCount: 42, memberBalances: 1234.5, systemAccounts: [{ code: 'HOUSE', balance: -1234.5 }] }),
        opsDeposits: () => ({ list: [], pageNum: 1, totalPages: 3, total: 3 }),
        opsWithdrawals: ({ query }) => ({ list: [], pageNum: 1, totalPages: 1, total: query?.status === 'PENDING' ? 5 : 1 }),
      },
    });
    const ledger = await screen.findByRole('region', { name: 'operator:dashboard.ledger' });
    expect(await within(ledger).findByText('42')).toBeInTheDocument();
    expect(within(ledger).getByText('operator:dashboard.balanced')).toBeInTheDocument();
    expect(within(ledger).getByRole('cell', { name: 'HOUSE' })).toBeInTheDocument();
    const pendingDeposits = screen.getByRole('link', { name: /operator:dashboard.pendingDeposits/ });
    expect(pendingDeposits).toHaveTextContent('3');
    expect(pendingDeposits).toHaveAttribute('href', '/ops?page=deposits');
    expect(screen.getByRole('link', { name: /operator:dashboard.pendingWithdrawals/ })).toHaveTextContent('5');
  });
});
