import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Balance } from '@shared/contract/wallet';
import { balanceMachine } from '@machines/wallet/balance.machine';
import { selectBalance, selectCurrencySymbol } from '@machines/wallet/balance.selectors';
import { createFakeBus } from '../../helpers/fake-bus';
import { balanceUpdated } from '../../helpers/money-fixtures';
import { apiError, controlledActor, flush, settledValues } from '../support/fakes';

const start = () => {
  const bus = createFakeBus();
  const fetchBalance = controlledActor<Balance, void>();
  const actor = createActor(balanceMachine.provide({ actors: { fetchBalance: fetchBalance.logic } }), { input: { bus } }).start();
  // What the header shows of it.
  const published = settledValues(actor, (s) => s.matches('ready'), (s) => ({ balance: selectBalance(s), currencySymbol: selectCurrencySymbol(s) }));
  return { bus, fetchBalance, published, actor };
};

describe('balance machine', () => {
  it('[WALLET-01] loads the balance once and publishes it', async () => {
    const { actor, fetchBalance, published } = start();
    try {
      expect(actor.getSnapshot().hasTag('loading')).toBe(true);
      fetchBalance.resolve({ balance: 1234.5, currencySymbol: '₫' });
      await waitFor(actor, (s) => s.matches('ready'));
      expect(published).toEqual([{ balance: 1234.5, currencySymbol: '₫' }]);
      expect(fetchBalance.calls).toHaveLength(1);
    } finally {
      actor.stop();
    }
  });

  it('[WALLET-01] a pushed balance:updated replaces the balance without another call (no polling)', async () => {
    const { actor, fetchBalance, published, bus } = start();
    try {
      fetchBalance.resolve({ balance: 100, currencySymbol: '₫' });
      await waitFor(actor, (s) => s.matches('ready'));
      bus.push('balance:updated', balanceUpdated(600));
      expect(actor.getSnapshot().context.balance).toBe(600);
      expect(published.at(-1)).toEqual({ balance: 600, currencySymbol: '₫' });
      expect(fetchBalance.calls).toHaveLength(1);
    } finally {
      actor.stop();
    }
  });

  it('a push that arrives while a fetch is under way wins over the older answer', async () => {
    const { actor, fetchBalance, bus } = start();
    try {
      bus.push('balance:updated', balanceUpdated(750));
      fetchBalance.resolve({ balance: 100, currencySymbol: '₫' });
      await waitFor(actor, (s) => s.matches('ready'));
      expect(actor.getSnapshot().context.balance).toBe(750);
      expect(actor.getSnapshot().context.currencySymbol).toBe('₫');
    } finally {
      actor.stop();
    }
  });

  it('[WALLET-03] the refresh action and a reconnect (resynced$) fetch the balance again', async () => {
    const { actor, fetchBalance, bus, published } = start();
    try {
      fetchBalance.resolve({ balance: 100, currencySymbol: '₫' });
      await waitFor(actor, (s) => s.matches('ready'));
      actor.send({ type: 'balance.refresh' });
      fetchBalance.resolve({ balance: 120, currencySymbol: '₫' });
      await waitFor(actor, (s) => s.matches('ready'));
      bus.resynced.next();
      expect(actor.getSnapshot().hasTag('loading')).toBe(true);
      fetchBalance.resolve({ balance: 130, currencySymbol: '₫' });
      await waitFor(actor, (s) => s.matches('ready'));
      expect(fetchBalance.calls).toHaveLength(3);
      expect(published.map((p) => p.balance)).toEqual([100, 120, 130]);
    } finally {
      actor.stop();
    }
  });

  it('a failed fetch keeps the last balance and may be retried', async () => {
    const { actor, fetchBalance } = start();
    try {
      fetchBalance.resolve({ balance: 80, currencySymbol: '₫' });
      await waitFor(actor, (s) => s.matches('ready'));
      actor.send({ type: 'balance.refresh' });
      fetchBalance.reject(apiError('NETWORK'));
      await waitFor(actor, (s) => s.matches('failed'));
      expect(actor.getSnapshot().context).toMatchObject({ balance: 80, error: { code: 'NETWORK' } });
      actor.send({ type: 'balance.refresh' });
      await flush();
      expect(fetchBalance.waiting).toBe(1);
    } finally {
      actor.stop();
    }
  });
});
