import type { EndpointKey } from './contract/http';

/*
 * Reads answered with the page (issue 15): the server puts the answers a home page's first render waits for into
 * index.html, so a first visit draws its banner without a round trip for it, and the banner image is asked for
 * with the page itself.
 */

/** The home paths: the client's index view (SHELL-20, src/client/config/paths.ts), the lobby under the home banners. */
export const HOME_PAGE_PATHS: readonly string[] = ['/', '/index', '/index.html', '/home', '/login', '/register'];

/** The banners' read (LOBBY-09): every announcement type the site shows, for the web platform. */
export const BANNER_READ = { query: { types: 'B,PL,PU,PR', platform: 'W' } } as const;

/** A read as the client's screens make it: the endpoint and its input (a GET's query), null for none. */
export interface PageRead {
  key: EndpointKey;
  input: { query: Record<string, string> } | null;
}

/**
 * The visitor's reads a home page comes with, in the language a first visit starts in: what the first render waits
 * for above the lobby (the site's configuration and status, the banners, the category bar's game menus, the lobby's
 * categories, the jackpot). A visitor
 * in another language finds no answers under their reads' keys and asks, as on any other page.
 */
export const homePageReads = (language: string): PageRead[] => [
  { key: 'systemPermission', input: null },
  { key: 'systemStatus', input: null },
  { key: 'announcements', input: BANNER_READ },
  { key: 'gameMenus', input: { query: { language } } },
  { key: 'gameType', input: { query: { language } } },
  { key: 'jackpot', input: null },
];

/** The banners the home shows, of all those the read returns. */
export const HOME_BANNER_GROUP = 'w_home';

/** The id of index.html's JSON block that carries the answers. */
export const BOOT_READS_ELEMENT_ID = 'boot-reads';

/** One answered read: the read, its answer and when the server read it (epoch ms). */
export interface BootRead extends PageRead {
  value: unknown;
  readAt: number;
}
