import type { InspectionEvent } from 'xstate';

type Inspect = (event: InspectionEvent) => void;

let inspector: Inspect | null = null;

/** The development build's tools (src/client/dev) hear every actor of the app through this. */
export const setActorInspector = (next: Inspect | null): void => {
  inspector = next;
};

/**
 * What every actor of the app is created with (createActor, useActorRef, an actor context's
 * Provider): in a development build XState's `inspect` option, which hands each actor's events
 * and snapshots, its children's included, to the dev tools; in a production build nothing, so it
 * ships neither the hook nor a call per event.
 */
export const actorOptions: { inspect?: Inspect } = import.meta.env.DEV ? { inspect: (event) => inspector?.(event) } : {};
