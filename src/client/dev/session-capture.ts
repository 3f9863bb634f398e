import type { ActorRefLike, AnyEventObject, InspectionEvent } from 'xstate';
import type { RecordedStep, StepSource } from './session-format';

interface CaptureClock {
  /** Milliseconds since the page began loading. */
  now(): number;
  /** The page's path and query. */
  url(): string;
}

/** A machine's id, or null for any other logic (promises, callbacks, observables have no states). */
const machineIdOf = (actorRef: ActorRefLike): string | null => {
  const logic = (actorRef as { logic?: { id?: unknown; config?: unknown } }).logic;
  return logic && typeof logic.id === 'string' && logic.config !== undefined ? logic.id : null;
};

/** A JSON copy without what JSON cannot hold or a replay cannot send: functions, actors, files, cycles. */
const toJson = (value: unknown, seen = new WeakSet<object>()): unknown => {
  if (value === null || typeof value !== 'object') return typeof value === 'function' || typeof value === 'symbol' || value === undefined ? undefined : value;
  if (seen.has(value)) return undefined;
  seen.add(value);
  if (typeof Blob !== 'undefined' && value instanceof Blob) return undefined;
  if (value instanceof Date) return value.toISOString();
  if (typeof (value as { send?: unknown }).send === 'function') return undefined;
  if (Array.isArray(value)) return value.map((item) => toJson(item, seen) ?? null);
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const kept = toJson(item, seen);
    if (kept !== undefined) copy[key] = kept;
  }
  return copy;
};

/** What a step keeps of its event (see RecordedStep.event). */
const keptEvent = (event: AnyEventObject, source: StepSource): RecordedStep['event'] => {
  if (source === 'user') return toJson(event) as RecordedStep['event'];
  const code = (event as { error?: { code?: unknown } }).error?.code;
  return typeof code === 'string' ? { type: event.type, error: { code } } : { type: event.type };
};

/**
 * Turns XState's inspection events (the `inspect` option of createActor) into recorded steps:
 * one per event a machine actor took, with the state it reached. The recorder and the replay
 * both capture through this, so a session and its replay are compared in the same words.
 */
export const createSessionCapture = (clock: CaptureClock) => {
  const started = new Map<string, number>();
  const keyOf = new WeakMap<ActorRefLike, string>();
  const actors = new Map<string, ActorRefLike>();
  const sourceOf = new WeakMap<AnyEventObject, StepSource>();
  const steps: RecordedStep[] = [];
  const listeners = new Set<(step: RecordedStep) => void>();

  const push = (step: Omit<RecordedStep, 'index' | 'at' | 'url'>) => {
    const recorded: RecordedStep = { index: steps.length, at: Math.round(clock.now()), url: clock.url(), ...step };
    steps.push(recorded);
    for (const listener of listeners) listener(recorded);
  };

  const inspect = (inspection: InspectionEvent) => {
    if (inspection.type === '@xstate.event') {
      const machineId = machineIdOf(inspection.actorRef);
      if (!machineId) return;
      if (inspection.event.type === 'xstate.init') {
        // Numbered as they start: an actor React made twice and threw away never starts.
        const n = (started.get(machineId) ?? 0) + 1;
        started.set(machineId, n);
        const key = `${machineId}#${n}`;
        keyOf.set(inspection.actorRef, key);
        actors.set(key, inspection.actorRef);
        // A started machine reports no snapshot for its init: its first state is already there.
        const snapshot = inspection.actorRef.getSnapshot() as { value?: RecordedStep['state'] };
        if (snapshot.value !== undefined) push({ actor: key, source: 'start', event: { type: 'xstate.init' }, state: snapshot.value });
        return;
      }
      // The snapshot that follows names the event it took, not who sent it: noted here by the event itself.
      sourceOf.set(inspection.event, inspection.sourceRef ? 'actor' : 'user');
      return;
    }
    if (inspection.type === '@xstate.snapshot') {
      const key = keyOf.get(inspection.actorRef);
      const source = sourceOf.get(inspection.event);
      const value = (inspection.snapshot as { value?: RecordedStep['state'] }).value;
      if (!key || !source || value === undefined) return;
      push({ actor: key, source, event: keptEvent(inspection.event, source), state: value });
    }
  };

  return {
    inspect,
    /** Every step since the capture began. */
    steps: (): readonly RecordedStep[] => steps,
    /** Hears each step as it is recorded. */
    onStep: (listener: (step: RecordedStep) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Sends a recorded user event to the actor that took it; false when no such actor is running. */
    send: (actor: string, event: AnyEventObject): boolean => {
      const ref = actors.get(actor);
      if (!ref || (ref.getSnapshot() as { status?: string }).status !== 'active') return false;
      ref.send(event);
      return true;
    },
  };
};

export type SessionCapture = ReturnType<typeof createSessionCapture>;
