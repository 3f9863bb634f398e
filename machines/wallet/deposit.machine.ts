import { assign, setup } from 'xstate';
import type { DepositChannel, DepositOrder, DepositRequest } from '@shared/contract/wallet-payments';
import { busEvents, type BusStreams, type ServerMachineEvent } from '../app/bus-bridge';
import { toFlowError, type FlowError } from '../shared/flow-error';
import { mustProvideActor } from '../shared/placeholders';

/** What stops a deposit before it is sent; views translate `wallet:deposit.issues.<issue>`. */
export type DepositIssue = 'channelRequired' | 'amountRequired' | 'amountInvalid' | 'amountRange';

export interface DepositForm {
  channelId: string | null;
  /** null: the field is empty or not a number. */
  amount: number | null;
  payerName: string;
  reference: string;
}

type DepositResultPayload = ServerMachineEvent<'deposit:result'>['payload'];

export interface DepositContext {
  bus: BusStreams;
  channels: DepositChannel[];
  issue: DepositIssue | null;
  /** The body of the last attempt and its idempotency key: the same body is retried with the same key. */
  attempt: { request: Omit<DepositRequest, 'requestId'>; requestId: string } | null;
  order: DepositOrder | null;
  result: DepositResultPayload | null;
  /** Results pushed for any order of this page, by order id: one may arrive before its order's answer. */
  pushedResults: Record<string, DepositResultPayload>;
  error: FlowError | null;
}

export type DepositEvent =
  /** `requestId`: a fresh key, used unless this is a retry of the same body. */
  | { type: 'deposit.submit'; form: DepositForm; requestId: string }
  | { type: 'deposit.again' }
  | { type: 'channels.retry' }
  | ServerMachineEvent<'deposit:result'>;

export type DepositTag = 'loading';

const toCents = (amount: number) => Math.round(amount * 100);

/** Checks a deposit form against its channel's bounds (depositv2: amount bounds per channel). */
export const depositIssue = (channels: readonly DepositChannel[], form: DepositForm): DepositIssue | null => {
  const channel = channels.find((c) => c.channelId === form.channelId);
  if (!channel) return 'channelRequired';
  if (form.amount === null) return 'amountRequired';
  if (!Number.isFinite(form.amount) || form.amount <= 0 || Math.abs(form.amount * 100 - toCents(form.amount)) > 1e-6) return 'amountInvalid';
  if (toCents(form.amount) < toCents(channel.minAmount) || toCents(form.amount) > toCents(channel.maxAmount)) return 'amountRange';
  return null;
};

const requestOf = (form: DepositForm): Omit<DepositRequest, 'requestId'> => ({
  channelId: form.channelId ?? '',
  amount: form.amount ?? 0,
  ...(form.payerName.trim() ? { payerName: form.payerName.trim() } : {}),
  ...(form.reference.trim() ? { reference: form.reference.trim() } : {}),
});

const sameRequest = (a: Omit<DepositRequest, 'requestId'>, b: Omit<DepositRequest, 'requestId'>) =>
  a.channelId === b.channelId && a.amount === b.amount && a.payerName === b.payerName && a.reference === b.reference;

/**
 * The depositv2 page: the channels come from the server; a request within its channel's bounds
 * becomes a PENDING order, and the pushed `deposit:result` of that order shows it credited or
 * failed as it happens (no polling).
 */
export const depositMachine = setup({
  types: {} as { context: DepositContext; events: DepositEvent; input: { bus: BusStreams }; tags: DepositTag },
  actors: {
    loadChannels: mustProvideActor<DepositChannel[]>('loadChannels'),
    submitDeposit: mustProvideActor<DepositOrder, DepositRequest>('submitDeposit'),
    depositResults: busEvents('deposit:result'),
  },
  guards: {
    hasIssue: ({ context, event }) => event.type === 'deposit.submit' && depositIssue(context.channels, event.form) !== null,
    hasResult: ({ context }) => context.order !== null && context.pushedResults[context.order.orderId] !== undefined,
    isCredited: ({ context }) => context.result?.status === 'CREDITED',
  },
  actions: {
    assignChannels: assign((_, params: { channels: DepositChannel[] }) => ({ channels: params.channels, error: null })),
    assignIssue: assign(({ context }, params: { form: DepositForm }) => ({ issue: depositIssue(context.channels, params.form) })),
    assignAttempt: assign(({ context }, params: { form: DepositForm; requestId: string }) => {
      const request = requestOf(params.form);
      const retry = context.attempt && sameRequest(context.attempt.request, request);
      return { attempt: { request, requestId: retry ? context.attempt!.requestId : params.requestId }, issue: null, error: null };
    }),
    assignOrder: assign((_, params: { order: DepositOrder }) => ({ order: params.order, attempt: null, result: null })),
    rememberResult: assign(({ context }, params: { result: DepositResultPayload }) => ({
      pushedResults: { ...context.pushedResults, [params.result.orderId]: params.result },
    })),
    takeResult: assign(({ context }) => ({ result: context.order ? (context.pushedResults[context.order.orderId] ?? null) : null })),
    clearOrder: assign({ order: null, result: null, issue: null, error: null }),
    assignError: assign((_, params: { error: FlowError }) => ({ error: params.error })),
  },
}).createMachine({
  id: 'deposit',
  context: ({ input }) => ({ bus: input.bus, channels: [], issue: null, attempt: null, order: null, result: null, pushedResults: {}, error: null }),
  invoke: { id: 'depositResults', src: 'depositResults', input: ({ context }) => ({ bus: context.bus }) },
  on: {
    'server.depositResult': { actions: { type: 'rememberResult', params: ({ event }) => ({ result: event.payload }) } },
  },
  initial: 'loadingChannels',
  states: {
    loadingChannels: {
      tags: 'loading',
      invoke: {
        id: 'loadChannels',
        src: 'loadChannels',
        onDone: { target: 'choosing', actions: { type: 'assignChannels', params: ({ event }) => ({ channels: event.output }) } },
        onError: { target: 'channelsFailed', actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) } },
      },
    },
    channelsFailed: { on: { 'channels.retry': 'loadingChannels' } },
    choosing: {
      on: {
        'deposit.submit': [
          { guard: 'hasIssue', actions: { type: 'assignIssue', params: ({ event }) => ({ form: event.form }) } },
          { target: 'submitting', actions: { type: 'assignAttempt', params: ({ event }) => ({ form: event.form, requestId: event.requestId }) } },
        ],
      },
    },
    submitting: {
      tags: 'loading',
      invoke: {
        id: 'submitDeposit',
        src: 'submitDeposit',
        // `choosing` sends here only after assignAttempt
        input: ({ context }) => ({ ...context.attempt!.request, requestId: context.attempt!.requestId }),
        onDone: { target: 'pending', actions: { type: 'assignOrder', params: ({ event }) => ({ order: event.output }) } },
        onError: { target: 'choosing', actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) } },
      },
    },
    /** PENDING until an operator or the provider confirms it; the result arrives on the bus. */
    pending: {
      always: { guard: 'hasResult', target: 'resolved', actions: 'takeResult' },
      on: { 'deposit.again': { target: 'choosing', actions: 'clearOrder' } },
    },
    resolved: {
      initial: 'routing',
      states: {
        routing: { always: [{ guard: 'isCredited', target: 'credited' }, { target: 'failed' }] },
        credited: {},
        failed: {},
      },
      on: { 'deposit.again': { target: '#deposit.choosing', actions: 'clearOrder' } },
    },
  },
});

export type DepositMachine = typeof depositMachine;
