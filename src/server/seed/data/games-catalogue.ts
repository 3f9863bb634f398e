import { COCKFIGHT_VENDORS, ESPORTS_VENDORS, HOUSE_VENDOR, LOTTERY_VENDOR, VENDOR_CATEGORIES, type GameClassify, type PrizeMode, type VendorCategoryCode } from '@shared/contract/games';
import { type HouseEngine } from '@shared/contract/games-house';
import { seededRandom } from './games-random';

/**
 * The demo catalogue: the vendor categories, about forty vendors and a few hundred games with
 * generated artwork (scripts/generate-game-art.ts draws one image per entry from this module).
 * Games of vendors with provider HOUSE are played on the built-in provider; the others are
 * catalogue entries of external vendors that an operator connects.
 */

export type Names = { en: string; ty: string };

export const CATEGORY_NAMES: Record<VendorCategoryCode, Names> = {
  LIVE: { en: 'Live Casino', ty: 'Sòng bài trực tiếp' },
  RNG: { en: 'Slots', ty: 'Nổ hũ' },
  FISH: { en: 'Fishing', ty: 'Bắn cá' },
  PVP: { en: 'Card Games', ty: 'Game bài' },
  SPORTS: { en: 'Sports', ty: 'Thể thao' },
  ESPORTS: { en: 'E-Sports', ty: 'Thể thao điện tử' },
  COCKFIGHT: { en: 'Cockfight', ty: 'Đá gà' },
  BINGO: { en: 'Bingo', ty: 'Bingo' },
  LOTT: { en: 'Lottery', ty: 'Xổ số' },
  ELOTT: { en: 'E-Lottery', ty: 'Xổ số điện tử' },
};

export interface VendorSeed {
  code: string;
  displayName: string;
  provider: 'HOUSE' | null;
  /** Generated titles per category; 0 for a category where the vendor has only its lobby. */
  titles: Partial<Record<VendorCategoryCode, number>>;
}

export const VENDORS: readonly VendorSeed[] = [
  { code: HOUSE_VENDOR, displayName: 'House Originals', provider: 'HOUSE', titles: { RNG: 0 } },
  { code: 'PG', displayName: 'PG Soft', provider: null, titles: { RNG: 28 } },
  { code: 'EG2', displayName: 'EG Gaming', provider: null, titles: { RNG: 20 } },
  { code: 'PT', displayName: 'Playtech', provider: null, titles: { RNG: 24, LIVE: 10 } },
  { code: 'JDB', displayName: 'JDB Gaming', provider: null, titles: { RNG: 22, FISH: 6 } },
  { code: 'CQ9', displayName: 'CQ9 Gaming', provider: null, titles: { RNG: 22, FISH: 5 } },
  { code: 'FC', displayName: 'Fa Chai', provider: null, titles: { RNG: 18, FISH: 6 } },
  { code: 'JL', displayName: 'JILI', provider: null, titles: { RNG: 24, FISH: 6, PVP: 10, BINGO: 6 } },
  { code: 'BGS', displayName: 'BG Slots', provider: null, titles: { RNG: 18, BINGO: 8 } },
  { code: 'EVO', displayName: 'Evo Live', provider: null, titles: { LIVE: 14 } },
  { code: 'SEXY', displayName: 'AE Sexy', provider: null, titles: { LIVE: 8 } },
  { code: 'DG', displayName: 'Dream Gaming', provider: null, titles: { LIVE: 8 } },
  { code: 'WM', displayName: 'WM Casino', provider: null, titles: { LIVE: 8 } },
  { code: 'KM', displayName: 'Kingmaker', provider: null, titles: { PVP: 12 } },
  { code: 'V8', displayName: 'V8 Poker', provider: null, titles: { PVP: 10 } },
  { code: 'SABA', displayName: 'SABA Sports', provider: null, titles: { SPORTS: 0 } },
  { code: 'CMD', displayName: 'CMD368', provider: null, titles: { SPORTS: 0 } },
  { code: 'BTI', displayName: 'BTi Sports', provider: null, titles: { SPORTS: 0 } },
  ...ESPORTS_VENDORS.map(
    (code): VendorSeed => ({
      code,
      displayName: ({ AV: 'AV Esports', IMES: 'IM Esports', IA: 'IA Esports', AI: 'AI Esports', TF: 'TF Gaming' } as const)[code],
      provider: null,
      titles: { ESPORTS: 0 },
    }),
  ),
  ...COCKFIGHT_VENDORS.map(
    (code): VendorSeed => ({
      code,
      displayName: ({ SV3: 'SV388', DS88: 'DS88 Sabong', DIG: 'Digmaan', WGB: 'WGB Sabong', WS168: 'WS168' } as const)[code],
      provider: null,
      titles: { COCKFIGHT: 0 },
    }),
  ),
  { code: LOTTERY_VENDOR, displayName: 'TCG Lottery', provider: 'HOUSE', titles: { LOTT: 0, ELOTT: 0 } },
];

/** A lottery game's draw schedule and where the lottery pages list it. */
export interface LotteryGameSeed {
  intervalMinutes: number;
  area: 'VN' | 'SEA' | null;
  prizeMode: PrizeMode;
  accountTypeName: Names;
}

export interface GameSeed {
  vendor: string;
  gameCode: string;
  kind: 'GAME' | 'LOBBY';
  gameType: VendorCategoryCode;
  gameName: string;
  iconUrl: string;
  gameClassify: GameClassify | '';
  isGame: 'GAME' | 'VASSALAGE';
  isHot: boolean;
  freeTrial: boolean;
  engine: HouseEngine | null;
  engineConfig: Record<string, unknown>;
  releasedDaysAgo: number;
  /** What the artwork shows (a slot theme, an engine, a sub-type or the category). */
  motif: string;
}

const iconOf = (vendor: string, gameCode: string) => `/static/games/${vendor.toLowerCase()}/${gameCode.toLowerCase()}.svg`;
export const lobbyIconOf = (vendor: string, category: VendorCategoryCode) =>
  `/static/games/lobby/${vendor.toLowerCase()}-${category.toLowerCase()}.svg`;
export const vendorLogoOf = (vendor: string) => `/static/vendors/${vendor.toLowerCase()}.svg`;

/** The slot themes of the house slots: one maths, different glyphs and colours. */
export const HOUSE_SLOTS: readonly { gameCode: string; gameName: string; theme: string }[] = [
  { gameCode: 'HOUSE_NEON_FRUITS', gameName: 'Neon Fruits', theme: 'fruits' },
  { gameCode: 'HOUSE_DRAGON_PEARL', gameName: 'Dragon Pearl', theme: 'dragon' },
  { gameCode: 'HOUSE_GOLDEN_LOTUS', gameName: 'Golden Lotus', theme: 'lotus' },
  { gameCode: 'HOUSE_LUCKY_KOI', gameName: 'Lucky Koi', theme: 'koi' },
  { gameCode: 'HOUSE_JADE_TIGER', gameName: 'Jade Tiger', theme: 'tiger' },
  { gameCode: 'HOUSE_STAR_GEMS', gameName: 'Star Gems', theme: 'gems' },
];

export const HOUSE_LOTTERIES: readonly ({ gameCode: string; gameName: string; gameType: 'LOTT' | 'ELOTT' } & LotteryGameSeed)[] = [
  {
    gameCode: 'TCG_LOTTO_VN',
    gameName: 'VN Fast Lotto',
    gameType: 'LOTT',
    intervalMinutes: 1,
    area: 'VN',
    prizeMode: 'LOTT',
    accountTypeName: { en: '1-minute draw', ty: 'Xổ 1 phút' },
  },
  {
    gameCode: 'TCG_LOTTO_VN5',
    gameName: 'VN Lotto 5 Minutes',
    gameType: 'LOTT',
    intervalMinutes: 5,
    area: 'VN',
    prizeMode: 'LOTT',
    accountTypeName: { en: '5-minute draw', ty: 'Xổ 5 phút' },
  },
  {
    gameCode: 'TCG_LOTTO_SEA',
    gameName: 'SEA Lotto',
    gameType: 'LOTT',
    intervalMinutes: 3,
    area: 'SEA',
    prizeMode: 'SEA',
    accountTypeName: { en: '3-minute draw', ty: 'Xổ 3 phút' },
  },
  {
    gameCode: 'TCG_ELOTT_2M',
    gameName: 'E-Lotto 2 Minutes',
    gameType: 'ELOTT',
    intervalMinutes: 2,
    area: null,
    prizeMode: 'ELOTT',
    accountTypeName: { en: '2-minute draw', ty: 'Xổ 2 phút' },
  },
  {
    gameCode: 'TCG_ELOTT_10M',
    gameName: 'E-Lotto 10 Minutes',
    gameType: 'ELOTT',
    intervalMinutes: 10,
    area: null,
    prizeMode: 'ELOTT',
    accountTypeName: { en: '10-minute draw', ty: 'Xổ 10 phút' },
  },
];

const houseGames = (): GameSeed[] => {
  const base = { vendor: HOUSE_VENDOR, kind: 'GAME', gameType: 'RNG', isGame: 'GAME', isHot: true, freeTrial: true } as const;
  return [
    ...HOUSE_SLOTS.map(
      (slot, i): GameSeed => ({
        ...base,
        gameCode: slot.gameCode,
        gameName: slot.gameName,
        iconUrl: iconOf(HOUSE_VENDOR, slot.gameCode),
        gameClassify: '',
        engine: 'slot',
        engineConfig: { theme: slot.theme },
        releasedDaysAgo: 3 + i * 9,
        motif: `slot:${slot.theme}`,
      }),
    ),
    {
      ...base,
      gameCode: 'HOUSE_DICE',
      gameName: 'Hi-Lo Dice',
      iconUrl: iconOf(HOUSE_VENDOR, 'HOUSE_DICE'),
      gameClassify: 'AC',
      engine: 'dice',
      engineConfig: {},
      releasedDaysAgo: 1,
      motif: 'dice',
    },
    {
      ...base,
      gameCode: 'HOUSE_CRASH',
      gameName: 'Rocket Crash',
      iconUrl: iconOf(HOUSE_VENDOR, 'HOUSE_CRASH'),
      gameClassify: 'AC',
      engine: 'crash',
      engineConfig: {},
      releasedDaysAgo: 2,
      motif: 'crash',
    },
    ...HOUSE_LOTTERIES.map(
      ({ gameCode, gameName, gameType, ...schedule }, i): GameSeed => ({
        vendor: LOTTERY_VENDOR,
        kind: 'GAME',
        gameType,
        gameCode,
        gameName,
        iconUrl: iconOf(LOTTERY_VENDOR, gameCode),
        gameClassify: '',
        isGame: 'GAME',
        isHot: i === 0,
        freeTrial: true,
        engine: 'lottery',
        engineConfig: { ...schedule },
        releasedDaysAgo: 5 + i * 4,
        motif: 'lottery',
      }),
    ),
  ];
};

// Word lists for generated titles. Generic words only: no vendor's real product names.
const SLOT_FIRST = [
  'Fortune', 'Lucky', 'Golden', 'Mystic', 'Royal', 'Wild', 'Jade', 'Dragon', 'Phoenix', 'Treasure', 'Mega', 'Super',
  'Crystal', 'Lotus', 'Emperor', 'Sakura', 'Neon', 'Cosmic', 'Ancient', 'Thunder', 'Sweet', 'Pirate', 'Samurai', 'Aztec',
  'Pharaoh', 'Viking', 'Candy', 'Diamond', 'Midnight', 'Panda', 'Ruby', 'Sapphire', 'Tiger', 'Ocean', 'Sunset', 'Blazing',
];
const SLOT_SECOND = [
  'Riches', 'Ways', 'Gems', 'Koi', 'Spins', 'Empire', 'Gold', 'Wilds', 'Fruits', 'Kingdom', 'Temple', 'Quest', 'Frenzy',
  'Bonanza', 'Blast', 'Charms', 'Stars', 'Reels', 'Dynasty', 'Festival', 'Garden', 'Heist', 'Legends', 'Moon', 'Nights',
  'Orbs', 'Party', 'Pearls', 'Rush', 'Saga', 'Coins', 'Crown', 'Fire', 'Wolf', 'Lanterns', 'Blessings',
];
const SUBTYPE_BASES: Record<Exclude<GameClassify, ''>, readonly string[]> = {
  JP: ['Jackpot', 'Mega Jackpot', 'Grand Jackpot', 'Jackpot Link', 'Prize Pool'],
  SC: ['Scratch', 'Scratch Card', 'Instant Win', 'Lucky Scratch'],
  VP: ['Jacks or Better', 'Deuces Wild', 'Bonus Poker', 'Joker Poker', 'Double Bonus Poker', 'Aces and Faces', 'Tens or Better'],
  TG: ['Blackjack', 'Roulette', 'Baccarat', 'Sic Bo', 'Dragon Tiger', 'Three Card Poker', "Casino Hold'em", 'Red Dog', 'Pai Gow'],
  AC: ['Plinko', 'Mines', 'Keno', 'Hi-Lo', 'Tower', 'Wheel', 'Limbo', 'Coin Flip', 'Goal', 'Rocket'],
  BG: ['Bingo 75', 'Bingo 90', 'Bingo Blast', 'Bingo Party', 'Bingo Gold'],
};
const VARIANTS = ['Classic', 'Royal', 'Speed', 'VIP', 'Mini', 'Super', 'Turbo', 'Golden', 'Lucky', 'Premium', 'Multi-hand', 'Neon'];
const FISH_NAMES = [
  'Ocean King', 'Fishing War', 'Mega Fishing', 'Dragon Fishing', 'Happy Fishing', 'Jackpot Fishing', 'Bombing Fishing',
  'Royal Fishing', 'Star Hunter', 'Deep Sea Hunter', 'Golden Shark', 'Ocean Lord', 'Fishing Legend', 'Cannon Reef',
  'Crab Hunter', 'Koi Catch', 'Treasure Reef', 'Fishing Festival', 'Lucky Fishing', 'Sea Monster',
];
const LIVE_NAMES = [
  'Baccarat A', 'Baccarat B', 'Speed Baccarat', 'Squeeze Baccarat', 'No Commission Baccarat', 'Auto Roulette',
  'European Roulette', 'Blackjack VIP', 'Blackjack Classic', 'Dragon Tiger', 'Sic Bo', 'Fan Tan', "Casino Hold'em",
  'Money Wheel', 'Andar Bahar', 'Teen Patti', 'Three Card Poker', 'Bull Bull', 'Roulette Live', 'Baccarat VIP',
];
const PVP_NAMES = [
  "Texas Hold'em", 'Teen Patti', 'Rummy', 'Andar Bahar', 'Tongits', 'Pusoy', 'Niu Niu', 'Blackjack Battle', 'Mahjong',
  'Big Two', 'Poker Kings', 'Fish Prawn Crab', 'Pai Gow', 'Sam Loc', 'Tien Len', 'Xoc Dia', 'Mau Binh', 'Phom',
  'Dragon Tiger Duel', 'Omaha',
];
const BINGO_NAMES = [
  'Bingo 75', 'Bingo 90', 'Lucky Bingo', 'Super Bingo', 'Carnival Bingo', 'Bingo Gold', 'Pinata Bingo', 'Candy Bingo',
  'Bingo Star', 'Bingo Party', 'Fruit Bingo', 'Bingo Rush',
];

/** Sub-types of generated slot-category titles: mostly plain slots, some of each other kind. */
const RNG_CLASSIFY_WEIGHTS: readonly [GameClassify | '', number][] = [
  ['', 58],
  ['JP', 10],
  ['SC', 8],
  ['VP', 7],
  ['TG', 8],
  ['AC', 7],
  ['BG', 2],
];

const weighted = <T,>(r: () => number, items: readonly [T, number][]): T => {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let x = r() * total;
  for (const [item, w] of items) {
    x -= w;
    if (x < 0) return item;
  }
  return items[items.length - 1]![0];
};

const codeOf = (name: string) =>
  name
    .toUpperCase()
    .replace(/'/g, '')
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

const generatedTitles = (vendor: VendorSeed, category: VendorCategoryCode, count: number): GameSeed[] => {
  const rnd = seededRandom(`${vendor.code}:${category}`);
  const names = new Set<string>();
  const games: GameSeed[] = [];
  const listFor = (category === 'FISH' ? FISH_NAMES : category === 'LIVE' ? LIVE_NAMES : category === 'PVP' ? PVP_NAMES : BINGO_NAMES);
  for (let attempt = 0; games.length < count && attempt < count * 50; attempt += 1) {
    let classify: GameClassify | '' = '';
    let name: string;
    if (category === 'RNG') {
      classify = weighted(rnd.next, RNG_CLASSIFY_WEIGHTS);
      name =
        classify === ''
          ? `${rnd.pick(SLOT_FIRST)} ${rnd.pick(SLOT_SECOND)}`
          : classify === 'JP' || classify === 'SC'
            ? `${rnd.pick(SLOT_FIRST)} ${rnd.pick(SUBTYPE_BASES[classify])}`
            : `${rnd.pick(VARIANTS)} ${rnd.pick(SUBTYPE_BASES[classify])}`;
    } else {
      classify = category === 'BINGO' ? 'BG' : category === 'PVP' ? 'TG' : '';
      const base = rnd.pick(listFor);
      name = names.has(base) ? `${rnd.pick(VARIANTS)} ${base}` : base;
    }
    if (names.has(name)) continue;
    names.add(name);
    const gameCode = `${vendor.code}_${codeOf(name)}`;
    games.push({
      vendor: vendor.code,
      gameCode,
      kind: 'GAME',
      gameType: category,
      gameName: name,
      iconUrl: iconOf(vendor.code, gameCode),
      gameClassify: classify,
      isGame: 'GAME',
      isHot: rnd.next() < 0.1,
      freeTrial: false,
      engine: null,
      engineConfig: {},
      releasedDaysAgo: rnd.int(10, 720),
      motif: category === 'RNG' ? (classify === '' ? 'slot' : `classify:${classify}`) : `category:${category}`,
    });
  }
  return games;
};

/** Categories whose vendor card opens the vendor's game list; the others launch the vendor's lobby. */
const LISTED_CATEGORIES: readonly VendorCategoryCode[] = ['RNG', 'FISH', 'PVP', 'BINGO'];

const lobbyCard = (vendor: VendorSeed, category: VendorCategoryCode): GameSeed => ({
  vendor: vendor.code,
  gameCode: vendor.code,
  kind: 'LOBBY',
  gameType: category,
  gameName: vendor.displayName,
  iconUrl: lobbyIconOf(vendor.code, category),
  gameClassify: '',
  isGame: LISTED_CATEGORIES.includes(category) ? 'VASSALAGE' : 'GAME',
  isHot: false,
  // The house lottery lobby can be tried on a demo balance like its games.
  freeTrial: vendor.provider === 'HOUSE' && !LISTED_CATEGORIES.includes(category),
  engine: vendor.provider === 'HOUSE' && (category === 'LOTT' || category === 'ELOTT') ? 'lottery' : null,
  engineConfig: {},
  releasedDaysAgo: 900,
  motif: `lobby:${category}`,
});

export interface GameCatalogue {
  categories: { code: VendorCategoryCode; names: Names }[];
  vendors: readonly VendorSeed[];
  games: GameSeed[];
}

export const buildGameCatalogue = (): GameCatalogue => {
  const games: GameSeed[] = [];
  for (const vendor of VENDORS) {
    for (const category of VENDOR_CATEGORIES) {
      const count = vendor.titles[category];
      if (count === undefined) continue;
      games.push(lobbyCard(vendor, category));
      if (count > 0) games.push(...generatedTitles(vendor, category, count));
    }
  }
  games.push(...houseGames());
  return { categories: VENDOR_CATEGORIES.map((code) => ({ code, names: CATEGORY_NAMES[code] })), vendors: VENDORS, games };
};
