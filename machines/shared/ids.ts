/**
 * Fixed systemIds of the app-wide actors (children of the root app machine). Features reach them
 * with `system.get(SYSTEM_IDS.session)` / `actorRef.system.get(...)`, never by walking the tree.
 */
export const SYSTEM_IDS = {
  session: 'session',
  popupQueue: 'popupQueue',
  favourites: 'favourites',
} as const;

export type SystemId = (typeof SYSTEM_IDS)[keyof typeof SYSTEM_IDS];
