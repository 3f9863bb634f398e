import { describe, expect, it } from 'vitest';
import { createPathModel } from '../../models/path-model';
import { withdrawalConfirmationModel, withdrawalConfirmationModelEvents } from '../../models/withdrawal-confirmation.model';

describe('withdrawal confirmation UI model (replayed by tests/client/features/wallet/withdrawal-confirmation.paths.test.tsx)', () => {
  it('[WALLET-12] [WALLET-13] [WALLET-15] reaches each of its 9 screens by one shortest path', () => {
    const paths = createPathModel(withdrawalConfirmationModel, withdrawalConfirmationModelEvents).getShortestPaths({ allowDuplicatePaths: true });
    expect(paths.map((path) => String(path.state.value)).sort()).toEqual(
      ['autoReceivedShown', 'disputeForm', 'errorShown', 'notReceivedShown', 'proofListed', 'proofRejectedShown', 'proofRequiredShown', 'question', 'receivedShown'].sort(),
    );
  });

  it('[WALLET-13] every way to a not-received report passes through an accepted proof image', () => {
    const paths = createPathModel(withdrawalConfirmationModel, withdrawalConfirmationModelEvents).getSimplePaths({
      toState: (state) => state.matches('notReceivedShown'),
    });
    expect(paths.length).toBeGreaterThan(1);
    for (const path of paths) {
      const events = path.steps.map((step) => step.event);
      expect(events).toContainEqual({ type: 'proof.add', kind: 'png' });
    }
  });
});
