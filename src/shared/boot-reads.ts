import type { EndpointKey } from './contract/http';

/*
 * Reads answered with the page (issue 15): the server puts the answers a page's first render waits for into
 * index.html, so a first visit draws without a round trip for them, and a lobby's banner image is asked for with
 * the page itself.
 */

/** The home paths: the client's index view (SHELL-20), under the full-size home banner (src/client/config/paths.ts). */
export const HOME_PAGE_PATHS: readonly string[] = ['/', '/index', '/index.html', '/home', '/login', '/register'];

/** The category pages (SHELL-17), under a slimmer banner strip. */
export const CATEGORY_PAGE_PATHS: readonly string[] = ['/sports', '/esports', '/live', '/lott', '/elott', '/fish', '/pvp', '/rng'];

/** The lobby pages, under the home banners. */
export const LOBBY_PAGE_PATHS: readonly string[] = [...HOME_PAGE_PATHS, ...CATEGORY_PAGE_PATHS];

/** The agent view's pages (SHELL-18). */
export const AGENT_PAGE_PATHS: readonly string[] = ['/agent', '/agentHome'];

/** Every announcement type the site shows: banners, player notices, popups and promotions. */
export const SHOWN_ANNOUNCEMENT_TYPES = 'B,PL,PU,PR';

/** A visitor's announcement popups (MSG-08: execution B, API-56), as the session asks for them at boot. */
export const GUEST_POPUPS_QUERY = { types: SHOWN_ANNOUNCEMENT_TYPES, execution: 'B' } as const;

/** An announcements read as the web client makes it (platform W). */
export const webAnnouncementsRead = <Q extends Record<string, string>>(query: Q) => ({ query: { ...query, platform: 'W' as const } });

/** The banners' read (LOBBY-09): every announcement type the site shows. */
export const BANNER_READ = webAnnouncementsRead({ types: SHOWN_ANNOUNCEMENT_TYPES });

/** The guests' popups read (the session's first call), answered with the page too. */
export const GUEST_POPUPS_READ = webAnnouncementsRead(GUEST_POPUPS_QUERY);

/** A read as the client's screens make it: the endpoint and its input (a GET's query), null for none. */
export interface PageRead {
  key: EndpointKey;
  input: { query: Record<string, string> } | null;
}

/**
 * What every page asks for at boot: the site's configuration and status (the site machine, which the first render
 * waits for) and the guests' announcement popups (the session's first call).
 */
const SITE_READS: PageRead[] = [
  { key: 'systemPermission', input: null },
  { key: 'systemStatus', input: null },
  { key: 'announcements', input: GUEST_POPUPS_READ },
];

/**
 * The visitor's reads a page comes with, in the language a first visit starts in: the site's, and on a lobby page
 * what its first render waits for above the games (the banners, the category bar's game menus, the lobby's
 * categories, the jackpot). A visitor in another language finds no answers under their reads' keys and asks, as
 * on any other page. None for the pages not listed above.
 */
export const pageReads = (pathname: string, language: string): PageRead[] => {
  if (LOBBY_PAGE_PATHS.includes(pathname)) {
    return [
      ...SITE_READS,
      { key: 'announcements', input: BANNER_READ },
      { key: 'gameMenus', input: { query: { language } } },
      { key: 'gameType', input: { query: { language } } },
      { key: 'jackpot', input: null },
    ];
  }
  return AGENT_PAGE_PATHS.includes(pathname) ? SITE_READS : [];
};

/** The banners the home shows, of all those the read returns. */
export const HOME_BANNER_GROUP = 'w_home';

/** The id of index.html's JSON block that carries the answers. */
export const BOOT_READS_ELEMENT_ID = 'boot-reads';

/** One answered read: the read, its answer and when the server read it (epoch ms). */
export interface BootRead extends PageRead {
  value: unknown;
  readAt: number;
}

/** The agent login page (SHELL-04): where the agent view sends anyone who is not a signed-in agent (SHELL-05). */
export const AGENT_LOGIN_PATH = '/agent';

/** The agent login's perks, in the order the page lists them (the server paints them with the page too). */
export const AGENT_LOGIN_PERKS = ['team', 'contracts', 'realtime', 'reports'] as const;
export type AgentLoginPerk = (typeof AGENT_LOGIN_PERKS)[number];

/**
 * Set by the client when an agent signs in, for the rest of the browser session. The session itself lives in the
 * tab's session storage, which the server never sees: while this cookie is there, /agentHome may open on the agent
 * center, so the server does not paint the agent login on it before the client has run. Only a hint, never trusted.
 */
export const AGENT_SIGNED_IN_COOKIE = 'agent-signed-in';
