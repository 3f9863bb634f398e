import type { GameType } from '@shared/contract/games';
import { AGENT_PAGES, MEMBER_PAGES, type AgentPage, type MemberPage } from './center-pages';

const withQuery = (path: string, query: Record<string, string | null | undefined>): string => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

/** The operator console's pages, `/ops?page=<page>`; the first is its dashboard. */
export const OPS_PAGES = [
  'dashboard',
  'deposits',
  'withdrawals',
  'pointsRedeems',
  'members',
  'contracts',
  'games',
  'pointsMall',
  'missions',
  'promotions',
  'redEnvelopes',
  'vip',
  'chat',
  'announcements',
  'banners',
  'messages',
  'outbox',
  'accessLocks',
  'regionBlocks',
  'jobIncidents',
  'auditLog',
] as const;
export type OpsPage = (typeof OPS_PAGES)[number];
export const isOpsPage = (value: string | null): value is OpsPage => OPS_PAGES.includes(value as OpsPage);

/** Every route of the client (spec section 2): `path` for the router, `getHref` for links. */
export const paths = {
  root: { path: '/', getHref: () => '/' },
  index: { path: '/index', getHref: () => '/index' },
  indexHtml: { path: '/index.html', getHref: () => '/index.html' },
  home: { path: '/home', getHref: () => '/home' },
  login: { path: '/login', getHref: () => '/login' },
  register: { path: '/register', getHref: () => '/register' },
  agent: { path: '/agent', getHref: () => '/agent' },
  agentHome: { path: '/agentHome', getHref: (page?: AgentPage) => withQuery('/agentHome', { page }) },
  member: { path: '/member', getHref: (page?: MemberPage, filter?: string) => withQuery('/member', { page, filter }) },
  help: { path: '/help', getHref: (anchor?: string) => (anchor ? `/help#${anchor}` : '/help') },
  sports: { path: '/sports', getHref: () => '/sports' },
  esports: { path: '/esports', getHref: () => '/esports' },
  lott: { path: '/lott', getHref: () => '/lott' },
  elott: { path: '/elott', getHref: () => '/elott' },
  live: { path: '/live', getHref: () => '/live' },
  fish: { path: '/fish', getHref: () => '/fish' },
  rng: { path: '/rng', getHref: (vassalage?: string) => withQuery('/rng', { vassalage }) },
  pvp: { path: '/pvp', getHref: () => '/pvp' },
  favorite: { path: '/favorite', getHref: () => '/favorite' },
  recent: { path: '/recent', getHref: () => '/recent' },
  // prizeMode ELOTT: an e-lottery game chosen in the lobby (README, notes on the spec: GAMES-24).
  lottery: { path: '/lottery', getHref: (gameCode?: string, prizeMode?: 'ELOTT') => withQuery('/lottery', { gameCode, prizeMode }) },
  seaLottery: { path: '/seaLottery', getHref: (gameCode?: string) => withQuery('/seaLottery', { gameCode }) },
  vnLottery: { path: '/vnLottery', getHref: (gameCode?: string) => withQuery('/vnLottery', { gameCode }) },
  promotions: { path: '/promotions', getHref: () => '/promotions' },
  pointMall: { path: '/pointMall', getHref: () => '/pointMall' },
  // "Winners list and leaderboard" (spec section 2, other screens; LOBBY-20).
  winners: { path: '/winners', getHref: () => '/winners' },
  // "App download with iOS and Android install guides" (spec section 2, other screens; MEMBER-22).
  download: { path: '/download', getHref: () => '/download' },
  seamless: { path: '/seamless', getHref: (gameCode?: string, vassalage?: string) => withQuery('/seamless', { gameCode, vassalage }) },
  // Account links from outside the app: the social sign-in provider's return and the reset email's link.
  oidcCallback: { path: '/oidc/callback', getHref: () => '/oidc/callback' },
  resetPassword: { path: '/resetPassword', getHref: (token?: string) => withQuery('/resetPassword', { token }) },
  // One path with ?page=: every path under /ops/ belongs to the operator API (the server answers it with JSON).
  ops: { path: '/ops', getHref: (page?: OpsPage) => withQuery('/ops', { page }) },
} as const;

// The router matches paths case-insensitively; so do these rules (the spec itself writes /vnlottery).
const lower = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).toLowerCase();
const lowerSet = (list: readonly string[]) => new Set(list.map((p) => p.toLowerCase()));

/** Paths whose main content is the one shared 'index' view (SHELL-20). */
export const INDEX_VIEW_PATHS = [paths.root, paths.index, paths.indexHtml, paths.home, paths.login, paths.register].map((p) => p.path);
/** Paths that show only the agent view (SHELL-18). */
export const AGENT_VIEW_PATHS = [paths.agent.path, paths.agentHome.path];
/** Game pages where the side menu starts hidden (SHELL-21). */
export const GAME_PAGE_PATHS = [paths.seamless.path, paths.lottery.path, paths.vnLottery.path, paths.seaLottery.path];

const indexViewPaths = lowerSet(INDEX_VIEW_PATHS);
const agentViewPaths = lowerSet(AGENT_VIEW_PATHS);
const gamePagePaths = lowerSet(GAME_PAGE_PATHS);

export const isIndexViewPath = (pathname: string): boolean => indexViewPaths.has(lower(pathname));
export const isAgentViewPath = (pathname: string): boolean => agentViewPaths.has(lower(pathname));
/** Like the agent view (SHELL-18), /ops shows only the operator console, even in maintenance (its pages are ?page=). */
export const isOpsPath = (pathname: string): boolean => lower(pathname) === paths.ops.path;
export const isGamePagePath = (pathname: string): boolean => gamePagePaths.has(lower(pathname));

/** The main view's identity: 'index' for the home paths, otherwise the full path with its query (SHELL-20). */
export const mainViewKey = (location: { pathname: string; search: string }): string =>
  isIndexViewPath(location.pathname) ? 'index' : `${location.pathname}${location.search}`;

export type CategoryPath = 'sports' | 'esports' | 'live' | 'lott' | 'elott' | 'fish' | 'pvp' | 'rng';
/** Path prefix → category (SHELL-17). */
export const CATEGORY_BY_PREFIX: Readonly<Record<CategoryPath, GameType>> = {
  sports: 'SPORTS',
  esports: 'ESPORTS',
  live: 'LIVE',
  lott: 'LOTT',
  elott: 'ELOTT',
  fish: 'FISH',
  pvp: 'PVP',
  rng: 'RNG',
};

/** SHELL-17: the category of a path, by its first segment; null for paths outside the game categories. */
export const categoryOfPath = (pathname: string): GameType | null => {
  const first = lower(pathname).split('/')[1] ?? '';
  return Object.hasOwn(CATEGORY_BY_PREFIX, first) ? CATEGORY_BY_PREFIX[first as CategoryPath] : null;
};

/** Where a category's page lives; categories without their own page have none. */
export const categoryHref = (gameType: GameType): string | null => {
  const entry = Object.entries(CATEGORY_BY_PREFIX).find(([, type]) => type === gameType);
  return entry ? `/${entry[0]}` : null;
};

/** Member-center and agent-center page URLs are configuration (SHELL-14). */
export const memberPageHref = (page: MemberPage): string => paths.member.getHref(page);
export const agentPageHref = (page: AgentPage): string => paths.agentHome.getHref(page);
export const isMemberPage = (value: string | null): value is MemberPage => MEMBER_PAGES.includes(value as MemberPage);
export const isAgentPage = (value: string | null): value is AgentPage => AGENT_PAGES.includes(value as AgentPage);
