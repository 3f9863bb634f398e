import { assign, setup } from 'xstate';
import type { FreePlayRequest, LoginResult } from '@shared/contract/auth';
import { solveBotCheck } from '../shared/bot-check';
import { toFlowError, type FlowError } from '../shared/flow-error';
import { navigateTo } from '../shared/navigation';
import { mustProvideAction, mustProvideActor } from '../shared/placeholders';

export interface FreePlayContext {
  botCheck: string | null;
  error: FlowError | null;
}

export type FreePlayEvent = { type: 'freePlay.start' };

export type FreePlayTag = 'loading';

/**
 * The free demo (AUTH-42, AUTH-43): a bot-checked call creates a trial account; the session then
 * loads its user info and drops `cpw` (a new session is never a pending password change), and the
 * app goes to `/`.
 */
export const freePlayMachine = setup({
  types: {} as { context: FreePlayContext; events: FreePlayEvent; tags: FreePlayTag },
  actors: {
    solveBotCheck,
    startFreePlay: mustProvideActor<LoginResult, FreePlayRequest>('startFreePlay'),
  },
  actions: {
    startSession: mustProvideAction<{ result: LoginResult; passwordChangePending: boolean }>('startSession'),
    navigateTo,
    assignBotCheck: assign((_, params: { botCheck: string }) => ({ botCheck: params.botCheck, error: null })),
    assignError: assign((_, params: { error: FlowError }) => ({ error: params.error, botCheck: null })),
  },
}).createMachine({
  id: 'freePlay',
  context: { botCheck: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'freePlay.start': 'checkingBot' },
    },
    checkingBot: {
      tags: 'loading',
      invoke: {
        id: 'solveBotCheck',
        src: 'solveBotCheck',
        input: { purpose: 'login' as const },
        onDone: { target: 'starting', actions: { type: 'assignBotCheck', params: ({ event }) => ({ botCheck: event.output }) } },
        onError: { target: 'idle', actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) } },
      },
    },
    starting: {
      tags: 'loading',
      invoke: {
        id: 'startFreePlay',
        src: 'startFreePlay',
        input: ({ context }) => ({ os: 'web', platform: 'W' as const, gatewayVersion: 3 as const, botCheck: context.botCheck ?? '' }),
        onDone: {
          target: 'started',
          actions: [
            { type: 'startSession', params: ({ event }) => ({ result: event.output, passwordChangePending: false }) },
            { type: 'navigateTo', params: { to: '/' } },
          ],
        },
        onError: { target: 'idle', actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) } },
      },
    },
    started: { type: 'final' },
  },
});

export type FreePlayMachine = typeof freePlayMachine;
