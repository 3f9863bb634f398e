/** The games area's plain values (see member.values.ts for why a `.values` file): games.ts builds its schemas from them. */

/** Game types of the lobby (spec section 9); HOME, HOT, FAV and PROMO are lobby tabs, not vendor categories. */
export const GAME_TYPES = ['HOME', 'HOT', 'FAV', 'RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'BINGO', 'LOTT', 'ELOTT', 'PROMO'] as const;
export type GameType = (typeof GAME_TYPES)[number];
export const isGameType = (value: unknown): value is GameType => (GAME_TYPES as readonly unknown[]).includes(value);

/** The game types that are vendor categories, in lobby order (LOBBY-02). */
export const VENDOR_CATEGORIES = ['LIVE', 'RNG', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'BINGO', 'LOTT', 'ELOTT'] as const satisfies readonly GameType[];
export type VendorCategoryCode = (typeof VENDOR_CATEGORIES)[number];

/** Game sub-types (GAMES-09, GAMES-10): scratch, video poker, jackpot, table games, arcade, bingo. */
export const GAME_CLASSIFIES = ['SC', 'VP', 'JP', 'TG', 'AC', 'BG'] as const;
export type GameClassify = (typeof GAME_CLASSIFIES)[number];

/** Vendor codes the spec names: footer logos, e-sports and cockfight vendors (GAMES-28), the lottery vendor. */
export const FOOTER_VENDORS = ['PG', 'EG2', 'PT', 'JDB', 'CQ9', 'FC', 'JL', 'BGS'] as const;
export const ESPORTS_VENDORS = ['AV', 'IMES', 'IA', 'AI', 'TF'] as const;
export const COCKFIGHT_VENDORS = ['SV3', 'DS88', 'DIG', 'WGB', 'WS168'] as const;
export const LOTTERY_VENDOR = 'TCG_SEA';
/** The built-in house provider's own vendor code. */
export const HOUSE_VENDOR = 'HOUSE';

/** The client identifies itself as clientType 3 (CONST-03). */
export const CLIENT_TYPE = 3;
/** The client's platform on the game list and favourite list calls (CONST-03, API-37, API-41). */
export const CLIENT_PLATFORM = 'WEB';
/**
 * What the game list and favourite list calls carry to identify the client (spec section 7: clientType 3
 * and platform); the recent games call carries clientType only (API-43).
 */
export const GAME_LIST_CLIENT = { clientType: CLIENT_TYPE, platform: CLIENT_PLATFORM } as const;
export const RECENT_GAMES_CLIENT = { clientType: CLIENT_TYPE } as const;
/**
 * The lottery type (CONST-03). No lottery call of the spec names a lottery-type field (the launch
 * carries launchMode LOTT and a prize mode, the menu a prize mode): the value is kept here, where the
 * lottery calls are built (lottery-rules.ts), and sent by none of them.
 */
export const LOTTERY_TYPE = 'Lott';

/** `isGame` VASSALAGE marks a vendor entry that opens the vendor's own game list. */
export const VASSALAGE = 'VASSALAGE';
