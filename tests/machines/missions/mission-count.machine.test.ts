import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { missionCountMachine } from '@machines/missions/mission-count.machine';
import { selectClaimableMissions } from '@machines/missions/mission-count.selectors';
import { createFakeBus } from '../../helpers/fake-bus';
import { apiError, controlledActor, flush } from '../support/fakes';

const start = (trial: boolean) => {
  const bus = createFakeBus();
  const fetchMissionSummary = controlledActor<{ claimableRewards: number }, void>();
  const actor = createActor(missionCountMachine.provide({ actors: { fetchMissionSummary: fetchMissionSummary.logic } }), { input: { bus, trial } }).start();
  return { bus, fetchMissionSummary, actor };
};

describe('mission count machine', () => {
  it('[MEMBER-04] loads the claimable rewards, takes the count a view learnt, and loads again after a reconnect', async () => {
    const { actor, fetchMissionSummary, bus } = start(false);
    try {
      fetchMissionSummary.resolve({ claimableRewards: 2 });
      await waitFor(actor, (s) => s.matches({ live: 'ready' }));
      expect(selectClaimableMissions(actor.getSnapshot())).toBe(2);
      actor.send({ type: 'missionCount.set', claimableRewards: 0 });
      expect(selectClaimableMissions(actor.getSnapshot())).toBe(0);
      bus.resynced.next();
      expect(actor.getSnapshot().matches({ live: 'fetching' })).toBe(true);
      fetchMissionSummary.resolve({ claimableRewards: 1 });
      await waitFor(actor, (s) => s.matches({ live: 'ready' }));
      expect(selectClaimableMissions(actor.getSnapshot())).toBe(1);
      expect(fetchMissionSummary.calls).toHaveLength(2);
    } finally {
      actor.stop();
    }
  });

  it('[MEMBER-04] a failed load keeps 0 and the error, and stays ready for the next count', async () => {
    const { actor, fetchMissionSummary } = start(false);
    try {
      fetchMissionSummary.reject(apiError('INTERNAL'));
      await waitFor(actor, (s) => s.matches({ live: 'ready' }));
      expect(actor.getSnapshot().context.error).not.toBeNull();
      expect(selectClaimableMissions(actor.getSnapshot())).toBe(0);
      actor.send({ type: 'missionCount.set', claimableRewards: 4 });
      expect(selectClaimableMissions(actor.getSnapshot())).toBe(4);
    } finally {
      actor.stop();
    }
  });

  it('[MEMBER-04] a trial account never asks', async () => {
    const { actor, fetchMissionSummary } = start(true);
    try {
      await flush();
      expect(fetchMissionSummary.calls).toHaveLength(0);
      expect(actor.getSnapshot().status).toBe('done');
    } finally {
      actor.stop();
    }
  });
});
