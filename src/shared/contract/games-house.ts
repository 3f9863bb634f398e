import { z } from 'zod';
import { endpoint } from './endpoint';
import { Money } from './envelope';
import { DrawResult, gameCode } from './games';
import { pageQuery, TotalPages } from './paging';

// The house game provider (games area): the calls its game pages make with the signed session of a launch.

/** Engines of the built-in provider. */
export const HOUSE_ENGINES = ['slot', 'dice', 'crash', 'lottery'] as const;
export const HouseEngine = z.enum(HOUSE_ENGINES);
export type HouseEngine = z.infer<typeof HouseEngine>;

const houseSession = z.string().min(16).max(1024).describe('the signed session from the launch URL');
const RoundRequestId = z.uuid().describe('idempotency key: a retry with the same id and body returns the first result and plays nothing; another body is 409');
const Stake = Money.positive();

export const FairnessState = z.object({
  serverSeedHash: z.string().describe('SHA-256 (hex) of the secret server seed, published before play'),
  clientSeed: z.string(),
  nonce: z.number().int().nonnegative().describe('the nonce of the next round'),
});
export type FairnessState = z.infer<typeof FairnessState>;

export const ClientSeed = z.string().trim().min(1).max(64).regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces');

export const SlotLineWin = z.object({
  line: z.number().int().nonnegative().describe('index into the payline table'),
  symbol: z.string(),
  count: z.number().int().min(3).max(5),
  payout: Money,
});
export const SlotOutcome = z.object({
  engine: z.literal('slot'),
  stops: z.array(z.number().int().nonnegative()).describe('reel strip index of each reel\'s top row'),
  grid: z.array(z.array(z.string())).describe('symbols per reel, top to bottom'),
  lineWins: z.array(SlotLineWin),
  scatterCount: z.number().int().nonnegative(),
  scatterPayout: Money,
});
export const DiceDirection = z.enum(['UNDER', 'OVER']);
export const DiceOutcome = z.object({
  engine: z.literal('dice'),
  roll: z.number().describe('0.00 to 99.99'),
  target: z.number(),
  direction: DiceDirection,
  multiplier: z.number(),
  win: z.boolean(),
});
export const CrashOutcome = z.object({
  engine: z.literal('crash'),
  crashPoint: z.number().describe('where the multiplier stopped'),
  cashOut: z.number().describe('the automatic cash-out the player set'),
  win: z.boolean(),
});
export const RoundOutcome = z.discriminatedUnion('engine', [SlotOutcome, DiceOutcome, CrashOutcome]);

export const HouseRound = z.object({
  roundId: z.string(),
  gameCode: z.string(),
  stake: Money,
  payout: Money,
  balance: Money.describe('the balance after the round (demo balance in free play)'),
  freePlay: z.boolean(),
  fairness: FairnessState.omit({ nonce: true }).extend({
    nonce: z.number().int().nonnegative().describe('the nonce this round used'),
    serverSeed: z.string().nullable().describe('the server seed once it is revealed (rotated), else null'),
  }),
  outcome: RoundOutcome,
  createdAt: z.string(),
});
export type HouseRound = z.infer<typeof HouseRound>;

export const HousePlayParams = z.discriminatedUnion('engine', [
  z.object({ engine: z.literal('slot') }),
  z.object({
    engine: z.literal('dice'),
    target: z.number().multipleOf(0.01).min(0.01).max(99.98),
    direction: DiceDirection,
  }),
  z.object({ engine: z.literal('crash'), cashOut: z.number().multipleOf(0.01).min(1.01).max(10_000) }),
]);

export const LOTTERY_BET_TYPES = ['LAST1', 'LAST2', 'LAST3', 'BIG_SMALL', 'ODD_EVEN'] as const;
export const LotteryBetType = z.enum(LOTTERY_BET_TYPES);
export type LotteryBetType = z.infer<typeof LotteryBetType>;

export const LotteryGameInfo = z.object({
  gameCode: z.string(),
  gameName: z.string(),
  intervalMinutes: z.number().int().positive(),
  digits: z.number().int().positive(),
  betTypes: z.array(
    z.object({
      betType: LotteryBetType,
      multiplier: z.number().describe('payout per unit stake'),
      pickDigits: z.number().int().nonnegative().describe('a pick of this many digits (LAST1-3); 0 for a word pick'),
      picks: z.array(z.string()).describe('the word picks (BIG, SMALL, ODD, EVEN); empty for digit picks'),
    }),
  ),
});

export const SlotConfig = z.object({
  engine: z.literal('slot'),
  theme: z.string(),
  reels: z.number().int(),
  rows: z.number().int(),
  lines: z.array(z.array(z.number().int())).describe('row index on each reel, per payline'),
  symbols: z.array(z.object({ symbol: z.string(), glyph: z.string(), pays: z.array(z.number()).describe('line bet multiples for 3, 4 and 5 of a kind') })),
  wild: z.string(),
  scatter: z.string(),
  scatterPays: z.array(z.number()).describe('total bet multiples for 3, 4 and 5 scatters anywhere'),
});
export const HouseGameConfig = z.discriminatedUnion('engine', [
  SlotConfig,
  z.object({ engine: z.literal('dice'), houseEdge: z.number() }),
  z.object({ engine: z.literal('crash'), houseEdge: z.number(), maxCashOut: z.number() }),
  z.object({ engine: z.literal('lottery'), games: z.array(LotteryGameInfo) }),
]);

export const HouseSessionInfo = z.object({
  gameCode: z.string(),
  gameName: z.string(),
  vendor: z.string(),
  freePlay: z.boolean(),
  balance: Money,
  currencySymbol: z.string(),
  expiresAt: z.string(),
  rtp: z.number().describe('declared return to player, percent'),
  limits: z.object({ minBet: Money, maxBet: Money }),
  fairness: FairnessState,
  config: HouseGameConfig,
});

export const LOTTERY_TICKET_STATUSES = ['OPEN', 'WON', 'LOST'] as const;
export const LotteryTicket = z.object({
  ticketId: z.string(),
  gameCode: z.string(),
  issueNo: z.string(),
  betType: LotteryBetType,
  pick: z.string(),
  stake: Money,
  payout: Money.nullable().describe('null until the draw'),
  status: z.enum(LOTTERY_TICKET_STATUSES),
  freePlay: z.boolean(),
  createdAt: z.string(),
});
export type LotteryTicket = z.infer<typeof LotteryTicket>;

export const OpenDraw = z.object({
  issueNo: z.string(),
  closesAt: z.string(),
  serverSeedHash: z.string().describe('SHA-256 of the seed that will decide this draw'),
});

export const VerifyRequest = z.discriminatedUnion('engine', [
  z.object({ engine: z.enum(['slot', 'dice', 'crash']), serverSeed: z.string().regex(/^[0-9a-f]{64}$/), clientSeed: ClientSeed, nonce: z.number().int().nonnegative() }),
  z.object({ engine: z.literal('lottery'), serverSeed: z.string().regex(/^[0-9a-f]{64}$/), gameCode, issueNo: z.string().regex(/^[0-9-]{1,32}$/) }),
]);
export const VerifyResult = z.object({
  serverSeedHash: z.string(),
  result: z.discriminatedUnion('engine', [
    z.object({ engine: z.literal('slot'), stops: z.array(z.number().int()), grid: z.array(z.array(z.string())) }),
    z.object({ engine: z.literal('dice'), roll: z.number() }),
    z.object({ engine: z.literal('crash'), crashPoint: z.number() }),
    z.object({ engine: z.literal('lottery'), numbers: z.array(z.string()) }),
  ]),
});

export const gamesHouseEndpoints = {
  houseSession: endpoint({
    method: 'GET',
    path: '/house/api/session',
    token: 'none',
    query: z.object({ session: houseSession }),
    response: HouseSessionInfo,
    summary: 'House game page: the game, the balance (or demo balance), limits, declared RTP and the provably-fair seed state',
    reqs: ['GAMES-22'],
  }),
  housePlay: endpoint({
    method: 'POST',
    path: '/house/api/play',
    token: 'none',
    body: z.object({ session: houseSession, stake: Stake, params: HousePlayParams, requestId: RoundRequestId }),
    response: HouseRound,
    summary:
      'Plays one round of a slot, dice or crash game: the stake is debited, the outcome drawn from the seeds, the win credited; a retry with the same requestId returns that round',
    reqs: ['GAMES-22'],
  }),
  houseRounds: endpoint({
    method: 'GET',
    path: '/house/api/rounds',
    token: 'none',
    query: z.object({ session: houseSession, ...pageQuery(10, 50) }),
    response: z.object({ list: z.array(HouseRound), totalPages: TotalPages }),
    summary: "The player's rounds of this game in this mode (real or free play), newest first",
  }),
  houseRotateSeed: endpoint({
    method: 'POST',
    path: '/house/api/fairness/rotate',
    token: 'none',
    body: z.object({ session: houseSession, clientSeed: ClientSeed.optional() }),
    response: z.object({
      revealed: z.object({ serverSeed: z.string(), serverSeedHash: z.string(), clientSeed: z.string(), rounds: z.number().int().nonnegative() }),
      current: FairnessState,
    }),
    summary: 'Reveals the current server seed (so its rounds can be verified) and starts a new pair, with an optional new client seed',
  }),
  houseVerify: endpoint({
    method: 'POST',
    path: '/house/api/fairness/verify',
    token: 'none',
    body: VerifyRequest,
    response: VerifyResult,
    summary: 'Recomputes an outcome from revealed seeds: anyone can check a round or a lottery draw',
  }),
  houseLotteryState: endpoint({
    method: 'GET',
    path: '/house/api/lottery/state',
    token: 'none',
    query: z.object({ session: houseSession, gameCode }),
    response: z.object({
      gameCode: z.string(),
      balance: Money,
      current: OpenDraw.nullable(),
      recent: z.array(DrawResult),
      tickets: z.array(LotteryTicket),
    }),
    summary: 'A lottery: the open draw with its published seed hash, the latest results and the player\'s tickets',
    reqs: ['GAMES-26'],
  }),
  houseLotteryBet: endpoint({
    method: 'POST',
    path: '/house/api/lottery/bet',
    token: 'none',
    body: z.object({
      session: houseSession,
      gameCode,
      issueNo: z.string().regex(/^[0-9-]{1,32}$/),
      betType: LotteryBetType,
      pick: z.string().min(1).max(8),
      stake: Stake,
      requestId: RoundRequestId,
    }),
    response: z.object({ ticket: LotteryTicket, balance: Money }),
    summary: 'Buys a ticket for an open draw; the stake is debited now and the win credited when the draw is made; a retry with the same requestId returns that ticket',
  }),
} as const;
