import { toFlowError } from './flow-error';
import { mustProvideActor } from './placeholders';

/** Which call the proof will be attached to (the client may fetch a challenge per purpose). */
export type BotCheckPurpose = 'login' | 'register' | 'sms';

/**
 * Solves a bot-check challenge (DESIGN.md: altcha proof of work) and resolves with the `botCheck`
 * field of the payload it guards. Each proof is single-use, so every guarded call solves anew (AUTH-33).
 */
export const solveBotCheck = mustProvideActor<string, { purpose: BotCheckPurpose }>('solveBotCheck');

/**
 * The bot-check step of a guarded call, the same in every flow that sends one (login,
 * registration): it solves a fresh proof for `purpose`, then goes on to `next` with it (the flow's
 * `assignProof` action keeps it for the call) or back to `back` with the error (`assignError`).
 * The flow provides `solveBotCheck` (this file) among its actors.
 */
export const botCheckStep = <Next extends string, Back extends string, AssignProof extends string, AssignError extends string>({
  purpose,
  next,
  back,
  assignProof,
  assignError,
}: {
  purpose: BotCheckPurpose;
  next: Next;
  back: Back;
  assignProof: AssignProof;
  assignError: AssignError;
}) => ({
  tags: ['loading' as const, 'step:botCheck' as const],
  invoke: {
    id: 'solveBotCheck',
    src: 'solveBotCheck' as const,
    input: { purpose },
    onDone: { target: next, actions: { type: assignProof, params: ({ event }: { event: { output: string } }) => ({ botCheck: event.output }) } },
    onError: { target: back, actions: { type: assignError, params: ({ event }: { event: { error: unknown } }) => ({ error: toFlowError(event.error) }) } },
  },
});
