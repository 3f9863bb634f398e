import type { FastifyRequest } from 'fastify';
import { LanguageCode } from '@shared/contract/system';
import type { AppContext } from '../../app-context';
import type { AreaHandlers } from '../../http/register-contract';
import { lotteryMenu, openedNumbers, recentLotteryMenu } from '../../providers/house/lottery';
import { catalogueLanguage, gameMenus, gameTypes, hotGames, listGames, vendorLanes } from '../../services/games/catalogue';
import { addFavorite, favoriteIds, favoriteList, removeFavorite } from '../../services/games/favourites';
import { jackpotAt } from '../../services/games/jackpot';
import { launchGame } from '../../services/games/launch';
import { recentGames } from '../../services/games/recent';
import { winnerBoard } from '../../services/games/winners';

type GamesKeys =
  | 'gameMenus'
  | 'launchGame'
  | 'relayLaunchGame'
  | 'gameList'
  | 'hotGames'
  | 'gameType'
  | 'vendorList'
  | 'favoriteList'
  | 'favoriteIds'
  | 'addFavorite'
  | 'removeFavorite'
  | 'recentGames'
  | 'vnLotteryMenu'
  | 'vnLotteryRecent'
  | 'openedNumbersVn'
  | 'openedNumbersLotto'
  | 'winnerRankList'
  | 'jackpot';

/** The `Language` request header (DESIGN.md, API conventions), when it holds a language code. */
const headerLanguage = (request: FastifyRequest): string | undefined => {
  const parsed = LanguageCode.safeParse(request.headers.language);
  return parsed.success ? parsed.data : undefined;
};

/** The lobby: catalogue, favourites, recent games, launch, lottery menus and results, winners, jackpot. */
export const gamesHandlers = (ctx: AppContext): AreaHandlers<GamesKeys> => {
  const languageOf = (asked: string | undefined, request: FastifyRequest) => catalogueLanguage(ctx.db, asked ?? headerLanguage(request));
  return {
    gameMenus: async ({ query, request }) => gameMenus(ctx.db, await languageOf(query.language, request)),
    launchGame: async ({ member, body, request }) => launchGame(ctx, member!, { ...body, language: body.language ?? headerLanguage(request) }),
    relayLaunchGame: async ({ member, body, request }) => launchGame(ctx, member!, { ...body, language: body.language ?? headerLanguage(request) }),
    gameList: async ({ query }) => listGames(ctx.db, query, query),
    hotGames: async ({ query }) => hotGames(ctx.db, query),
    gameType: async ({ query, request }) => gameTypes(ctx.db, await languageOf(query.language, request)),
    vendorList: async ({ query, request }) => ({ data: { lanes: await vendorLanes(ctx.db, await languageOf(query.language, request)) } }),
    favoriteList: async ({ member, query }) => favoriteList(ctx.db, member!.id, query, query),
    favoriteIds: async ({ member }) => ({ nodeIds: await favoriteIds(ctx.db, member!.id) }),
    addFavorite: async ({ member, body }) => ({ nodeIds: await addFavorite(ctx.db, member!, body) }),
    removeFavorite: async ({ member, query }) => ({ nodeIds: await removeFavorite(ctx.db, member!, query) }),
    recentGames: async ({ member, query }) => recentGames(ctx.db, member!.id, query, query),
    vnLotteryMenu: async ({ query, request }) => ({ gameMenus: await lotteryMenu(ctx.db, query.prizeMode, await languageOf(undefined, request)) }),
    vnLotteryRecent: async ({ member, query, request }) => ({
      gameMenus: await recentLotteryMenu(ctx.db, member!.id, query.prizeMode, await languageOf(undefined, request)),
    }),
    openedNumbersVn: async ({ query }) => openedNumbers(ctx.db, query.gameCode, query),
    openedNumbersLotto: async ({ query }) => openedNumbers(ctx.db, query.gameCode, query),
    winnerRankList: async ({ query }) => ({ list: (await winnerBoard(ctx.db, { gameCategory: query.gameCategory, limit: query.limitNum })).map((vo) => ({ vo })) }),
    jackpot: async () => jackpotAt(new Date()),
  };
};
