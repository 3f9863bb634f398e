import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OpsMission } from '@shared/contract/missions';
import type { CallInput } from '@client/lib/api-client';
import { findDialog, inRow, renderOps, resetOps } from './ops-harness';

beforeEach(() => resetOps());

const opsMission = (over: Partial<OpsMission> = {}): OpsMission => ({
  missionId: 1,
  title: 'Daily warm-up',
  description: 'Play 10 rounds.',
  period: 'DAILY',
  goal: 'BET_ROUNDS',
  target: 10,
  rewardKind: 'POINTS',
  reward: 50,
  active: true,
  sortOrder: 0,
  claims: 12,
  ...over,
});

/** A missions table whose save changes what the next list returns. */
const missionServer = (missions: OpsMission[]) => {
  const byId = new Map(missions.map((m) => [m.missionId, m]));
  return {
    opsMissions: () => ({ list: [...byId.values()] }),
    opsSaveMission: ({ body }: CallInput<'opsSaveMission'>) => {
      const id = body!.missionId ?? byId.size + 1;
      const { missionId: _ignored, ...rest } = body!;
      const saved: OpsMission = { ...opsMission(), ...rest, missionId: id, claims: byId.get(id)?.claims ?? 0 };
      byId.set(id, saved);
      return saved;
    },
  };
};

describe('operator console: missions', () => {
  it('[MEMBER-17] lists the missions with their goal, reward, claims and state', async () => {
    await renderOps({ path: '/ops?page=missions', handlers: missionServer([opsMission(), opsMission({ missionId: 2, title: 'Weekly roller', period: 'WEEKLY', goal: 'BET_AMOUNT', target: 2000, rewardKind: 'CASH', reward: 20, active: false, claims: 3 })]) });
    expect(await screen.findByRole('cell', { name: 'Daily warm-up' })).toBeInTheDocument();
    const row = inRow('Weekly roller');
    for (const text of ['missions:list.period.WEEKLY', 'missions:list.goal.BET_AMOUNT', '2,000.00', '20.00', '3', 'missions:ops.status.inactive']) expect(row.getByText(text)).toBeInTheDocument();
  });

  it('[MEMBER-17] creates a mission from the form, refusing a target that is not a whole count of rounds first', async () => {
    const { user, opsApi } = await renderOps({ path: '/ops?page=missions', handlers: missionServer([]) });
    expect(await screen.findByText('missions:ops.empty')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'missions:ops.add' }));
    const dialog = await findDialog('missions:ops.add');
    await user.type(within(dialog).getByLabelText('missions:ops.fields.title'), 'Deposit day');
    await user.type(within(dialog).getByLabelText('missions:ops.fields.target'), '1.5');
    await user.type(within(dialog).getByLabelText('missions:ops.fields.reward'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'missions:ops.save' }));
    expect(opsApi.callsTo('opsSaveMission')).toEqual([]);
    expect(within(dialog).getByText('operator:fields.invalid')).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('missions:ops.fields.goal'), 'DEPOSIT_AMOUNT');
    await user.selectOptions(within(dialog).getByLabelText('missions:ops.fields.rewardKind'), 'CASH');
    await user.click(within(dialog).getByRole('button', { name: 'missions:ops.save' }));
    await waitFor(() =>
      expect(opsApi.callsTo('opsSaveMission')).toEqual([
        {
          body: {
            missionId: undefined,
            title: 'Deposit day',
            description: '',
            period: 'DAILY',
            goal: 'DEPOSIT_AMOUNT',
            target: 1.5,
            rewardKind: 'CASH',
            reward: 5,
            sortOrder: 0,
            active: true,
          },
        },
      ]),
    );
    expect(await screen.findByRole('cell', { name: 'Deposit day' })).toBeInTheDocument();
  });

  it('[MEMBER-17] edits a mission: the whole mission is sent with its id', async () => {
    const { user, opsApi } = await renderOps({ path: '/ops?page=missions', handlers: missionServer([opsMission()]) });
    await screen.findByRole('cell', { name: 'Daily warm-up' });
    await user.click(inRow('Daily warm-up').getByRole('button', { name: 'missions:ops.edit: Daily warm-up' }));
    const dialog = await findDialog('missions:ops.edit: Daily warm-up');
    const target = within(dialog).getByLabelText('missions:ops.fields.target');
    await user.clear(target);
    await user.type(target, '20');
    await user.click(within(dialog).getByLabelText('missions:ops.fields.active'));
    await user.click(within(dialog).getByRole('button', { name: 'missions:ops.save' }));
    await waitFor(() => expect(opsApi.callsTo('opsSaveMission')[0]?.body).toMatchObject({ missionId: 1, target: 20, active: false, title: 'Daily warm-up' }));
    expect(await screen.findByText('missions:ops.status.inactive')).toBeInTheDocument();
  });
});
