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
  /**
   * Whether the page is still loading: a call waiting for its answer, or its code (the document, a lazy screen's
   * chunk). An effect of either may send the next user event (a route opening its popup once its screen is in).
   */
  loading?(): Promise<boolean>;
}

/** `reconnect`: the socket reconnected while recording; that step is the transport's, not the tester's, and is not compared. */
export type SessionStepVerdict = 'matched' | 'diverged' | 'not reached' | 'reconnect';

export interface SessionStepResult {
  recorded: RecordedStep;
  /** The replay's step matched to it: the same actor's next one. */
  replayed: RecordedStep | null;
  verdict: SessionStepVerdict;
  /** How the replay differs from the recording here. */
  difference: string | null;
  /** A user step: sent by the replay (true), or taken by the page on its own (false, an effect). */
  sent: boolean | null;
  /** An answer that came in another order than recorded (parallel states' calls race): its state is checked once the ones before it came. */
  reordered: boolean;
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
  /**
   * How long past its recorded moment a user event is left to the page (an effect may send it)
   * before the replay sends it; the moment moves later by as much as the replay runs behind the recording.
   */
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

const sameEvent = (a: RecordedStep, b: RecordedStep) => a.event.type === b.event.type && errorCodeOf(a) === errorCodeOf(b);

/** What an actor takes once the socket has reconnected and the missed pushes are in (machines/app/bus-bridge.ts). */
const RESYNC_EVENT = 'server.busResynced';

/**
 * The steps a socket reconnect made: an actor's resync and the answers of the fetch it starts, until
 * the actor is back in the state it left (or takes a user event). A loaded machine may reconnect while
 * recording or while replaying, and the other run then has no such steps: neither run's are compared.
 */
export const reconnectSteps = (steps: readonly RecordedStep[]): Set<number> => {
  const found = new Set<number>();
  const stateBefore = new Map<string, string>();
  const lastState = new Map<string, string>();
  for (const step of steps) {
    const state = stateText(step.state);
    if (step.event.type === RESYNC_EVENT && !stateBefore.has(step.actor)) stateBefore.set(step.actor, lastState.get(step.actor) ?? '');
    else if (step.source !== 'actor') stateBefore.delete(step.actor);
    if (stateBefore.has(step.actor)) {
      found.add(step.index);
      if (state === stateBefore.get(step.actor)) stateBefore.delete(step.actor);
    }
    lastState.set(step.actor, state);
  }
  return found;
};

/**
 * Replays a recorded session: each user event is sent to its actor at its recorded moment (unless
 * the page took it by itself), and each recorded step is matched with the same actor's next step
 * in the replay. The replay's clock follows the recording's, shifted by how far the replay has
 * fallen behind it (its latest steps came this much later than recorded): a user event an effect
 * sends after a server answer (the session a flow starts, a popup it closes) is then left to the page
 * however slow the answer, and so is one while the page waits for an answer or its code; sending it
 * as well would make the page take it twice. Steps of different actors may interleave differently. One actor's steps keep
 * their order, except its answers from other actors between two user steps (the calls of
 * parallel states race), and an answer beside a user event the page sent by itself: such a step
 * matches the same step further on, and the state is compared once every step before it has come. The first step whose event or state differs, or
 * that never comes, is where the replay diverges; the steps after it are not reached.
 */
export const replaySession = async (session: RecordedSession, page: SessionPage, options: SessionReplayOptions = {}): Promise<SessionReplayResult> => {
  const { stepTimeoutMs = 15_000, selfSendGraceMs = 500, pollMs = 50 } = options;
  const consumed = new Set<number>();
  const results: SessionStepResult[] = [];
  /** How much later than recorded the replay's steps have come, at most. */
  let lag = 0;
  let divergedAt: number | null = null;

  const recordedReconnects = reconnectSteps(session.steps);
  /** The replay's steps, less those of its own socket reconnects. */
  const replayedSteps = async () => {
    const steps = await page.steps();
    const reconnects = reconnectSteps(steps);
    return steps.filter((step) => !reconnects.has(step.index));
  };
  const pendingOf = async (actor: string) => (await replayedSteps()).filter((step) => step.actor === actor && !consumed.has(step.index));
  /** The actor's recorded steps after this one, up to and including its next user step. */
  const upcomingOf = (recorded: RecordedStep) => {
    const later = session.steps.filter((step) => step.actor === recorded.actor && step.index > recorded.index && !recordedReconnects.has(step.index));
    const nextUser = later.findIndex((step) => step.source !== 'actor');
    return nextUser === -1 ? later : later.slice(0, nextUser + 1);
  };
  /**
   * The replay's step for a recorded one: the actor's next, or for an answer the same answer among the
   * answers it has pending. A user event the page sent by itself (an effect: a route opening its popup)
   * and an answer race as well, so each may pass the other where the recording has them the other way
   * round. (A pending user event is the page's own: the replay sends one only at its turn and takes it at once.)
   */
  const candidateFor = async (recorded: RecordedStep): Promise<RecordedStep | null> => {
    const pending = await pendingOf(recorded.actor);
    const upcoming = upcomingOf(recorded);
    if (recorded.source !== 'actor') {
      const first = pending.findIndex((step) => step.source !== 'actor');
      if (first <= 0 || !sameEvent(pending[first]!, recorded)) return pending[0] ?? null;
      // The answers it passes must be ones the recording has after it, before the actor's next user event.
      const answersLater = upcoming.filter((step) => step.source === 'actor');
      for (const answer of pending.slice(0, first)) {
        const at = answersLater.findIndex((step) => sameEvent(step, answer));
        if (at === -1) return pending[0] ?? null;
        answersLater.splice(at, 1);
      }
      return pending[first]!;
    }
    const nextUserStep = upcoming.at(-1)?.source === 'user' ? upcoming.at(-1)! : null;
    let passedUserStep = false;
    for (const step of pending) {
      if (step.source !== 'actor') {
        // Only the page's own event the recording has next for this actor, once.
        if (passedUserStep || !nextUserStep || !sameEvent(step, nextUserStep)) break;
        passedUserStep = true;
        continue;
      }
      if (sameEvent(step, recorded)) return step;
    }
    return null;
  };
  /** The actor's state after the steps consumed without a gap, or null while an earlier one has not come. */
  const settledStateOf = async (actor: string): Promise<RecordedStep | null> => {
    const steps = (await replayedSteps()).filter((step) => step.actor === actor);
    const firstPending = steps.findIndex((step) => !consumed.has(step.index));
    if (firstPending !== -1 && steps.slice(firstPending).some((step) => consumed.has(step.index))) return null;
    return (firstPending === -1 ? steps.at(-1) : steps[firstPending - 1]) ?? null;
  };
  const shot = async () => (page.screenshot ? await page.screenshot().catch(() => null) : null);

  for (const recorded of session.steps) {
    if (divergedAt !== null) {
      results.push({ recorded, replayed: null, verdict: 'not reached', difference: null, sent: null, reordered: false, screenshot: null, at: Date.now() });
      continue;
    }
    if (recordedReconnects.has(recorded.index)) {
      results.push({ recorded, replayed: null, verdict: 'reconnect', difference: null, sent: null, reordered: false, screenshot: null, at: Date.now() });
      continue;
    }
    let sent: boolean | null = null;
    let difference: string | null = null;
    if (recorded.source === 'user') {
      // The page may send it by itself (an effect): left to it until a moment after it was recorded.
      for (;;) {
        const next = await candidateFor(recorded);
        if (next?.event.type === recorded.event.type) {
          sent = false;
          break;
        }
        const now = await page.now();
        const due = recorded.at + lag + selfSendGraceMs;
        // A page still loading holds the event back, but never past the step timeout.
        if (now >= due && (now >= due + stepTimeoutMs || !(await page.loading?.()))) {
          sent = true;
          if (!(await page.send(recorded.actor, recorded.event))) difference = `no ${recorded.actor} is running to take ${recorded.event.type}`;
          break;
        }
        await page.wait(pollMs);
      }
    }
    let replayed: RecordedStep | null = null;
    let reordered = false;
    if (!difference) {
      const deadline = (await page.now()) + stepTimeoutMs;
      for (;;) {
        replayed = await candidateFor(recorded);
        if (replayed || (await page.now()) > deadline) break;
        await page.wait(pollMs);
      }
      // An answer that never came: what the actor did instead, if anything.
      replayed ??= (await pendingOf(recorded.actor))[0] ?? null;
      if (replayed) {
        consumed.add(replayed.index);
        lag = Math.max(lag, replayed.at - recorded.at);
        const settled = await settledStateOf(recorded.actor);
        reordered = settled?.index !== replayed.index;
        if (!sameEvent(recorded, replayed)) difference = differenceOf(recorded, replayed);
        else if (settled) difference = differenceOf(recorded, { ...replayed, state: settled.state });
      } else {
        difference = `${recorded.actor} made no step within ${stepTimeoutMs / 1000} s; the recording has ${eventText(recorded)} reaching ${stateText(recorded.state)}`;
      }
    }
    const verdict: SessionStepVerdict = difference ? 'diverged' : 'matched';
    if (verdict === 'diverged') divergedAt = recorded.index;
    const last = recorded.index === session.steps.length - 1;
    // A picture where the tester acted, where it diverged and at the end: a background actor's step shows nothing new.
    const screenshot = recorded.source === 'user' || verdict === 'diverged' || last ? await shot() : null;
    results.push({ recorded, replayed, verdict, difference, sent, reordered, screenshot, at: Date.now() });
  }
  return { steps: results, divergedAt };
};
