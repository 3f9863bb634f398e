import { createBrowserInspector } from '@statelyai/inspect';

/** How many events the inspector keeps from the page's load until the tester opens it. */
const EVENTS_KEPT_UNTIL_OPENED = 20_000;

/**
 * The Stately inspector of development builds: every actor of the app, its states and the events
 * between actors, in the inspector's window. It hears events from the page's load on and opens its
 * window when the tester asks (a window opened without a click would be blocked).
 */
export const createInspector = () => {
  const inspector = createBrowserInspector({
    autoStart: false,
    maxDeferredEvents: EVENTS_KEPT_UNTIL_OPENED,
    // The bus, the query cache and such in a context are live objects, not state worth showing. Promise and callback
    // actors have no context.
    sanitizeContext: (context) => Object.fromEntries(Object.entries(context ?? {}).filter(([, value]) => typeof value !== 'function' && !(value && typeof value === 'object' && 'subscribe' in value))),
  });
  let opened = false;
  return {
    inspect: inspector.inspect,
    open: () => {
      if (opened) return;
      opened = true;
      inspector.start();
    },
  };
};

export type Inspector = ReturnType<typeof createInspector>;
