import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OpsRedEnvelopeCampaign } from '@shared/contract/red-envelopes';
import { findDialog, inRow, renderOps, resetOps } from './ops-harness';

beforeEach(() => resetOps());

const campaign = (over: Partial<OpsRedEnvelopeCampaign> = {}): OpsRedEnvelopeCampaign => ({
  campaignId: 1,
  title: 'Lucky red envelopes',
  rules: '<p>One each</p>',
  startTime: '2026-11-01T00:00:00.000Z',
  endTime: '2027-01-01T00:00:00.000Z',
  totalAmount: 888,
  envelopeCount: 200,
  minAmount: 1,
  minDeposit: 0,
  active: true,
  grabbedCount: 0,
  grabbedAmount: 0,
  ...over,
});

const openPage = () =>
  renderOps({
    path: '/ops?page=redEnvelopes',
    handlers: {
      opsRedEnvelopes: () => [campaign(), campaign({ campaignId: 2, title: 'Depositors', minDeposit: 100, grabbedCount: 3, grabbedAmount: 41.5 })],
      opsSaveRedEnvelope: ({ body }) => campaign({ ...(body as Partial<OpsRedEnvelopeCampaign>), campaignId: body?.campaignId ?? 3 }),
      opsRedEnvelopeGrabs: () => ({ list: [{ grabId: 9, memberId: 7, account: 'player01', amount: 12.5, grabbedAt: '2026-11-26T09:00:00.000Z' }], pageNum: 1, totalPages: 1, total: 1 }),
    },
  });

describe('operator console: red envelopes', () => {
  it('[MEMBER-15] lists the campaigns with what has been taken of each', async () => {
    await openPage();
    expect(await screen.findByRole('cell', { name: 'Depositors' })).toBeInTheDocument();
    expect(inRow('Depositors').getByRole('cell', { name: 'operator:redEnvelopes.takenValue' })).toBeInTheDocument();
    expect(inRow('Lucky red envelopes').getByRole('cell', { name: '888.00' })).toBeInTheDocument();
  });

  it('[MEMBER-15] adds a campaign; a total too small for its envelopes is refused before sending', async () => {
    const { user, opsApi } = await openPage();
    await screen.findByRole('cell', { name: 'Depositors' });
    await user.click(screen.getByRole('button', { name: 'operator:redEnvelopes.add' }));
    const dialog = await findDialog('operator:redEnvelopes.addTitle');
    await user.type(within(dialog).getByLabelText('operator:redEnvelopes.title'), 'New year');
    await user.type(within(dialog).getByLabelText('operator:redEnvelopes.startTime'), '2026-12-31T20:00');
    await user.type(within(dialog).getByLabelText('operator:redEnvelopes.endTime'), '2027-01-01T20:00');
    await user.type(within(dialog).getByLabelText('operator:redEnvelopes.totalAmount'), '5');
    await user.type(within(dialog).getByLabelText('operator:redEnvelopes.envelopeCount'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'operator:redEnvelopes.save' }));
    expect(opsApi.callsTo('opsSaveRedEnvelope')).toEqual([]);
    const total = within(dialog).getByLabelText('operator:redEnvelopes.totalAmount');
    expect(total).toHaveAttribute('aria-invalid', 'true');
    await user.clear(total);
    await user.type(total, '100');
    await user.click(within(dialog).getByRole('button', { name: 'operator:redEnvelopes.save' }));
    await expect.poll(() => opsApi.callsTo('opsSaveRedEnvelope').length).toBe(1);
    expect(opsApi.callsTo('opsSaveRedEnvelope')[0]!.body).toMatchObject({ title: 'New year', totalAmount: 100, envelopeCount: 10, minAmount: 1, minDeposit: 0, active: true });
  });

  it('[MEMBER-15] once envelopes are taken the amounts show read-only; who took what is listed', async () => {
    const { user, opsApi } = await openPage();
    await screen.findByRole('cell', { name: 'Depositors' });
    await user.click(inRow('Depositors').getByRole('button', { name: 'operator:redEnvelopes.editTitle' }));
    const edit = await findDialog('operator:redEnvelopes.editTitle');
    expect(within(edit).getByText('operator:redEnvelopes.amountsFixed')).toBeInTheDocument();
    expect(within(edit).getByLabelText('operator:redEnvelopes.totalAmount')).toHaveAttribute('readonly');
    await user.click(within(edit).getByRole('button', { name: 'common:actions.cancel' }));
    await user.click(inRow('Depositors').getByRole('button', { name: 'operator:redEnvelopes.grabsTitle' }));
    const grabs = await findDialog('operator:redEnvelopes.grabsTitle');
    expect(await within(grabs).findByRole('cell', { name: 'player01' })).toBeInTheDocument();
    expect(within(grabs).getByRole('cell', { name: '12.50' })).toBeInTheDocument();
    expect(opsApi.callsTo('opsRedEnvelopeGrabs')).toEqual([{ query: { campaignId: 2, pageNo: 1, pageSize: 20 } }]);
  });
});
