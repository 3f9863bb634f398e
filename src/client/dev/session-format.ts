import { z } from 'zod';
import type { StateValue } from 'xstate';

/**
 * A recorded session: what the development build's recorder downloads and what
 * `npm run replay -- --file session.json` replays. The recorder (src/client/dev/session-capture.ts)
 * writes it and the replayer (tests/replay/session-replay.ts) reads it through this one schema.
 */
export const SESSION_FORMAT = 'gaming-platform/recorded-session';
export const SESSION_VERSION = 1;

const stateValue: z.ZodType<StateValue> = z.lazy(() => z.union([z.string(), z.record(z.string(), stateValue)]));

/**
 * Who made a step happen: `start` an actor began; `user` the page sent the event from outside any
 * actor (a click, a form, an effect); `actor` another actor sent it (a server answer, a delay, a
 * push from the socket bus, a child's result). The replay sends only `user` events; the rest must
 * follow on their own.
 */
export const StepSource = z.enum(['start', 'user', 'actor']);
export type StepSource = z.infer<typeof StepSource>;

export const RecordedStep = z.object({
  index: z.number().int().nonnegative(),
  /** Milliseconds since the page began loading (`performance.now()`). */
  at: z.number().nonnegative(),
  /**
   * The actor, as `<machine id>#<n>`: the n-th actor of that machine started since the page loaded
   * (`login#2`: the second login popup opened). The same steps on a fresh page start the same actors.
   */
  actor: z.string().regex(/^[^#]+#\d+$/),
  source: StepSource,
  /**
   * The event as the machine took it. A `user` event is kept whole (minus what JSON cannot hold:
   * functions, files), for the replay sends it again; any other keeps its type, and an actor's
   * failure its error code, so no server answer (tokens...) lands in the file.
   */
  event: z.looseObject({ type: z.string().min(1) }),
  /** The state value the actor reached by this step. */
  state: stateValue,
  /** The page's path and query when the step happened. */
  url: z.string(),
});
export type RecordedStep = z.infer<typeof RecordedStep>;

export const RecordedSession = z.object({
  format: z.literal(SESSION_FORMAT),
  version: z.literal(SESSION_VERSION),
  recordedAt: z.iso.datetime(),
  /** Where the recording began: the replay opens this path on a fresh server. */
  startUrl: z.string().startsWith('/'),
  viewport: z.object({ width: z.number().int().positive(), height: z.number().int().positive() }),
  steps: z.array(RecordedStep),
});
export type RecordedSession = z.infer<typeof RecordedSession>;

/** Reads a session file's text; the message names the first field that is wrong. */
export const parseRecordedSession = (text: string): RecordedSession => {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`not a recorded session: the file is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const parsed = RecordedSession.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`not a recorded session: ${issue.path.join('.') || '(the file)'}: ${issue.message}`);
  }
  parsed.data.steps.forEach((step, i) => {
    if (step.index !== i) throw new Error(`not a recorded session: steps.${i}.index is ${step.index}, expected ${i}`);
  });
  return parsed.data;
};

/**
 * What a development page offers the replay (as `window.__sessionRecorder`) while it records:
 * its steps so far and a way to send a recorded user event to the actor that took it.
 */
export interface SessionRecorderHook {
  /** The steps recorded since the page loaded, from the index `from` on. */
  steps(from: number): RecordedStep[];
  send(actor: string, event: RecordedStep['event']): boolean;
}

export const RECORDER_HOOK = '__sessionRecorder';

/** The sessionStorage key that makes a development page record from its first actor (set, then the page reloads). */
export const RECORDING_FLAG = 'dev:session-recording';
