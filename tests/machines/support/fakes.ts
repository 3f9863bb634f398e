import type { SimulatedClock } from 'xstate';
import { fromPromise } from 'xstate';

interface Pending<TOutput> {
  resolve: (value: TOutput) => void;
  reject: (error: unknown) => void;
}

/**
 * A promise actor whose every call waits until the test answers it: `calls` records each input,
 * `resolve`/`reject` settle the oldest call still waiting.
 */
export const controlledActor = <TOutput, TInput = unknown>() => {
  const pending: Pending<TOutput>[] = [];
  const calls: TInput[] = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input }) =>
      new Promise<TOutput>((resolve, reject) => {
        calls.push(input);
        pending.push({ resolve, reject });
      }),
  );
  const next = () => {
    const head = pending.shift();
    if (!head) throw new Error('no call is waiting for an answer');
    return head;
  };
  return {
    logic,
    calls,
    get waiting() {
      return pending.length;
    },
    resolve: (value: TOutput) => next().resolve(value),
    reject: (error: unknown) => next().reject(error),
  };
};

/** A promise actor that answers every call at once with `answer(input)` (which may throw). */
export const answeringActor = <TOutput, TInput = unknown>(answer: (input: TInput) => TOutput | Promise<TOutput>) => {
  const calls: TInput[] = [];
  const logic = fromPromise<TOutput, TInput>(async ({ input }) => {
    calls.push(input);
    return answer(input);
  });
  return { logic, calls };
};

/** What the client's API layer rejects with (ApiCallError's shape). */
export const apiError = (code: string, extra: { message?: string; retryAfterSeconds?: number; details?: unknown } = {}) =>
  Object.assign(new Error(extra.message ?? code), { code, retryAfterSeconds: extra.retryAfterSeconds ?? null, details: extra.details });

/** Lets settled promises deliver their done/error events to the actors. */
export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Lets `ms` of simulated time pass. SimulatedClock.increment fires each due timer once and
 * starts timers set meanwhile from the new time, so time is advanced in small steps, as it passes.
 */
export const advance = (clock: SimulatedClock, ms: number, step = 100) => {
  for (let left = ms; left > 0; left -= step) clock.increment(Math.min(step, left));
};

/** A promise actor that rejects every call with `error`. */
export const rejectingActor = <TOutput, TInput = unknown>(error: unknown) =>
  answeringActor<TOutput, TInput>(() => {
    throw error;
  });

/**
 * What views read of a machine through `select`: the value each time the machine settles
 * (`isSettled`) and each change while settled, as a header or badge would show it.
 */
export const settledValues = <TSnapshot, T>(
  actor: { subscribe(listener: (snapshot: TSnapshot) => void): unknown; getSnapshot(): TSnapshot },
  isSettled: (snapshot: TSnapshot) => boolean,
  select: (snapshot: TSnapshot) => T,
): T[] => {
  const values: T[] = [];
  let wasSettled = false;
  let last: string | undefined;
  const record = (snapshot: TSnapshot) => {
    const settled = isSettled(snapshot);
    const value = select(snapshot);
    const key = JSON.stringify(value);
    if (settled && (!wasSettled || key !== last)) values.push(value);
    wasSettled = settled;
    last = key;
  };
  record(actor.getSnapshot());
  actor.subscribe(record);
  return values;
};
