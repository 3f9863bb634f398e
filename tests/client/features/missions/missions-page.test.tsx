import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Mission } from '@shared/contract/missions';
import { ApiCallError } from '@client/lib/api-client';
import type { FakeHandlers } from '../../../helpers/fake-api';
import { memberPath, renderMemberCenter } from '../../../helpers/member-center';
import { TRIAL } from '../../../helpers/render-app';

const mission = (over: Partial<Mission> = {}): Mission => ({
  missionId: 1,
  title: 'Daily warm-up',
  description: 'Play 10 rounds of any game today.',
  period: 'DAILY',
  goal: 'BET_ROUNDS',
  target: 10,
  progress: 4,
  rewardKind: 'POINTS',
  reward: 50,
  periodEnd: '2026-11-27T17:00:00.000Z',
  completed: false,
  claimed: false,
  claimable: false,
  ...over,
});

/** A server with two missions: one in progress (4 of 10 rounds) and one completed with 5.00 cash to claim; claiming changes what it answers next. */
const missionServer = (over: FakeHandlers = {}) => {
  let claimed = false;
  const list = () => [
    mission(),
    mission({
      missionId: 2,
      title: 'Weekly high roller',
      description: 'Bet 2,000.00 this week.',
      period: 'WEEKLY',
      goal: 'BET_AMOUNT',
      target: 2000,
      progress: 2000,
      rewardKind: 'CASH',
      reward: 5,
      completed: true,
      claimed,
      claimable: !claimed,
    }),
  ];
  const handlers: FakeHandlers = {
    missionSummary: () => ({ totalMissions: 2, completedMissions: 1, claimableRewards: claimed ? 0 : 1 }),
    missionList: () => ({ list: list() }),
    missionLeaderboard: () => ({
      list: [
        { rank: 1, customerName: 'ab***z', score: 9 },
        { rank: 2, customerName: 'pl***1', score: claimed ? 4 : 3 },
      ],
      self: { rank: 2, score: claimed ? 4 : 3 },
    }),
    missionClaim: ({ body }) => {
      claimed = true;
      return { missionId: body!.missionId, rewardKind: 'CASH', reward: 5, points: null, balance: 1239.5 };
    },
    ...over,
  };
  return handlers;
};

const openMissions = async (handlers: FakeHandlers = missionServer(), options: Parameters<typeof renderMemberCenter>[0] = {}) => {
  await import('@client/features/missions/components/missions-page');
  return renderMemberCenter({ lng: 'en', path: memberPath('missionLeaderboard'), handlers, ...options });
};

const menuLink = () => screen.getByRole('link', { name: /^Missions/ });

describe('missions page', { timeout: 30_000 }, () => {
  it('[MEMBER-17] shows the summary, each mission with its progress bar and reward, and the leaderboard with the caller’s place', async () => {
    await openMissions();
    await waitFor(() => expect(screen.getByTestId('mission-summary-total')).toHaveTextContent('2'));
    expect(screen.getByTestId('mission-summary-completed')).toHaveTextContent('1');
    expect(screen.getByTestId('mission-summary-claimable')).toHaveTextContent('1');

    const warmUp = await screen.findByTestId('mission-1');
    expect(within(warmUp).getByRole('heading', { name: 'Daily warm-up' })).toBeInTheDocument();
    expect(within(warmUp).getByText('Daily')).toBeInTheDocument();
    expect(within(warmUp).getByRole('progressbar', { name: 'Progress of Daily warm-up' })).toHaveAttribute('aria-valuenow', '40');
    expect(warmUp).toHaveTextContent('Settled rounds: 4 / 10');
    expect(warmUp).toHaveTextContent('Reward: 50 points');
    expect(within(warmUp).getByRole('button', { name: 'In progress' })).toBeDisabled();

    const roller = screen.getByTestId('mission-2');
    expect(within(roller).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(within(roller).getByText('Weekly')).toBeInTheDocument();
    expect(roller).toHaveTextContent('Settled bets: 2,000.00 / 2,000.00');
    expect(roller).toHaveTextContent('Reward: 5.00');
    expect(within(roller).getByRole('button', { name: 'Claim' })).toBeEnabled();

    const board = await screen.findByRole('table');
    expect(within(board).getByRole('cell', { name: 'ab***z' })).toBeInTheDocument();
    expect(within(board).getByRole('cell', { name: '#1' })).toBeInTheDocument();
    expect(screen.getByTestId('mission-board-self')).toHaveTextContent('Your place: #2 with 3');
  });

  it('[MEMBER-17] claiming sends the mission, tells the reward, and shows it claimed with the summary and board read again', async () => {
    const { user, api } = await openMissions();
    const roller = await screen.findByTestId('mission-2');
    await user.click(within(roller).getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(api.callsTo('missionClaim')).toEqual([{ body: { missionId: 2 } }]));
    expect(await screen.findByRole('status')).toHaveTextContent('5.00 added to your wallet.');
    expect(await within(roller).findByRole('button', { name: 'Claimed' })).toBeDisabled();
    await waitFor(() => expect(screen.getByTestId('mission-summary-claimable')).toHaveTextContent('0'));
    await waitFor(() => expect(screen.getByTestId('mission-board-self')).toHaveTextContent('Your place: #2 with 4'));
  });

  it('[MEMBER-17] a refused claim is told in words and changes nothing on screen', async () => {
    const { user } = await openMissions(
      missionServer({
        missionClaim: () => {
          throw new ApiCallError('MISSION_ALREADY_CLAIMED', 409, 'taken');
        },
      }),
    );
    const roller = await screen.findByTestId('mission-2');
    await user.click(within(roller).getByRole('button', { name: 'Claim' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("You have already claimed this mission's reward for this period.");
  });

  it('[MEMBER-04] the missions menu entry shows a red count badge of claimable rewards, and none at 0', async () => {
    const { user } = await openMissions();
    await waitFor(() => expect(within(menuLink()).getByTestId('menu-badge')).toHaveTextContent('1'));
    const roller = await screen.findByTestId('mission-2');
    await user.click(within(roller).getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(within(menuLink()).queryByTestId('menu-badge')).not.toBeInTheDocument());
  });

  it('[MEMBER-04] the badge is fed at login from the mission summary, on any member page', async () => {
    const handlers = missionServer({ missionSummary: () => ({ totalMissions: 5, completedMissions: 4, claimableRewards: 3 }) });
    const { api } = await renderMemberCenter({ lng: 'en', path: memberPath('transferFund'), handlers });
    await waitFor(() => expect(within(menuLink()).getByTestId('menu-badge')).toHaveTextContent('3'));
    expect(api.callsTo('missionList')).toEqual([]);
  });

  it('[MEMBER-04] a trial account never asks for the badge count', async () => {
    const { api } = await renderMemberCenter({ member: TRIAL, handlers: missionServer() });
    await waitFor(() => expect(api.callsTo('balance')).toHaveLength(1));
    expect(api.callsTo('missionSummary')).toHaveLength(0);
  });
});
