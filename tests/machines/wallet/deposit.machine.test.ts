import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { DepositChannel, DepositOrder, DepositRequest } from '@shared/contract/wallet-payments';
import { depositMachine, type DepositForm } from '@machines/wallet/deposit.machine';
import { selectDepositIssue, selectDepositStep } from '@machines/wallet/deposit.selectors';
import { createFakeBus } from '../../helpers/fake-bus';
import { bankChannel, depositOrder, depositResult } from '../../helpers/money-fixtures';
import { apiError, controlledActor } from '../support/fakes';

const form = (over: Partial<DepositForm> = {}): DepositForm => ({ channelId: 'BANK1', amount: 500, payerName: '', reference: '', ...over });

const start = async () => {
  const bus = createFakeBus();
  const loadChannels = controlledActor<DepositChannel[], void>();
  const submitDeposit = controlledActor<DepositOrder, DepositRequest>();
  const actor = createActor(depositMachine.provide({ actors: { loadChannels: loadChannels.logic, submitDeposit: submitDeposit.logic } }), {
    input: { bus },
  }).start();
  loadChannels.resolve([bankChannel()]);
  await waitFor(actor, (s) => selectDepositStep(s) === 'choosing');
  return { bus, actor, loadChannels, submitDeposit };
};

describe('deposit machine', () => {
  it('[WALLET-04] refuses an amount outside the channel bounds before calling the server', async () => {
    const { actor, submitDeposit } = await start();
    try {
      actor.send({ type: 'deposit.submit', form: form({ amount: 99.99 }), requestId: crypto.randomUUID() });
      expect(selectDepositIssue(actor.getSnapshot())).toBe('amountRange');
      actor.send({ type: 'deposit.submit', form: form({ amount: 50_000.01 }), requestId: crypto.randomUUID() });
      expect(selectDepositIssue(actor.getSnapshot())).toBe('amountRange');
      actor.send({ type: 'deposit.submit', form: form({ amount: null }), requestId: crypto.randomUUID() });
      expect(selectDepositIssue(actor.getSnapshot())).toBe('amountRequired');
      actor.send({ type: 'deposit.submit', form: form({ amount: 100.123 }), requestId: crypto.randomUUID() });
      expect(selectDepositIssue(actor.getSnapshot())).toBe('amountInvalid');
      actor.send({ type: 'deposit.submit', form: form({ channelId: null }), requestId: crypto.randomUUID() });
      expect(selectDepositIssue(actor.getSnapshot())).toBe('channelRequired');
      expect(submitDeposit.calls).toHaveLength(0);
    } finally {
      actor.stop();
    }
  });

  it('[WALLET-04] a request becomes pending, and the pushed result of that order shows it credited', async () => {
    const { actor, submitDeposit, bus } = await start();
    try {
      actor.send({ type: 'deposit.submit', form: form({ payerName: '  Lucky  ' }), requestId: 'key-1' });
      expect(submitDeposit.calls).toEqual([{ channelId: 'BANK1', amount: 500, payerName: 'Lucky', requestId: 'key-1' }]);
      submitDeposit.resolve(depositOrder());
      await waitFor(actor, (s) => selectDepositStep(s) === 'pending');
      bus.push('deposit:result', depositResult({ orderId: 'OTHER' }));
      expect(selectDepositStep(actor.getSnapshot())).toBe('pending');
      bus.push('deposit:result', depositResult({ orderId: 'D1001', status: 'CREDITED' }));
      expect(selectDepositStep(actor.getSnapshot())).toBe('credited');
    } finally {
      actor.stop();
    }
  });

  it('[WALLET-04] a failed result shows the failure; a result pushed before the order answer is not lost', async () => {
    const { actor, submitDeposit, bus } = await start();
    try {
      actor.send({ type: 'deposit.submit', form: form(), requestId: 'key-1' });
      bus.push('deposit:result', depositResult({ orderId: 'D1001', status: 'FAILED', failureReason: 'Not received' }));
      submitDeposit.resolve(depositOrder());
      await waitFor(actor, (s) => selectDepositStep(s) === 'failed');
      expect(actor.getSnapshot().context.result?.failureReason).toBe('Not received');
      actor.send({ type: 'deposit.again' });
      expect(selectDepositStep(actor.getSnapshot())).toBe('choosing');
    } finally {
      actor.stop();
    }
  });

  it('retries the same body with the same idempotency key, and a changed body with a new one', async () => {
    const { actor, submitDeposit } = await start();
    try {
      actor.send({ type: 'deposit.submit', form: form(), requestId: 'key-1' });
      submitDeposit.reject(apiError('NETWORK'));
      await waitFor(actor, (s) => selectDepositStep(s) === 'choosing');
      expect(actor.getSnapshot().context.error?.code).toBe('NETWORK');
      actor.send({ type: 'deposit.submit', form: form(), requestId: 'key-2' });
      submitDeposit.reject(apiError('NETWORK'));
      await waitFor(actor, (s) => selectDepositStep(s) === 'choosing');
      actor.send({ type: 'deposit.submit', form: form({ amount: 600 }), requestId: 'key-3' });
      expect(submitDeposit.calls.map((c) => c.requestId)).toEqual(['key-1', 'key-1', 'key-3']);
    } finally {
      actor.stop();
    }
  });

  it('a channel list that fails to load can be loaded again', async () => {
    const bus = createFakeBus();
    const loadChannels = controlledActor<DepositChannel[], void>();
    const actor = createActor(depositMachine.provide({ actors: { loadChannels: loadChannels.logic } }), { input: { bus } }).start();
    try {
      loadChannels.reject(apiError('INTERNAL'));
      await waitFor(actor, (s) => selectDepositStep(s) === 'channelsFailed');
      actor.send({ type: 'channels.retry' });
      loadChannels.resolve([bankChannel()]);
      await waitFor(actor, (s) => selectDepositStep(s) === 'choosing');
    } finally {
      actor.stop();
    }
  });
});
