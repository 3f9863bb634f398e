import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Contract } from '@shared/contract/contracts';
import { contractPopupMachine } from '@machines/contracts/contract-popup.machine';
import { selectPopupError, selectPopupOpen, selectPopupQuestion, selectShownContract, selectWaitingAfterShown } from '@machines/contracts/contract-popup.selectors';
import type { AnswerContractInput } from '@machines/contracts/contract.types';
import type { GoneAnswer } from '@machines/contracts/contract-popup.types';
import { createFakeBus } from '../../helpers/fake-bus';
import { apiError, controlledActor } from '../support/fakes';

const contract = (id: string, overrides: Partial<Contract> = {}): Contract =>
  ({
    contractId: id,
    kind: 'REALTIME',
    status: 'requested',
    action: 'NEW',
    uplineAccount: 'agent',
    downlineAccount: 'demo',
    downlineMemberId: 2,
    payer: 'UPLINE',
    requestedAt: new Date(0).toISOString(),
    answerBy: new Date(72 * 3_600_000).toISOString(),
    terminationRequestedBy: null,
    validFrom: null,
    endedAt: null,
    endReason: null,
    profitRate: 0.3,
    lossRate: 0.6,
    singleBetAmount: 1,
    ...overrides,
  }) as Contract;

const start = () => {
  const bus = createFakeBus();
  const load = controlledActor<Contract[], void>();
  const answer = controlledActor<Contract, AnswerContractInput>();
  const gone: GoneAnswer[] = [];
  const actor = createActor(
    contractPopupMachine.provide({
      actors: { loadPendingContracts: load.logic, answerContract: answer.logic },
      actions: { announceGone: (_, answer) => void gone.push(answer) },
    }),
    { input: { bus } },
  ).start();
  const shown = () => selectShownContract(actor.getSnapshot())?.contractId ?? null;
  const push = (c: Contract, eventId = 1) => bus.push('contract:changed', { contract: c, eventId, at: new Date(0).toISOString() });
  const idle = () => waitFor(actor, (s) => !s.hasTag('loading'));
  return { bus, load, answer, actor, shown, push, idle, gone };
};

describe('contract popup machine', () => {
  it('[AGENT-20] [SHELL-24] after login it shows each contract waiting for the member, one at a time, and sends its answer', async () => {
    const { actor, load, answer, shown, idle } = start();
    try {
      expect(load.calls).toHaveLength(1);
      expect(selectPopupOpen(actor.getSnapshot())).toBe(false);
      load.resolve([contract('7'), contract('8', { kind: 'DAILY', status: 'terminationRequested', action: 'TERMINATE', terminationRequestedBy: 'UPLINE' } as Partial<Contract>)]);
      await idle();
      expect([shown(), selectPopupQuestion(actor.getSnapshot()), selectWaitingAfterShown(actor.getSnapshot())]).toEqual(['7', 'offer', 1]);

      actor.send({ type: 'contract.accept' });
      expect(answer.calls.at(-1)).toEqual({ kind: 'REALTIME', contractId: '7', status: 'A', answering: 'requested' });
      answer.resolve(contract('7', { status: 'valid', action: null }));
      await idle();
      // A termination the upline asked for: "yes" confirms it (C), "no" refuses it (R).
      expect([shown(), selectPopupQuestion(actor.getSnapshot())]).toEqual(['8', 'termination']);
      actor.send({ type: 'contract.reject' });
      expect(answer.calls.at(-1)).toEqual({ kind: 'DAILY', contractId: '8', status: 'R', answering: 'terminationRequested' });
      answer.resolve(contract('8', { status: 'valid', action: null }));
      await idle();
      expect(selectPopupOpen(actor.getSnapshot())).toBe(false);

      const confirming = start();
      confirming.load.resolve([contract('9', { status: 'terminationRequested', action: 'TERMINATE', terminationRequestedBy: 'UPLINE' })]);
      await confirming.idle();
      confirming.actor.send({ type: 'contract.accept' });
      expect(confirming.answer.calls).toEqual([{ kind: 'REALTIME', contractId: '9', status: 'C', answering: 'terminationRequested' }]);
      confirming.actor.stop();
    } finally {
      actor.stop();
    }
  });

  it('[AGENT-20] nothing waits: no popup; an offer arriving live opens it', async () => {
    const { actor, load, push, shown, idle } = start();
    try {
      load.resolve([]);
      await idle();
      expect(selectPopupOpen(actor.getSnapshot())).toBe(false);
      // A change that asks nothing of the member opens nothing.
      push(contract('5', { status: 'valid', action: null }));
      expect(load.calls).toHaveLength(1);
      push(contract('6'));
      expect(load.calls).toHaveLength(2);
      load.resolve([contract('6')]);
      await idle();
      expect(shown()).toBe('6');
    } finally {
      actor.stop();
    }
  });

  it('a shown offer withdrawn or expired meanwhile leaves the popup, the next one shows', async () => {
    const { actor, load, push, shown, idle } = start();
    try {
      load.resolve([contract('1'), contract('2')]);
      await idle();
      push(contract('1', { status: 'terminated', action: null, endReason: 'WITHDRAWN' }));
      expect(shown()).toBe('2');
      push(contract('2', { status: 'expired', action: null, endReason: 'OFFER_EXPIRED' }));
      expect(selectPopupOpen(actor.getSnapshot())).toBe(false);
    } finally {
      actor.stop();
    }
  });

  it('closed without an answer, it asks again when another request arrives, with everything still waiting', async () => {
    const { actor, load, push, shown, idle } = start();
    try {
      load.resolve([contract('1')]);
      await idle();
      actor.send({ type: 'popup.dismiss' });
      expect(selectPopupOpen(actor.getSnapshot())).toBe(false);
      push(contract('3'));
      load.resolve([contract('1'), contract('3')]);
      await idle();
      expect([shown(), selectWaitingAfterShown(actor.getSnapshot())]).toEqual(['1', 1]);
    } finally {
      actor.stop();
    }
  });

  it('an answer the server no longer takes drops that contract, announced, and the next one shows without its error; a failed one keeps it to try again', async () => {
    const { actor, load, answer, shown, idle, gone } = start();
    try {
      load.resolve([contract('1'), contract('2')]);
      await idle();
      actor.send({ type: 'contract.accept' });
      answer.reject(apiError('INVALID_STATE'));
      await idle();
      expect(shown()).toBe('2');
      expect(selectPopupError(actor.getSnapshot())).toBeNull();
      expect(gone).toEqual([{ question: 'offer', error: expect.objectContaining({ code: 'INVALID_STATE' }) }]);
      actor.send({ type: 'contract.accept' });
      expect(selectPopupError(actor.getSnapshot())).toBeNull();
      answer.reject(apiError('NETWORK'));
      await idle();
      expect([shown(), selectPopupError(actor.getSnapshot())?.code]).toEqual(['2', 'NETWORK']);
      // A failure to try again is shown in the popup, not announced.
      expect(gone).toHaveLength(1);
    } finally {
      actor.stop();
    }
  });

  it('after a reconnect it looks again for what waits', async () => {
    const { actor, load, bus, shown, idle } = start();
    try {
      load.resolve([]);
      await idle();
      bus.resynced.next();
      expect(load.calls).toHaveLength(2);
      load.resolve([contract('4')]);
      await idle();
      expect(shown()).toBe('4');
    } finally {
      actor.stop();
    }
  });
});
