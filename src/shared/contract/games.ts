import { z } from 'zod';
import { endpoint } from './endpoint';
import { Money, RowIdParam } from './envelope';
import { pageQuery, TotalPages } from './paging';
import { LanguageCode } from './system';
import { CLIENT_PLATFORM, CLIENT_TYPE, GAME_TYPES, VASSALAGE } from './games.values';

export {
  GAME_TYPES,
  isGameType,
  VENDOR_CATEGORIES,
  type VendorCategoryCode,
  GAME_CLASSIFIES,
  type GameClassify,
  FOOTER_VENDORS,
  ESPORTS_VENDORS,
  COCKFIGHT_VENDORS,
  LOTTERY_VENDOR,
  HOUSE_VENDOR,
  CLIENT_TYPE,
  CLIENT_PLATFORM,
  GAME_LIST_CLIENT,
  RECENT_GAMES_CLIENT,
  LOTTERY_TYPE,
  VASSALAGE,
} from './games.values';
export const GameType = z.enum(GAME_TYPES);
export type GameType = z.infer<typeof GameType>;

export const PRIZE_MODES = ['LOTT', 'ZY', 'ELOTT', 'SEA'] as const;
export const PrizeMode = z.enum(PRIZE_MODES);
export type PrizeMode = z.infer<typeof PrizeMode>;

/** CONST-03: a caller that names its client type or platform must be the web client; one that names neither gets these defaults. */
const clientType = z.coerce
  .number({ error: `must be ${CLIENT_TYPE}` })
  .int()
  .pipe(z.literal(CLIENT_TYPE, { error: `must be ${CLIENT_TYPE}` }))
  .default(CLIENT_TYPE)
  .describe(`the client type: ${CLIENT_TYPE}, the web client`);
const clientPlatform = z.literal(CLIENT_PLATFORM, { error: `must be ${CLIENT_PLATFORM}` }).default(CLIENT_PLATFORM).describe(`the client platform: ${CLIENT_PLATFORM}`);
export const vendorCode = z.string().regex(/^[A-Za-z0-9_]{1,32}$/);
export const gameCode = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a game code: letters, digits, _ and -');
/** Free text that reaches the database: no control characters (PostgreSQL refuses NUL). */
export const plainText = (max: number) => z.string().max(max).regex(/^[^\u0000-\u001f\u007f]*$/, 'no control characters');
const gameTypeFilter = z.string().regex(/^[A-Z_]{2,16}$/).optional().describe('a game type; absent for all');

/** The lotto areas that have their own lottery page (vnLottery, seaLottery). */
export const LottoArea = z.enum(['VN', 'SEA']);
export type LottoArea = z.infer<typeof LottoArea>;


export const GameCard = z.object({
  nodeId: z.number().int(),
  vassalage: z.string().describe('vendor code'),
  gameType: z.string(),
  gameName: z.string(),
  iconUrl: z.string(),
  gameClassify: z.string().describe('sub-type: SC, VP, JP, TG, AC, BG or empty'),
  isGame: z.string().describe(`${VASSALAGE} for a vendor entry, otherwise GAME`),
  gameCode: z.string(),
  isHot: z.union([z.literal(0), z.literal(1)]),
  supportPlay: z.union([z.literal(0), z.literal(1)]).describe('0: a free trial is offered'),
  lottoArea: LottoArea.nullable().describe('VN or SEA for a lotto game of that area (its own lottery page, GAMES-20), otherwise null'),
});
export type GameCard = z.infer<typeof GameCard>;

export const VendorItem = z.object({
  vassalage: z.string(),
  displayName: z.string(),
  lagerIcon: z.string().describe('large vendor icon URL'),
  gameType: z.string(),
  maintenance: z.boolean(),
});
export type VendorItem = z.infer<typeof VendorItem>;

export const VendorCategory = z.object({
  gameCategory: z.string(),
  title: z.string(),
  gameClassify: z.string(),
  cards: z.array(GameCard),
});
export type VendorCategory = z.infer<typeof VendorCategory>;

export const FavoriteRef = z.object({
  nodeId: RowIdParam,
  vendor: vendorCode,
  gameType: z.string().regex(/^[A-Z_]{2,16}$/),
});

export const LaunchGameRequest = z.object({
  gameCode,
  vassalage: vendorCode,
  gameType: z.string().regex(/^[A-Z_]{2,16}$/).optional(),
  device: z.literal('WEB').default('WEB'),
  language: LanguageCode.optional(),
  backUrl: plainText(2048).optional(),
  freePlay: z.boolean().default(false).describe('start the free trial instead of a real-money game'),
  /** Lottery launches (API-36). */
  lottoArea: LottoArea.optional(),
  launchMode: z.literal('LOTT').optional(),
  prizeMode: PrizeMode.optional(),
});
export type LaunchGameRequest = z.infer<typeof LaunchGameRequest>;
export const GameLaunch = z.object({
  gameUrl: z.string().describe('URL for the game iframe: a host from launchGameCDNs (empty: same origin) and a signed, expiring session'),
  expiresAt: z.string().describe('when the signed session stops accepting new bets'),
  freePlay: z.boolean().describe('true when the game runs on a demo balance that never touches the wallet'),
});
export type GameLaunch = z.infer<typeof GameLaunch>;

export const LotteryMenu = z.object({
  gameCode: z.string(),
  gameName: z.string(),
  accountTypeName: z.string(),
  iconUrl: z.string(),
});
const LotteryMenuQuery = z.object({ prizeMode: PrizeMode, device: z.literal('WEB').default('WEB') });

export const DrawResult = z.object({
  gameCode: z.string(),
  issueNo: z.string(),
  numbers: z.array(z.string()).describe('the drawn digits, first to last'),
  openedAt: z.string(),
  serverSeedHash: z.string().describe('SHA-256 of the draw seed, published when the draw opened'),
  serverSeed: z.string().describe('the revealed draw seed: HMAC-SHA256(serverSeed, "<gameCode>:<issueNo>") gives the digits'),
});
export type DrawResult = z.infer<typeof DrawResult>;
const OpenedNumbersQuery = z.object({ gameCode, ...pageQuery(10, 100) });

/** The time-derived jackpot counter (LOBBY-14): the client counts on from `value`. */
export const Jackpot = z.object({
  value: Money,
  increment: z.number().describe('added every intervalMs'),
  intervalMs: z.number().int().positive(),
  at: z.string().describe('the moment `value` holds for'),
});

export const WinnerRecord = z.object({
  recordId: z.string(),
  gameName: z.string(),
  customerName: z.string().describe('masked player name'),
  winAmount: Money,
  iconUrl: z.string(),
});
export type WinnerRecord = z.infer<typeof WinnerRecord>;

export const gamesEndpoints = {
  gameMenus: endpoint({
    method: 'GET',
    path: '/lgw/games/game_menus',
    token: 'none',
    query: z.object({ language: LanguageCode.optional() }),
    response: z.array(VendorCategory),
    summary:
      'Game categories with one card per vendor (isGame VASSALAGE opens the vendor\'s game list, GAME launches the vendor lobby); ' +
      'as on the original platform, the e-sports and cockfight vendor cards come inside SPORTS, with their own gameType',
    reqs: ['API-32', 'GAMES-18', 'GAMES-24', 'GAMES-28', 'SHELL-34'],
  }),
  launchGame: endpoint({
    method: 'POST',
    path: '/wps/game/launchGame',
    token: 'member',
    body: LaunchGameRequest,
    response: GameLaunch,
    summary: 'Starts a game session and returns the URL to show in the game popup',
    reqs: ['API-33', 'API-36', 'GAMES-22', 'GAMES-23'],
  }),
  relayLaunchGame: endpoint({
    method: 'POST',
    path: '/wps/relay/GLS_launchGame',
    token: 'member',
    body: LaunchGameRequest,
    response: GameLaunch,
    summary: 'Game launch through the relay (same contract as /wps/game/launchGame)',
    reqs: ['API-33'],
  }),
  gameList: endpoint({
    method: 'GET',
    path: '/wps/relay/GLS_gameList',
    token: 'none',
    query: z.object({
      gameType: gameTypeFilter,
      vassalage: vendorCode.optional(),
      gameClassify: z.string().regex(/^[A-Z]{0,4}$/).optional(),
      gameName: plainText(64).trim().optional().describe('part of the name, case-insensitive'),
      listType: z.enum(['ALL', 'NEW', 'HOT']).default('ALL').describe('lobby list tab: NEW newest first, HOT hot games only'),
      ...pageQuery(42, 100),
      language: LanguageCode.optional(),
      clientType,
      platform: clientPlatform,
      merchant: z.string().max(32).optional(),
    }),
    response: z.object({ games: z.array(GameCard), totalPages: TotalPages }),
    summary: 'Games filtered by type, vendor, sub-type and name, paged',
    reqs: ['API-37', 'GAMES-05', 'GAMES-06', 'GAMES-11', 'CONST-03'],
  }),
  hotGames: endpoint({
    method: 'GET',
    path: '/wps/relay/GLS_hotGames',
    token: 'none',
    query: z.object({
      merchantCode: z.string().max(32).optional(),
      isPlatform: z.coerce.number().int().default(2),
      gameType: gameTypeFilter,
      vassalage: vendorCode.optional(),
      platform: z.string().max(64).default('flash,html5-desktop'),
      language: LanguageCode.optional(),
    }),
    response: z.object({ list: z.array(GameCard) }),
    summary: 'Hot games',
    reqs: ['API-38', 'GAMES-30', 'LOBBY-07'],
  }),
  gameType: endpoint({
    method: 'GET',
    path: '/wps/relay/GLS_gameType',
    token: 'none',
    query: z.object({ language: LanguageCode.optional() }),
    response: z.array(z.object({ gameType: z.string(), displayName: z.string() })),
    summary: 'The game types offered, in lobby order',
    reqs: ['API-39', 'LOBBY-02', 'CONST-01'],
  }),
  vendorList: endpoint({
    method: 'GET',
    path: '/wps/relay/GLS_vendorList',
    token: 'none',
    query: z.object({ platform: z.string().max(64).default('html5-desktop'), language: LanguageCode.optional() }),
    response: z.object({ data: z.object({ lanes: z.array(z.object({ gameType: z.string(), vendors: z.array(VendorItem) })) }) }),
    summary: 'Vendors per game type',
    reqs: ['API-40', 'GAMES-29', 'SHELL-28', 'SHELL-29'],
  }),
  favoriteList: endpoint({
    method: 'GET',
    path: '/wps/relay/GLS_favoriteList',
    token: 'member',
    query: z.object({
      clientType,
      platform: clientPlatform,
      gameType: gameTypeFilter,
      vassalage: vendorCode.optional(),
      ...pageQuery(999, 999),
      language: LanguageCode.optional(),
    }),
    response: z.object({ content: z.array(GameCard), totalPages: TotalPages, pageNum: z.number().int().positive() }),
    summary: "The caller's favourite games, paged",
    reqs: ['API-41', 'GAMES-37', 'CONST-03'],
  }),
  favoriteIds: endpoint({
    method: 'GET',
    path: '/wps/relay/GLS_favorites',
    token: 'member',
    response: z.object({ nodeIds: z.array(z.number().int()) }),
    summary: "The nodeIds of the caller's favourite games",
    reqs: ['API-42', 'GAMES-33'],
  }),
  addFavorite: endpoint({
    method: 'POST',
    path: '/wps/relay/GLS_favorites',
    token: 'member',
    audience: 'real',
    body: FavoriteRef,
    response: z.object({ nodeIds: z.array(z.number().int()) }),
    summary: 'Adds a favourite game; returns the favourite nodeIds',
    reqs: ['API-42', 'GAMES-31', 'GAMES-36'],
  }),
  removeFavorite: endpoint({
    method: 'DELETE',
    path: '/wps/relay/GLS_favorites',
    token: 'member',
    audience: 'real',
    query: FavoriteRef,
    response: z.object({ nodeIds: z.array(z.number().int()) }),
    summary: 'Removes a favourite game; returns the favourite nodeIds',
    reqs: ['API-42', 'GAMES-32'],
  }),
  recentGames: endpoint({
    method: 'GET',
    path: '/wps/relay/GLS_recentGames',
    token: 'member',
    query: z.object({
      page: z.coerce.number().int().min(1).max(1_000_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(12),
      gameType: gameTypeFilter,
      vassalage: vendorCode.optional(),
      language: LanguageCode.optional(),
      clientType,
    }),
    response: z.object({ list: z.array(GameCard), totalPages: TotalPages }),
    summary: "The caller's recently played games",
    reqs: ['API-43', 'GAMES-38', 'LOBBY-07', 'CONST-03'],
  }),
  vnLotteryMenu: endpoint({
    method: 'GET',
    path: '/lgw/vn/games/game_menu',
    token: 'member',
    query: LotteryMenuQuery,
    response: z.object({ gameMenus: z.array(LotteryMenu) }),
    summary: 'Lottery games of a prize mode',
    reqs: ['API-34', 'GAMES-25'],
  }),
  vnLotteryRecent: endpoint({
    method: 'GET',
    path: '/lgw/vn/games/game_menu/recent',
    token: 'member',
    query: LotteryMenuQuery,
    response: z.object({ gameMenus: z.array(LotteryMenu) }),
    summary: "The caller's recently played lottery games",
    reqs: ['API-34', 'GAMES-25'],
  }),
  openedNumbersVn: endpoint({
    method: 'GET',
    path: '/lgw/vn/numeros/opened/game',
    token: 'none',
    query: OpenedNumbersQuery,
    response: z.object({ list: z.array(DrawResult), totalPages: TotalPages }),
    summary: 'Drawn numbers of a VN lottery game, newest first',
    reqs: ['API-35', 'GAMES-26'],
  }),
  openedNumbersLotto: endpoint({
    method: 'GET',
    path: '/lotto/lgw/games/opened/numero',
    token: 'none',
    query: OpenedNumbersQuery,
    response: z.object({ list: z.array(DrawResult), totalPages: TotalPages }),
    summary: 'Drawn numbers of a lottery game, newest first',
    reqs: ['API-35', 'GAMES-26'],
  }),
  jackpot: endpoint({
    method: 'GET',
    path: '/wps/relay/GLS_jackpot',
    token: 'none',
    response: Jackpot,
    summary: 'The jackpot counter: a value derived from the current time, growing by 165.11 every 3 s',
    reqs: ['LOBBY-14'],
  }),
  winnerRankList: endpoint({
    method: 'GET',
    path: '/wps/relay/GLS_winnerRankList',
    token: 'none',
    query: z.object({
      gameCategory: z.string().regex(/^[A-Z_]{2,16}$/).default('ALL'),
      language: LanguageCode.optional(),
      limitNum: z.coerce.number().int().min(1).max(20).default(20),
    }),
    response: z.object({ list: z.array(z.object({ vo: WinnerRecord })) }),
    summary: 'Recent big wins, largest first',
    reqs: ['API-50', 'LOBBY-16', 'LOBBY-19', 'LOBBY-20'],
  }),
} as const;
