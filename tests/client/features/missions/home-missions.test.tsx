import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeHandlers } from '../../../helpers/fake-api';
import { PLAYER, renderApp } from '../../../helpers/render-app';

const handlers: FakeHandlers = {
  missionSummary: () => ({ totalMissions: 5, completedMissions: 2, claimableRewards: 1 }),
  missionLeaderboard: () => ({ list: [{ rank: 1, customerName: 'ab***z', score: 9 }], self: null }),
};

const loadStrip = () => import('@client/features/missions/components/home-missions');

describe('home screen missions strip', { timeout: 30_000 }, () => {
  it('[API-54] [API-55] a signed-in member’s home makes the mission summary and leaderboard calls and shows both', async () => {
    await loadStrip();
    const { api } = await renderApp({ lng: 'en', path: '/', member: PLAYER, handlers });
    const strip = await screen.findByTestId('home-missions', {}, { timeout: 3000 });
    await waitFor(() => expect(strip).toHaveTextContent('2 of 5 missions completed'));
    expect(strip).toHaveTextContent('1 reward to claim');
    expect(strip).toHaveTextContent("This week's leader: ab***z (9)");
    expect(within(strip).getByRole('link', { name: 'Open missions' })).toHaveAttribute('href', '/member?page=missionLeaderboard');
    expect(api.callsTo('missionSummary').length).toBeGreaterThan(0);
    expect(api.callsTo('missionLeaderboard')).toEqual([{ query: { limitNum: 1 } }]);
  });

  it('[API-55] a visitor’s home asks for the leaderboard only, and shows nothing when the calls fail', async () => {
    await loadStrip();
    const { api } = await renderApp({ lng: 'en', path: '/', handlers: { missionLeaderboard: handlers.missionLeaderboard! } });
    const strip = await screen.findByTestId('home-missions', {}, { timeout: 3000 });
    expect(strip).toHaveTextContent("This week's leader: ab***z (9)");
    expect(strip).not.toHaveTextContent('missions completed');
    expect(api.callsTo('missionSummary')).toEqual([]);
  });

  it('[API-55] without missions the lobby stays as it was', async () => {
    await loadStrip();
    const { api } = await renderApp({ lng: 'en', path: '/' });
    await screen.findByTestId('index-view');
    await waitFor(() => expect(api.callsTo('missionLeaderboard')).toHaveLength(1));
    expect(screen.queryByTestId('home-missions')).not.toBeInTheDocument();
  });
});
