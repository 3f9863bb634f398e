import type { AnyEventObject } from 'xstate';
import type { RecordedSession, RecordedStep } from '@client/dev/session-format';

/**
 * The page a recorded session is replayed in (Chromium in `npm run replay -- --file`, actors in
 * memory in the tests): it records its own steps with the same capture as the recorder.
 */
export interface SessionPage {
  /** The steps the page has recorded since it began loading. */
  steps(): Promise<readonly RecordedStep[]>;
  /** Sends a user event to a running actor; false when none runs under that name. */
  send(actor: string, event: AnyEventObject): Promise<boolean>;
  /** Milliseconds since the page began loading: the clock the recording's `at` reads. */
  now(): Promise<number>;
  wait(ms: number): Promise<void>;
  /** The page as it looks now, as a data URL. */
  screenshot?(): Promise<string | null>;
}

export type SessionStepVerdict = 'matched' | 'diverged' | 'not reached';

export interface SessionStepResult {
  recorded: RecordedStep;
  /** The replay's step matched to it: the same actor's next one. */
  replayed: RecordedStep | null;
  verdict: SessionStepVerdict;
  /** How the replay differs from the recording here. */
  difference: string | null;
  /** A user step: sent by the replay (true), or taken by the page on its own (false, an effect). */
  sent: boolean | null;
  screenshot: string | null;
  /** When the replay reported it (wall clock): the page's traffic until then belongs to it. */
  at: number;
}

export interface SessionReplayResult {
  steps: SessionStepResult[];
  /** The index of the first step where the replay diverges from the recording; null when none does. */
  divergedAt: number | null;
}

export interface SessionReplayOptions {
  /** How long an actor may take to make its next recorded step. */
  stepTimeoutMs?: number;
  /** How long past its recorded moment a user event is left to the page (an effect may send it) before the replay sends it. */
  selfSendGraceMs?: number;
  pollMs?: number;
}

const stateText = (state: RecordedStep['state']) => JSON.stringify(state);
const errorCodeOf = (step: RecordedStep) => (step.event as { error?: { code?: string } }).error?.code ?? null;
const eventText = (step: RecordedStep) => `${step.event.type}${errorCodeOf(step) ? ` (${errorCodeOf(step)})` : ''}`;

/** What differs between a recorded step and the replay's step of the same actor, or null. */
export const differenceOf = (recorded: RecordedStep, replayed: RecordedStep): string | null => {
  if (recorded.event.type !== replayed.event.type || errorCodeOf(recorded) !== errorCodeOf(replayed)) {
    return `${recorded.actor} took ${eventText(replayed)} where the recording has ${eventText(recorded)}`;
  }
  if (stateText(recorded.state) !== stateText(replayed.state)) {
    return `${recorded.actor} reached ${stateText(replayed.state)} on ${recorded.event.type}, the recording ${stateText(recorded.state)}`;
  }
  return null;
};

/**
 * Replays a recorded session: each user event is sent to its actor at its recorded moment (unless
 * the page took it by itself), and each recorded step is matched with the same actor's next step
 * in the replay. Steps of different actors may interleave differently; one actor's may not. The
 * first step whose event or state differs, or that never comes, is where the replay diverges;
 * the steps after it are not reached.
 */
export const replaySession = async (session: RecordedSession, page: SessionPage, options: SessionReplayOptions = {}): Promise<SessionReplayResult> => {
  const { stepTimeoutMs = 15_000, selfSendGraceMs = 500, pollMs = 50 } = options;
  const consumed = new Set<number>();
  const results: SessionStepResult[] = [];
  let divergedAt: number | null = null;

  const nextOf = async (actor: string) => (await page.steps()).find((step) => step.actor === actor && !consumed.has(step.index)) ?? null;
  const shot = async () => (page.screenshot ? await page.screenshot().catch(() => null) : null);

  for (const recorded of session.steps) {
    if (divergedAt !== null) {
      results.push({ recorded, replayed: null, verdict: 'not reached', difference: null, sent: null, screenshot: null, at: Date.now() });
      continue;
    }
    let sent: boolean | null = null;
    let difference: string | null = null;
    if (recorded.source === 'user') {
      // The page may send it by itself (an effect): left to it until a moment after it was recorded.
      for (;;) {
        const next = await nextOf(recorded.actor);
        if (next?.event.type === recorded.event.type) {
          sent = false;
          break;
        }
        if ((await page.now()) >= recorded.at + selfSendGraceMs) {
          sent = true;
          if (!(await page.send(recorded.actor, recorded.event))) difference = `no ${recorded.actor} is running to take ${recorded.event.type}`;
          break;
        }
        await page.wait(pollMs);
      }
    }
    let replayed: RecordedStep | null = null;
    if (!difference) {
      const deadline = (await page.now()) + stepTimeoutMs;
      for (;;) {
        replayed = await nextOf(recorded.actor);
        if (replayed || (await page.now()) > deadline) break;
        await page.wait(pollMs);
      }
      if (replayed) {
        consumed.add(replayed.index);
        difference = differenceOf(recorded, replayed);
      } else {
        difference = `${recorded.actor} made no step within ${stepTimeoutMs / 1000} s; the recording has ${eventText(recorded)} reaching ${stateText(recorded.state)}`;
      }
    }
    const verdict: SessionStepVerdict = difference ? 'diverged' : 'matched';
    if (verdict === 'diverged') divergedAt = recorded.index;
    const last = recorded.index === session.steps.length - 1;
    // A picture where the tester acted, where it diverged and at the end: a background actor's step shows nothing new.
    const screenshot = recorded.source === 'user' || verdict === 'diverged' || last ? await shot() : null;
    results.push({ recorded, replayed, verdict, difference, sent, screenshot, at: Date.now() });
  }
  return { steps: results, divergedAt };
};
