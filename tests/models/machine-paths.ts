import { createHash } from 'node:crypto';
import {
  __unsafe_getAllOwnEventDescriptors as eventDescriptorsOf,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  type InputFrom,
  type SnapshotFrom,
  type StateValue,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, type StatePath } from 'xstate/graph';

/**
 * Paths walked on the production machines themselves. XState's graph utilities walk a machine by
 * its pure transition function, which starts no actor and no timer; so each invoked actor's
 * outcomes (`xstate.done.actor.<id>` with an output, `xstate.error.actor.<id>` with an error) and
 * each delay (`xstate.after.<delay>.<state>`) are offered to the walk as events, next to what the
 * user does. A path is then a list of events a real client would see in that order.
 */

/**
 * Who makes a step happen: the user (or a child flow the user finishes), the server pushing an
 * event, the server answering a call the machine made, or time passing. `server` and `delay` steps
 * follow on their own from the step before them; `user` and `push` steps are driven.
 */
export type StepKind = 'user' | 'push' | 'server' | 'delay';

/** An event a path may take. `variant` names this payload among the events of its type. */
export interface EventChoice {
  event: EventObject;
  variant: string;
  kind: StepKind;
  /** Where this answer can come (the captcha flag only answers a username login, say); anywhere by default. */
  when?: (snapshot: AnyMachineSnapshot) => boolean;
}

type ChoiceOptions = Pick<EventChoice, 'when'>;

export const userEvent = <E extends EventObject>(event: E, variant = '', options: ChoiceOptions = {}): EventChoice => ({ event, variant, kind: 'user', ...options });

export const pushEvent = <E extends EventObject>(event: E, variant = '', options: ChoiceOptions = {}): EventChoice => ({ event, variant, kind: 'push', ...options });

/** The invoked actor `actorId` answers with `output` (a server call), or a child flow the user finishes ends (`kind` user). */
export const actorDone = (
  actorId: string,
  output: unknown,
  variant: string,
  options: ChoiceOptions & { kind?: 'server' | 'user' } = {},
): EventChoice => ({
  event: { type: `xstate.done.actor.${actorId}`, output } as EventObject,
  variant,
  kind: options.kind ?? 'server',
  ...(options.when ? { when: options.when } : {}),
});

/** The invoked actor `actorId` fails with `error` (what the client's API layer rejects with). */
export const actorError = (
  actorId: string,
  error: { code: string; message?: string; details?: unknown },
  variant: string,
  options: ChoiceOptions = {},
): EventChoice => ({
  event: { type: `xstate.error.actor.${actorId}`, error: { message: error.code, details: null, ...error } } as EventObject,
  variant,
  kind: 'server',
  ...options,
});

/** What the screen shows besides the state value, in a few named facts (error code, tab...). */
export type ScreenFacts = Record<string, string | number | boolean | null>;

export interface MachinePathsDefinition<TMachine extends AnyStateMachine> {
  /** The name testers type: `npm run replay -- <name>`. */
  name: string;
  /** One line: the flow, as a user knows it. */
  title: string;
  /** The production machine, or the abstract model of a flow no single machine can be walked for. */
  machine: TMachine;
  /** For a model: the test that replays each of its paths on the production machines. */
  provedBy?: string;
  input?: InputFrom<TMachine>;
  /** Every user action, server push and actor outcome the walk may take. */
  choices: EventChoice[];
  /** The named delays the walk lets pass; others (a 10-minute expiry...) are left to the actor-level tests. */
  delays?: readonly string[];
  /** Tells apart screens that share a state value (an error shown, the tab chosen...). */
  screen?: (snapshot: SnapshotFrom<TMachine>) => ScreenFacts;
}

export interface PathState {
  value: StateValue;
  /** The active leaf states as dotted paths, as XState describes them. */
  leaves: string[];
  screen: ScreenFacts;
  /** What the machine waits for before it rests: a server answer, or a delay to pass. */
  waitingFor: 'server' | 'delay' | null;
  /** `state "a.b", "c" (fact: value)`, XState's description of a snapshot. */
  text: string;
}

export interface PathStep {
  index: number;
  /** `type` or `type:variant`: the step's identity in the path id. */
  key: string;
  kind: StepKind | 'start';
  /** The event as the machine took it, payload included. */
  event: AnyEventObject;
  variant: string;
  /** `credentials.submit (valid)`. */
  label: string;
  state: PathState;
  snapshot: AnyMachineSnapshot;
}

export interface MachinePath {
  machine: string;
  /** A short hash of the machine name and the step keys: adding other paths never changes it. */
  id: string;
  /** XState's style: `Reaches state "a.b": ev1 → ev2`. */
  description: string;
  steps: PathStep[];
}

export interface MachinePaths {
  name: string;
  title: string;
  machineId: string;
  /** For paths walked on an abstract model: the test that replays each on the production machines. */
  provedBy: string | null;
  paths: MachinePath[];
  /** Every transition of the walk, as `<state value> <step key>`: each is taken by some path. */
  transitions: string[];
}

const INIT = 'xstate.init';

type WalkedPath = StatePath<AnyMachineSnapshot, EventObject>;
type WalkedStep = WalkedPath['steps'][number];
const AFTER = 'xstate.after.';

/** `xstate.after.<delay>.<state id>` → the delay's name. */
const delayNameOf = (type: string) => type.slice(AFTER.length).split('.')[0] ?? '';

const keyOf = (type: string, variant: string) => (variant ? `${type}:${variant}` : type);

const labelOf = (type: string, variant: string) => {
  const shown = type.startsWith(AFTER) ? `${AFTER}${delayNameOf(type)}` : type;
  return variant ? `${shown} (${variant})` : shown;
};

/** `a → a → a → b` reads `a ×3 → b`: a countdown is sixty ticks. */
const runsOf = (labels: readonly string[]) =>
  labels.reduce<{ label: string; count: number }[]>((runs, label) => {
    const last = runs.at(-1);
    if (last?.label === label) last.count += 1;
    else runs.push({ label, count: 1 });
    return runs;
  }, []).map(({ label, count }) => (count > 1 ? `${label} ×${count}` : label));

export const pathIdOf = (machine: string, keys: readonly string[]) =>
  createHash('sha256').update([machine, ...keys].join('\n')).digest('hex').slice(0, 8);

const leavesOf = (snapshot: AnyMachineSnapshot): string[] =>
  snapshot._nodes.filter((node) => node.type === 'atomic' || node.type === 'final').map((node) => node.path.join('.'));

const factsText = (facts: ScreenFacts) => {
  const shown = Object.entries(facts).filter(([, value]) => value !== null && value !== false && value !== '');
  return shown.length ? ` (${shown.map(([name, value]) => (value === true ? name : `${name}: ${value}`)).join(', ')})` : '';
};

export const definePaths = <TMachine extends AnyStateMachine>(definition: MachinePathsDefinition<TMachine>): MachinePaths => {
  const { machine, choices } = definition;
  const screen = (snapshot: AnyMachineSnapshot): ScreenFacts => definition.screen?.(snapshot as SnapshotFrom<TMachine>) ?? {};
  const choiceOf = new Map<EventObject, EventChoice>(choices.map((choice) => [choice.event, choice]));
  const variantsOf = new Map<string, EventChoice[]>();
  for (const choice of choices) variantsOf.set(choice.event.type, [...(variantsOf.get(choice.event.type) ?? []), choice]);
  const letsPass = (type: string) => !definition.delays || definition.delays.includes(delayNameOf(type));
  const delayEvents = new Map<string, EventObject>();
  const delayEvent = (type: string) => delayEvents.get(type) ?? delayEvents.set(type, { type }).get(type)!;

  /** Every event the machine takes here, whoever would send it. */
  const possibleEvents = (snapshot: AnyMachineSnapshot): EventObject[] =>
    (eventDescriptorsOf(snapshot) as string[])
      .flatMap((type) => {
        if (type.startsWith(AFTER)) return letsPass(type) ? [delayEvent(type)] : [];
        return (variantsOf.get(type) ?? []).filter((choice) => choice.when?.(snapshot) ?? true).map((choice) => choice.event);
      })
      .filter((event) => snapshot.can(event));

  /** A server answer comes first, then a delay passes; only a machine at rest waits for the user. */
  const waitingFor = (events: readonly EventObject[]): PathState['waitingFor'] => {
    if (events.some((event) => choiceOf.get(event)?.kind === 'server')) return 'server';
    if (events.some((event) => event.type.startsWith(AFTER))) return 'delay';
    return null;
  };

  const eventsOf = (snapshot: AnyMachineSnapshot): EventObject[] => {
    const events = possibleEvents(snapshot);
    switch (waitingFor(events)) {
      case 'server':
        return events.filter((event) => choiceOf.get(event)?.kind === 'server');
      case 'delay':
        return events.filter((event) => event.type.startsWith(AFTER));
      default:
        return events;
    }
  };

  const stateOf = (snapshot: AnyMachineSnapshot): PathState => {
    const leaves = leavesOf(snapshot);
    const facts = screen(snapshot);
    return {
      value: snapshot.value,
      leaves,
      screen: facts,
      waitingFor: waitingFor(possibleEvents(snapshot)),
      text: `state${leaves.length === 1 ? '' : 's'} ${leaves.map((leaf) => `"${leaf}"`).join(', ')}${factsText(facts)}`,
    };
  };

  const serializeState = (snapshot: AnyMachineSnapshot) => JSON.stringify([snapshot.value, screen(snapshot)]);
  const traversal = { ...(definition.input === undefined ? {} : { input: definition.input }), events: eventsOf, serializeState };
  // The walk sees snapshots and events of any machine; each definition's own types end at its choices.
  const logic: AnyStateMachine = machine;
  const shortest = getShortestPaths(logic, traversal);
  const shortestTo = new Map(shortest.map((path) => [serializeState(path.state), path]));
  // Keyed by serialized snapshots (branded strings in its types), transitions by serialized events.
  const adjacency = getAdjacencyMap(logic, traversal) as unknown as Record<string, { state: AnyMachineSnapshot; transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot }> }>;
  const rests = (snapshot: AnyMachineSnapshot) => waitingFor(possibleEvents(snapshot)) === null;

  /** The steps from `from` to the nearest state at rest: the answers and delays that follow, first listed first. */
  const followToRest = (from: AnyMachineSnapshot): WalkedStep[] => {
    const queue: { snapshot: AnyMachineSnapshot; steps: WalkedStep[] }[] = [{ snapshot: from, steps: [] }];
    const seen = new Set<string>();
    for (let next = queue.shift(); next; next = queue.shift()) {
      if (rests(next.snapshot)) return next.steps;
      const key = serializeState(next.snapshot);
      if (seen.has(key)) continue;
      seen.add(key);
      for (const { event, state } of Object.values(adjacency[key]?.transitions ?? {})) queue.push({ snapshot: state, steps: [...next.steps, { state, event }] });
    }
    throw new Error(`${definition.name}: nothing brings ${serializeState(from)} to rest`);
  };

  /** A transition is covered once some path takes this event in this state value, whatever the screen shows. */
  const transitionKey = (from: AnyMachineSnapshot, event: EventObject) =>
    `${JSON.stringify(from.value)} ${keyOf(event.type, choiceOf.get(event)?.variant ?? '')}`;
  const restingPaths = shortest.filter((path) => rests(path.state));
  const covered = new Set(restingPaths.flatMap((path) => path.steps.slice(1).map((step, i) => transitionKey(path.steps[i]!.state, step.event))));
  const coveringPaths: WalkedPath[] = [];
  for (const [from, { transitions }] of Object.entries(adjacency)) {
    const base = shortestTo.get(from);
    if (!base) continue;
    for (const { event, state } of Object.values(transitions)) {
      if (covered.has(transitionKey(base.state, event))) continue;
      const steps = [...base.steps, { state, event }, ...followToRest(state)];
      steps.slice(1).forEach((step, i) => covered.add(transitionKey(steps[i]!.state, step.event)));
      coveringPaths.push({ state: steps.at(-1)!.state, steps, weight: steps.length - 1 });
    }
  }

  const toMachinePath = (walkedPath: WalkedPath): MachinePath => {
    const steps = walkedPath.steps.map((step, index): PathStep => {
      const { type } = step.event;
      const choice = choiceOf.get(step.event);
      const variant = choice?.variant ?? '';
      const kind = index === 0 && type === INIT ? 'start' : (choice?.kind ?? 'delay');
      return { index, key: keyOf(type, variant), kind, event: step.event, variant, label: labelOf(type, variant), state: stateOf(step.state), snapshot: step.state };
    });
    const end = steps.at(-1)!;
    const events = steps.slice(1);
    return {
      machine: definition.name,
      id: pathIdOf(definition.name, events.map((step) => step.key)),
      description: `Reaches ${end.state.text}: ${runsOf(events.map((step) => step.label)).join(' → ')}`.trimEnd(),
      steps,
    };
  };

  // The shortest way to every screen at rest, then a way through every transition none of those takes.
  const paths = [...new Map([...restingPaths, ...coveringPaths].map(toMachinePath).map((path) => [path.id, path])).values()];

  for (const [type, variants] of variantsOf) {
    const names = variants.map((choice) => choice.variant);
    if (new Set(names).size !== names.length) throw new Error(`${definition.name}: two ${type} events share a variant name`);
  }

  return {
    name: definition.name,
    title: definition.title,
    machineId: machine.id,
    provedBy: definition.provedBy ?? null,
    paths,
    transitions: Object.values(adjacency).flatMap(({ state, transitions }) =>
      Object.values(transitions).map(({ event }) => transitionKey(state, event)),
    ),
  };
};

/** Server answers and delays follow on their own from the step before them. */
export const isFollowOn = (step: PathStep) => step.kind === 'server' || step.kind === 'delay';
