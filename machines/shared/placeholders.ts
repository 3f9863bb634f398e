import { fromCallback, fromPromise, type EventObject } from 'xstate';

/**
 * Machines declare their side effects by signature only; the app (and each test) provides the real
 * implementation with `.provide()`. Until then the actor rejects, so a forgotten implementation
 * surfaces as the flow's error path instead of a silent success.
 */
export const mustProvideActor = <TOutput, TInput = void>(name: string) =>
  fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`actor "${name}" must be provided`)));

/**
 * The same for actions (navigation, storage): a forgotten one stops the actor with a clear error.
 * `TParams` types the action's params, which the provided implementation receives second.
 */
export const mustProvideAction =
  <TParams = undefined>(name: string) =>
  (_args: unknown, _params: TParams): void => {
    throw new Error(`action "${name}" must be provided`);
  };

/** The same for a long-running callback actor (a subscription the app implements). */
export const mustProvideCallback = <TInput = void>(name: string) =>
  fromCallback<EventObject, TInput>(() => {
    throw new Error(`actor "${name}" must be provided`);
  });
