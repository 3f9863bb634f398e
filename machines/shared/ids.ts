/**
 * Fixed systemIds of the app-wide actors: the root app machine's children (site, popup queue,
 * favourites, game launch, live, session) and the live machine's children while a session is
 * online (connection, balance, unread count, live caches, and for a real member the contract popup and the mission count). Any actor in the system reaches them
 * with `system.get(SYSTEM_IDS.x)`; views read them through src/client/state/app-actor.tsx.
 */
export const SYSTEM_IDS = {
  site: 'site',
  popupQueue: 'popupQueue',
  favourites: 'favourites',
  gameLaunch: 'gameLaunch',
  live: 'live',
  session: 'session',
  connection: 'connection',
  balance: 'balance',
  unreadCount: 'unreadCount',
  liveCache: 'liveCache',
  contractPopup: 'contractPopup',
  missionCount: 'missionCount',
} as const;

export type SystemId = (typeof SYSTEM_IDS)[keyof typeof SYSTEM_IDS];
