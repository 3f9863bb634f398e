import type { SnapshotFrom } from 'xstate';
import type { BusStreams } from '@machines/app/bus-bridge';
import { depositMachine } from '@machines/wallet/deposit.machine';
import { bankChannel, depositOrder, depositResult } from '../../helpers/money-fixtures';
import { actorDone, definePaths, pushEvent, userEvent } from '../machine-paths';

type DepositSnapshot = SnapshotFrom<typeof depositMachine>;

export const DEPOSIT_AMOUNT = 500;

const channel = bankChannel();
const order = depositOrder({ channelId: channel.channelId, amount: DEPOSIT_AMOUNT });
const form = (amount: number | null) => ({ channelId: channel.channelId, amount, payerName: '', reference: '' });
const pending = (snapshot: unknown) => (snapshot as DepositSnapshot).matches('pending');

/**
 * The deposit page (WALLET-01, WALLET-04): the channels, a request within its channel's bounds,
 * a PENDING order, then the pushed result of that order: credited or failed.
 */
export const depositPaths = definePaths({
  name: 'deposit',
  title: 'Deposit page: channels, amount bounds, pending order, credited or failed',
  machine: depositMachine,
  // The machine reads no stream while it is walked: the bus only feeds the invoked listener.
  input: { bus: {} as BusStreams },
  choices: [
    actorDone('loadChannels', [channel], 'one channel'),
    userEvent({ type: 'deposit.submit', form: form(DEPOSIT_AMOUNT), requestId: '0b8f5d7e-3c1a-4e52-9a57-6f1d2c3b4a59' }, 'valid'),
    userEvent({ type: 'deposit.submit', form: form(channel.minAmount / 2), requestId: '1c9a6e8f-4d2b-4f63-8b68-7a2e3d4c5b6a' }, 'below the minimum'),
    userEvent({ type: 'deposit.submit', form: form(null), requestId: '2d0b7f9a-5e3c-4a74-9c79-8b3f4e5d6c7b' }, 'no amount'),
    actorDone('submitDeposit', order, 'pending order'),
    pushEvent({ type: 'server.depositResult', payload: depositResult({ orderId: order.orderId }) }, 'credited', { when: pending }),
    pushEvent({ type: 'server.depositResult', payload: depositResult({ orderId: order.orderId, status: 'FAILED', failureReason: 'No payment arrived' }) }, 'failed', {
      when: pending,
    }),
    userEvent({ type: 'deposit.again' }),
  ],
  screen: (snapshot) => ({ issue: snapshot.context.issue, error: snapshot.context.error?.code ?? null }),
});
