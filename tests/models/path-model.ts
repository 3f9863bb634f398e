import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';

/**
 * A test model over a screen model: a screen is its state value (whichever action led to it), and
 * only the actions the screen offers are tried. `getShortestPaths({ allowDuplicatePaths: true })`
 * then gives one path per screen, the set the UI path tests replay.
 */
export const createPathModel = (model: AnyStateMachine, events: readonly EventObject[]) =>
  createTestModel(model, {
    events,
    filterEvents: (snapshot: AnyMachineSnapshot, event: EventObject) => snapshot.can(event),
    serializeState: (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value),
  });
