import type { Announcement } from '@shared/contract/messages';
import type { GameCard, VendorItem, WinnerRecord } from '@shared/contract/games';
import type { FakeHandlers } from '../../../helpers/fake-api';

export const game = (nodeId: number, gameName: string, gameType = 'RNG', vassalage = 'PG'): GameCard => ({
  nodeId,
  vassalage,
  gameType,
  gameName,
  iconUrl: `/games/${nodeId}.png`,
  gameClassify: '',
  isGame: 'GAME',
  gameCode: `G${nodeId}`,
  isHot: 0,
  supportPlay: 1,
  lottoArea: null,
});

export const games = (count: number, prefix: string, gameType = 'RNG', firstId = 1): GameCard[] =>
  Array.from({ length: count }, (_, i) => game(firstId + i, `${prefix} ${i + 1}`, gameType));

const vendor = (vassalage: string, gameType: string): VendorItem => ({ vassalage, displayName: vassalage, gameType, lagerIcon: `/v/${vassalage}.png`, maintenance: false });

export const LOBBY_CATEGORIES = ['LIVE', 'RNG', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'LOTT', 'ELOTT'] as const;

export const winner = (recordId: string, customerName: string, winAmount: number, gameName = `Game of ${customerName}`): WinnerRecord => ({
  recordId,
  customerName,
  gameName,
  winAmount,
  iconUrl: `/static/games/${recordId}.svg`,
});

export const notice = (id: number, title: string, type = 'H'): Announcement => ({
  id,
  type,
  title,
  content: `<p>${title} in full</p>`,
  promotionType: null,
  execution: null,
  createdAt: '2026-11-20T08:00:00.000Z',
});

/**
 * The calls the lobby makes, answered generously: more games than any row may show, so the rows'
 * own limits are what the tests see. Each category's games are named after it ("LIVE 3").
 */
export const lobbyHandlers = (overrides: FakeHandlers = {}): FakeHandlers => ({
  gameType: () => LOBBY_CATEGORIES.map((gameType) => ({ gameType, displayName: gameType })),
  vendorList: () => ({
    data: {
      lanes: [
        { gameType: 'ESPORTS', vendors: [vendor('IMES', 'ESPORTS'), vendor('AV', 'ESPORTS')] },
        { gameType: 'COCKFIGHT', vendors: [vendor('DS88', 'COCKFIGHT'), vendor('SV3', 'COCKFIGHT')] },
      ],
    },
  }),
  hotGames: () => ({ list: games(20, 'Hot', 'RNG', 1000) }),
  gameList: ({ query }) => ({ games: games(20, query?.gameType ?? 'ALL', query?.gameType ?? 'RNG', 2000), totalPages: 3 }),
  favoriteList: () => ({ content: games(15, 'Fav', 'RNG', 3000), totalPages: 1, pageNum: 1 }),
  recentGames: () => ({ list: games(14, 'Recent', 'RNG', 4000), totalPages: 2 }),
  jackpot: () => ({ value: 8_888_888.88, increment: 165.11, intervalMs: 3000, at: new Date().toISOString() }),
  winnerRankList: () => ({ list: [] }),
  ...overrides,
});
