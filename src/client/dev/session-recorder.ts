import type { InspectionEvent } from 'xstate';
import { createSessionCapture } from './session-capture';
import { RECORDER_HOOK, RECORDING_FLAG, SESSION_FORMAT, SESSION_VERSION, type RecordedSession, type SessionRecorderHook } from './session-format';

export type RecorderStatus = 'off' | 'recording' | 'stopped';

export interface RecorderEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** The page's path and query. */
  url(): string;
  /** Milliseconds since the page began loading. */
  now(): number;
  reload(): void;
  viewport(): { width: number; height: number };
  /** Where the recorder offers its hook to the replay while it records. */
  host: Record<string, unknown>;
}

/**
 * The session recorder of development builds. A recording runs from a page load: switching it on
 * sets a flag and reloads, so the session starts from the page's first actor and a replay on a
 * fresh page starts the same actors. While it records, `window.__sessionRecorder` lets
 * `npm run replay -- --file` read the steps and send events (the replay records its page this way).
 */
export const createSessionRecorder = (env: RecorderEnvironment) => {
  const capture = createSessionCapture({ now: env.now, url: env.url });
  const startUrl = env.url();
  const loadedAt = new Date(Date.now() - env.now());
  let status: RecorderStatus = env.storage.getItem(RECORDING_FLAG) === 'on' ? 'recording' : 'off';
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  capture.onStep(notify);

  const hook: SessionRecorderHook = { steps: (from) => capture.steps().slice(from), send: (actor, event) => capture.send(actor, event) };
  if (status === 'recording') env.host[RECORDER_HOOK] = hook;

  return {
    inspect: (event: InspectionEvent) => {
      if (status === 'recording') capture.inspect(event);
    },
    status: () => status,
    stepCount: () => capture.steps().length,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Starts a recording: the page reloads and records from its first actor. */
    start: () => {
      env.storage.setItem(RECORDING_FLAG, 'on');
      env.reload();
    },
    stop: () => {
      env.storage.removeItem(RECORDING_FLAG);
      delete env.host[RECORDER_HOOK];
      status = 'stopped';
      notify();
    },
    /** The session as the file the tester downloads. */
    session: (): RecordedSession => ({
      format: SESSION_FORMAT,
      version: SESSION_VERSION,
      recordedAt: loadedAt.toISOString(),
      startUrl,
      viewport: env.viewport(),
      steps: [...capture.steps()],
    }),
  };
};

export type SessionRecorder = ReturnType<typeof createSessionRecorder>;
