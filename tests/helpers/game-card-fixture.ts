import { VASSALAGE, type GameCard } from '@shared/contract/games';

/** A playable game card (a slot of vendor PG) with `overrides`. */
export const gameCard = (overrides: Partial<GameCard> = {}): GameCard => ({
  nodeId: 1,
  vassalage: 'PG',
  gameType: 'RNG',
  gameName: 'Fortune Koi',
  iconUrl: '/static/games/pg/fortune_koi.svg',
  gameClassify: '',
  isGame: 'GAME',
  gameCode: 'PG_FORTUNE_KOI',
  isHot: 1,
  supportPlay: 1,
  lottoArea: null,
  ...overrides,
});

/** A vendor's entry among the game menus (isGame VASSALAGE: it opens the vendor's game list). */
export const vendorEntry = (vassalage: string, gameType: string, overrides: Partial<GameCard> = {}): GameCard =>
  gameCard({ nodeId: 9000, vassalage, gameType, gameName: `${vassalage} lobby`, gameCode: vassalage, isGame: VASSALAGE, isHot: 0, ...overrides });
