import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OpsVipLevel } from '@shared/contract/vip';
import { findDialog, inRow, renderOps, resetOps } from './ops-harness';

beforeEach(() => resetOps());

const level = (over: Partial<OpsVipLevel> = {}): OpsVipLevel => ({ levelId: 1, rank: 1, name: 'Bronze', turnover: 100, upgradeBonus: 5, reachedCount: 4, ...over });

const openPage = (levels: OpsVipLevel[] = [level(), level({ levelId: 2, rank: 2, name: 'Silver', turnover: 500, upgradeBonus: 18, reachedCount: 0 })]) =>
  renderOps({
    path: '/ops?page=vip',
    handlers: {
      opsVipLevels: () => levels,
      opsSaveVipLevel: ({ body }) => level({ ...(body as Partial<OpsVipLevel>), levelId: body?.levelId ?? 3, reachedCount: 0 }),
      opsDeleteVipLevel: ({ body }) => ({ levelId: body!.levelId }),
    },
  });

describe('operator console: VIP levels', () => {
  it('[MEMBER-16] lists the levels with their thresholds, bonuses and how many reached each; a reached level cannot be removed', async () => {
    await openPage();
    expect(await screen.findByRole('cell', { name: 'Silver' })).toBeInTheDocument();
    expect(inRow('Bronze').getByRole('cell', { name: '100.00' })).toBeInTheDocument();
    expect(inRow('Silver').getByRole('cell', { name: '18.00' })).toBeInTheDocument();
    expect(inRow('Bronze').queryByRole('button', { name: 'operator:vip.deleteTitle' })).not.toBeInTheDocument();
    expect(inRow('Silver').getByRole('button', { name: 'operator:vip.deleteTitle' })).toBeInTheDocument();
  });

  it('[MEMBER-16] with no level the page says VIP is off', async () => {
    await openPage([]);
    expect(await screen.findByText('operator:vip.empty')).toBeInTheDocument();
  });

  it('[MEMBER-16] adds a level with the next rank proposed; a missing name is refused before sending', async () => {
    const { user, opsApi } = await openPage();
    await screen.findByRole('cell', { name: 'Silver' });
    await user.click(screen.getByRole('button', { name: 'operator:vip.add' }));
    const dialog = await findDialog('operator:vip.addTitle');
    expect(within(dialog).getByLabelText('operator:vip.rank')).toHaveValue('3');
    await user.type(within(dialog).getByLabelText('operator:vip.turnover'), '2000');
    await user.click(within(dialog).getByRole('button', { name: 'operator:vip.save' }));
    expect(opsApi.callsTo('opsSaveVipLevel')).toEqual([]);
    expect(within(dialog).getByLabelText('operator:vip.name')).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(dialog).getByLabelText('operator:vip.name'), 'Gold');
    const bonus = within(dialog).getByLabelText('operator:vip.upgradeBonus');
    await user.clear(bonus);
    await user.type(bonus, '58');
    await user.click(within(dialog).getByRole('button', { name: 'operator:vip.save' }));
    await expect.poll(() => opsApi.callsTo('opsSaveVipLevel').length).toBe(1);
    expect(opsApi.callsTo('opsSaveVipLevel')[0]!.body).toEqual({ rank: 3, name: 'Gold', turnover: 2000, upgradeBonus: 58 });
  });

  it('[MEMBER-16] changes a level and removes one nobody reached', async () => {
    const { user, opsApi } = await openPage();
    await screen.findByRole('cell', { name: 'Silver' });
    await user.click(inRow('Bronze').getByRole('button', { name: 'operator:vip.editTitle' }));
    const edit = await findDialog('operator:vip.editTitle');
    const name = within(edit).getByLabelText('operator:vip.name');
    await user.clear(name);
    await user.type(name, 'Bronze club');
    await user.click(within(edit).getByRole('button', { name: 'operator:vip.save' }));
    await expect.poll(() => opsApi.callsTo('opsSaveVipLevel').length).toBe(1);
    expect(opsApi.callsTo('opsSaveVipLevel')[0]!.body).toEqual({ levelId: 1, rank: 1, name: 'Bronze club', turnover: 100, upgradeBonus: 5 });
    await user.click(inRow('Silver').getByRole('button', { name: 'operator:vip.deleteTitle' }));
    const remove = await findDialog('operator:vip.deleteTitle');
    await user.click(within(remove).getByRole('button', { name: 'operator:vip.delete' }));
    await expect.poll(() => opsApi.callsTo('opsDeleteVipLevel')).toEqual([{ body: { levelId: 2 } }]);
  });
});
