import { createActor, SimulatedClock, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { PROOF_MAX_BYTES, type WithdrawalOrder } from '@shared/contract/wallet-payments';
import { withdrawalConfirmationMachine } from '@machines/wallet/withdrawal-confirmation.machine';
import {
  selectConfirmationStep,
  selectDisputeIssue,
  selectProofRejections,
  selectProofs,
} from '@machines/wallet/withdrawal-confirmation.selectors';
import type { ConfirmWithdrawalInput, ProofCandidate, WithdrawalConfirmationInput } from '@machines/wallet/withdrawal-confirmation.types';
import { createFakeBus } from '../../helpers/fake-bus';
import { withdrawalOrder, withdrawalResult } from '../../helpers/money-fixtures';
import { advance, apiError, controlledActor } from '../support/fakes';

const MINUTE = 60_000;

const proof = (name: string, type = 'image/png', size = 1024): ProofCandidate => ({ id: name, name, type, size, source: name });

const start = (input: Partial<Omit<WithdrawalConfirmationInput, 'bus'>> = {}) => {
  const clock = new SimulatedClock();
  const bus = createFakeBus();
  const confirm = controlledActor<WithdrawalOrder, ConfirmWithdrawalInput>();
  const actor = createActor(withdrawalConfirmationMachine.provide({ actors: { confirmWithdrawal: confirm.logic } }), {
    input: { withdrawal: withdrawalOrder(), bus, ...input },
    clock,
  }).start();
  const step = () => selectConfirmationStep(actor.getSnapshot());
  return { clock, bus, confirm, actor, step };
};

describe('withdrawal confirmation machine', () => {
  it('[WALLET-12] the player confirms a disbursed withdrawal as received', async () => {
    const { actor, confirm, step } = start();
    try {
      expect(step()).toBe('choosing');
      actor.send({ type: 'receipt.confirm' });
      expect(step()).toBe('submitting');
      expect(confirm.calls).toEqual([{ withdrawalId: 'W2001', outcome: 'RECEIVED', proofs: [] }]);
      confirm.resolve(withdrawalOrder({ status: 'RECEIVED' }));
      await waitFor(actor, (s) => s.status === 'done');
      expect(step()).toBe('received');
    } finally {
      actor.stop();
    }
  });

  it('[WALLET-13] not received needs at least one proof image', () => {
    const { actor, confirm, step } = start();
    try {
      actor.send({ type: 'receipt.dispute' });
      actor.send({ type: 'dispute.submit', receivedAmount: null, remark: '' });
      expect(step()).toBe('disputing');
      expect(selectDisputeIssue(actor.getSnapshot())).toBe('proofRequired');
      expect(confirm.calls).toHaveLength(0);
    } finally {
      actor.stop();
    }
  });

  it('[WALLET-13] proof images are png or jpg, at most 5 MB each and at most 3', () => {
    const { actor } = start();
    try {
      actor.send({ type: 'receipt.dispute' });
      actor.send({
        type: 'proof.add',
        files: [
          proof('slip.pdf', 'application/pdf'),
          proof('huge.png', 'image/png', PROOF_MAX_BYTES + 1),
          proof('exact.jpg', 'image/jpeg', PROOF_MAX_BYTES),
          proof('b.png'),
          proof('c.png'),
          proof('d.png'),
        ],
      });
      expect(selectProofs(actor.getSnapshot()).map((p) => p.name)).toEqual(['exact.jpg', 'b.png', 'c.png']);
      expect(selectProofRejections(actor.getSnapshot())).toEqual([
        { name: 'slip.pdf', reason: 'type' },
        { name: 'huge.png', reason: 'size' },
        { name: 'd.png', reason: 'count' },
      ]);
      actor.send({ type: 'proof.remove', id: 'b.png' });
      actor.send({ type: 'proof.add', files: [proof('e.gif', 'image/gif'), proof('f.jpg', 'image/jpeg')] });
      expect(selectProofs(actor.getSnapshot()).map((p) => p.name)).toEqual(['exact.jpg', 'c.png', 'f.jpg']);
      expect(selectProofRejections(actor.getSnapshot())).toEqual([{ name: 'e.gif', reason: 'type' }]);
    } finally {
      actor.stop();
    }
  });

  it('[WALLET-13] [WALLET-14] not received sends the proofs, the amount that did arrive and the remark', async () => {
    const { actor, confirm, step } = start();
    try {
      actor.send({ type: 'receipt.dispute' });
      actor.send({ type: 'proof.add', files: [proof('slip.png')] });
      actor.send({ type: 'dispute.submit', receivedAmount: 300, remark: '' });
      expect(selectDisputeIssue(actor.getSnapshot())).toBe('receivedAmount');
      actor.send({ type: 'dispute.submit', receivedAmount: 12.345, remark: '' });
      expect(selectDisputeIssue(actor.getSnapshot())).toBe('receivedAmount');
      actor.send({ type: 'dispute.submit', receivedAmount: 100, remark: 'x'.repeat(141) });
      expect(selectDisputeIssue(actor.getSnapshot())).toBe('remarkTooLong');
      actor.send({ type: 'dispute.submit', receivedAmount: 100, remark: '  only part arrived ' });
      expect(confirm.calls).toEqual([
        { withdrawalId: 'W2001', outcome: 'NOT_RECEIVED', receivedAmount: 100, remark: 'only part arrived', proofs: [proof('slip.png')] },
      ]);
      confirm.resolve(
        withdrawalOrder({
          status: 'NOT_RECEIVED',
          confirmation: { receivedAmount: 100, remainingAmount: 200, remark: 'only part arrived', proofIds: [5], confirmedAt: 'now', forced: false },
        }),
      );
      await waitFor(actor, (s) => s.status === 'done');
      expect(step()).toBe('notReceived');
      expect(actor.getSnapshot().context.result?.confirmation?.remainingAmount).toBe(200);
    } finally {
      actor.stop();
    }
  });

  it('[WALLET-15] [WALLET-16] with no answer it counts as received after 15 minutes by default, and that is final', () => {
    const { actor, clock, step } = start();
    try {
      advance(clock, 15 * MINUTE - 1_000);
      expect(step()).toBe('choosing');
      actor.send({ type: 'receipt.dispute' });
      advance(clock, 1_000);
      expect(step()).toBe('autoReceived');
      expect(actor.getSnapshot().status).toBe('done');
      expect(actor.getSnapshot().can({ type: 'receipt.confirm' })).toBe(false);
    } finally {
      actor.stop();
    }
  });

  it('[WALLET-15] the configured minutes count from the disbursement', () => {
    const { clock, step } = start({ autoReceiveMinutes: 30, elapsedMs: 20 * MINUTE });
    advance(clock, 10 * MINUTE - 1_000);
    expect(step()).toBe('choosing');
    advance(clock, 1_000);
    expect(step()).toBe('autoReceived');
  });

  it('[WALLET-15] an answer already on its way when time runs out is let through', async () => {
    const { actor, clock, confirm, step } = start({ autoReceiveMinutes: 1 });
    try {
      advance(clock, 59_000);
      actor.send({ type: 'receipt.confirm' });
      advance(clock, 2_000);
      expect(step()).toBe('submitting');
      confirm.resolve(withdrawalOrder({ status: 'RECEIVED' }));
      await waitFor(actor, (s) => s.status === 'done');
      expect(step()).toBe('received');
    } finally {
      actor.stop();
    }
  });

  it('[WALLET-16] an answer refused because the receipt was already forced ends in the forced receipt', async () => {
    const { actor, confirm, step } = start();
    try {
      actor.send({ type: 'receipt.confirm' });
      confirm.reject(apiError('INVALID_STATE'));
      await waitFor(actor, (s) => s.status === 'done');
      expect(step()).toBe('autoReceived');
    } finally {
      actor.stop();
    }
  });

  it('another failure keeps the player on the question with the error', async () => {
    const { actor, confirm, step } = start();
    try {
      actor.send({ type: 'receipt.confirm' });
      confirm.reject(apiError('NETWORK'));
      await waitFor(actor, (s) => s.context.error !== null);
      expect(step()).toBe('choosing');
      expect(actor.getSnapshot().context.error?.code).toBe('NETWORK');
    } finally {
      actor.stop();
    }
  });

  it('[WALLET-15] a receipt the server forced meanwhile (withdrawal:result) ends the question', () => {
    const { actor, bus, step } = start();
    try {
      bus.push('withdrawal:result', withdrawalResult({ withdrawalId: 'OTHER' }));
      expect(step()).toBe('choosing');
      bus.push('withdrawal:result', withdrawalResult({ withdrawalId: 'W2001', status: 'RECEIVED' }));
      expect(step()).toBe('autoReceived');
    } finally {
      actor.stop();
    }
  });

  it('[WALLET-12] the push that echoes the player’s own answer does not turn it into a forced receipt', async () => {
    const { actor, bus, confirm, step } = start();
    try {
      actor.send({ type: 'receipt.confirm' });
      bus.push('withdrawal:result', withdrawalResult({ withdrawalId: 'W2001', status: 'RECEIVED' }));
      expect(step()).toBe('submitting');
      confirm.resolve(withdrawalOrder({ status: 'RECEIVED' }));
      await waitFor(actor, (s) => s.status === 'done');
      expect(step()).toBe('received');
    } finally {
      actor.stop();
    }
  });

  it('[WALLET-14] [WALLET-16] an order that is already settled opens on its outcome', () => {
    const forced = withdrawalOrder({
      status: 'RECEIVED',
      confirmation: { receivedAmount: 300, remainingAmount: 0, remark: null, proofIds: [], confirmedAt: 'then', forced: true },
    });
    expect(start({ withdrawal: forced }).step()).toBe('autoReceived');
    expect(start({ withdrawal: withdrawalOrder({ status: 'RECEIVED' }) }).step()).toBe('received');
    expect(start({ withdrawal: withdrawalOrder({ status: 'NOT_RECEIVED' }) }).step()).toBe('notReceived');
    expect(start({ withdrawal: withdrawalOrder({ status: 'PENDING' }) }).step()).toBe('notDisbursed');
  });
});
