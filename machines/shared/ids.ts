/**
 * Fixed systemIds of the app-wide actors: the root app machine's children (site, popup queue,
 * favourites, game launch, live, session), the live machine's `online` child while a session is
 * online, and its children (connection, balance, unread count, live caches, and for a real member the contract popup
 * and the mission count). Any actor in the system reaches them
 * with `system.get(SYSTEM_IDS.x)`; views read them through src/client/state/app-actor.tsx.
 */
export const SYSTEM_IDS = {
  site: 'site',
  popupQueue: 'popupQueue',
  favourites: 'favourites',
  gameLaunch: 'gameLaunch',
  live: 'live',
  session: 'session',
  online: 'online',
  connection: 'connection',
  balance: 'balance',
  unreadCount: 'unreadCount',
  liveCache: 'liveCache',
  contractPopup: 'contractPopup',
  missionCount: 'missionCount',
} as const;

export type SystemId = (typeof SYSTEM_IDS)[keyof typeof SYSTEM_IDS];
