import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { HouseEngine, HousePlayParams, HouseRound, RoundOutcome, VerifyRequest, VerifyResult } from '@shared/contract/games-house';
import type { AppContext } from '../../app-context';
import { serializeOn } from '../../db/advisory-locks';
import type { Db } from '../../db/create-db';
import { ApiError } from '../../http/api-error';
import { creditIn, debitIn, providerBetId } from '../../services/games/seamless-wallet';
import { mainBalance } from '../../services/ledger/ledger';
import { toMoney } from '../../services/ledger/money';
import { assertSameRequest, requestHashOf } from '../../services/wallet/orders';
import { withEvents } from '../../socket/realtime';
import { CRASH_RTP, crashPointHundredths, playCrash } from './engines/crash';
import { DICE_RTP, diceMultiplier, isDiceTargetAllowed, playDice, rollDice } from './engines/dice';
import { drawDigits, drawMessage, LOTTERY_DIGITS, LOTTERY_RTP } from './engines/lottery';
import { lineWinCents, SLOT_RTP, slotPayoutCents, spinSlot } from './engines/slot';
import { fairFloats, hashServerSeed, roundFloats } from './fairness';
import type { HouseSession } from './sessions';
import { takeNonce } from './seeds';

type PlayParams = z.infer<typeof HousePlayParams>;
type Outcome = z.infer<typeof RoundOutcome>;

/** Stake limits of every house game, in cents. */
export const HOUSE_LIMITS = { minBet: 100, maxBet: 500_000 } as const;

/** The declared return to player of each engine, percent. */
export const ENGINE_RTP: Record<HouseEngine, number> = { slot: SLOT_RTP, dice: DICE_RTP, crash: CRASH_RTP, lottery: LOTTERY_RTP };

const FLOATS_PER_ROUND: Record<Exclude<HouseEngine, 'lottery'>, number> = { slot: 5, dice: 1, crash: 1 };

const hundredths = (value: number) => Math.round(value * 100);

export const checkStake = (stakeCents: number): void => {
  if (stakeCents < HOUSE_LIMITS.minBet || stakeCents > HOUSE_LIMITS.maxBet) {
    throw new ApiError('AMOUNT_OUT_OF_RANGE', `The stake must be between ${toMoney(HOUSE_LIMITS.minBet)} and ${toMoney(HOUSE_LIMITS.maxBet)}`, {
      minBet: toMoney(HOUSE_LIMITS.minBet),
      maxBet: toMoney(HOUSE_LIMITS.maxBet),
    });
  }
};

/** Refuses parameters the session's game cannot take, before any money moves. */
const checkParams = (engine: HouseEngine, params: PlayParams): void => {
  if (params.engine !== engine) throw new ApiError('VALIDATION', `This game session plays ${engine}, not ${params.engine}`);
  if (params.engine === 'dice' && !isDiceTargetAllowed(hundredths(params.target), params.direction)) {
    throw new ApiError('VALIDATION', 'Choose a target that gives a win chance between 1% and 98%');
  }
};

/** The outcome and payout of one round from its seeds: the same function the verify call runs. */
export const resolveRound = (
  seeds: { serverSeed: string; clientSeed: string; nonce: number },
  stakeCents: number,
  params: PlayParams,
): { payoutCents: number; outcome: Outcome } => {
  const floats = roundFloats(seeds, FLOATS_PER_ROUND[params.engine]);
  const first = floats[0] ?? 0;
  switch (params.engine) {
    case 'slot': {
      const spin = spinSlot(floats);
      return {
        payoutCents: slotPayoutCents(stakeCents, spin),
        outcome: {
          engine: 'slot',
          stops: spin.stops,
          grid: spin.grid,
          lineWins: spin.lineWins.map((w) => ({ line: w.line, symbol: w.symbol, count: w.count, payout: toMoney(lineWinCents(stakeCents, w.units)) })),
          scatterCount: spin.scatterCount,
          scatterPayout: toMoney(stakeCents * spin.scatterUnits),
        },
      };
    }
    case 'dice': {
      const target = hundredths(params.target);
      const round = playDice(first, stakeCents, target, params.direction);
      return {
        payoutCents: round.payoutCents,
        outcome: { engine: 'dice', roll: round.roll / 100, target: target / 100, direction: params.direction, multiplier: diceMultiplier(target, params.direction), win: round.win },
      };
    }
    case 'crash': {
      const cashOut = hundredths(params.cashOut);
      const round = playCrash(first, stakeCents, cashOut);
      return { payoutCents: round.payoutCents, outcome: { engine: 'crash', crashPoint: round.crashPoint, cashOut: cashOut / 100, win: round.win } };
    }
  }
};

/** POST /house/api/fairness/verify: recomputes what revealed seeds decide. */
export const verifyOutcome = (request: z.infer<typeof VerifyRequest>): z.infer<typeof VerifyResult> => {
  const serverSeedHash = hashServerSeed(request.serverSeed);
  if (request.engine === 'lottery') {
    const digits = drawDigits(fairFloats(request.serverSeed, drawMessage(request.gameCode, request.issueNo), LOTTERY_DIGITS));
    return { serverSeedHash, result: { engine: 'lottery', numbers: digits.map(String) } };
  }
  const floats = roundFloats(request, FLOATS_PER_ROUND[request.engine]);
  const first = floats[0] ?? 0;
  switch (request.engine) {
    case 'slot': {
      const spin = spinSlot(floats);
      return { serverSeedHash, result: { engine: 'slot', stops: spin.stops, grid: spin.grid } };
    }
    case 'dice':
      return { serverSeedHash, result: { engine: 'dice', roll: rollDice(first) / 100 } };
    case 'crash':
      return { serverSeedHash, result: { engine: 'crash', crashPoint: crashPointHundredths(first) / 100 } };
  }
};

type RoundRow = {
  id: number;
  stake: number;
  payout: number;
  balance_after: number;
  free_play: boolean;
  nonce: number;
  outcome: unknown;
  created_at: Date | string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  revealed_at: Date | string | null;
};

const toRound = (row: RoundRow, gameCode: string): HouseRound => ({
  roundId: String(row.id),
  gameCode,
  stake: toMoney(row.stake),
  payout: toMoney(row.payout),
  balance: toMoney(row.balance_after),
  freePlay: row.free_play,
  fairness: {
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nonce: row.nonce,
    serverSeed: row.revealed_at ? row.server_seed : null,
  },
  outcome: row.outcome as Outcome,
  createdAt: new Date(row.created_at).toISOString(),
});

const roundsQuery = (db: Db) =>
  db
    .selectFrom('house_rounds')
    .innerJoin('fairness_seeds', 'fairness_seeds.id', 'house_rounds.seed_id')
    .select([
      'house_rounds.id',
      'house_rounds.stake',
      'house_rounds.payout',
      'house_rounds.balance_after',
      'house_rounds.free_play',
      'house_rounds.nonce',
      'house_rounds.outcome',
      'house_rounds.created_at',
      'fairness_seeds.server_seed',
      'fairness_seeds.server_seed_hash',
      'fairness_seeds.client_seed',
      'fairness_seeds.revealed_at',
    ]);

/**
 * One round of a slot, dice or crash game. Real money: the stake is a ledger bet and the win its
 * payout, in the same database transaction as the outcome, so a round is all there or not at all,
 * and the balance pushes leave after the commit. Free play moves only the session's demo balance.
 * The client's requestId makes a retry safe: the same id and request return the round it played.
 * `at` dates a round written after the fact (the demo seed's history); a live round is now.
 */
export const playRound = async (
  ctx: AppContext,
  session: HouseSession,
  play: { stakeCents: number; params: PlayParams; requestId: string },
  at?: Date,
): Promise<HouseRound> => {
  const { stakeCents, params, requestId } = play;
  checkParams(session.game.engine, params);
  checkStake(stakeCents);
  const { game } = session;
  const requestHash = requestHashOf({ session: session.id, stake: stakeCents, params });
  const roundId = await withEvents(ctx, async (trx, record) => {
    // A retry (a lost answer, a double click) finds the round its first try played and plays nothing.
    await serializeOn(trx, [`house-request:${session.memberId}:${requestId}`]);
    const earlier = await trx
      .selectFrom('house_rounds')
      .select(['id', 'request_hash'])
      .where('member_id', '=', session.memberId)
      .where('request_id', '=', requestId)
      .executeTakeFirst();
    if (earlier) {
      assertSameRequest(earlier.request_hash ?? '', requestHash);
      return earlier.id;
    }
    const debitId = session.freePlay ? null : randomUUID();
    let demoBalance = 0;
    if (session.freePlay) {
      const row = await trx.selectFrom('house_sessions').select('demo_balance').where('id', '=', session.id).forUpdate().executeTakeFirstOrThrow();
      demoBalance = row.demo_balance ?? 0;
      if (demoBalance < stakeCents) throw new ApiError('INSUFFICIENT_BALANCE', 'The demo balance is not sufficient');
    } else {
      await debitIn(ctx, trx, record, {
        vendor: game.vendor,
        transactionId: debitId!,
        memberId: session.memberId,
        gameType: game.gameType,
        gameCode: game.gameCode,
        gameName: game.gameName,
        amount: stakeCents,
        at,
      });
    }
    const seed = await takeNonce(trx, session.memberId, session.freePlay);
    const { payoutCents, outcome } = resolveRound(seed, stakeCents, params);
    let balanceAfter: number;
    if (session.freePlay) {
      balanceAfter = demoBalance - stakeCents + payoutCents;
      await trx.updateTable('house_sessions').set({ demo_balance: balanceAfter }).where('id', '=', session.id).execute();
    } else {
      const credited = await creditIn(ctx, trx, record, { vendor: game.vendor, transactionId: `${debitId}:payout`, betTransactionId: debitId!, amount: payoutCents, at });
      balanceAfter = credited.balance ?? 0;
    }
    const inserted = await trx
      .insertInto('house_rounds')
      .values({
        session_id: session.id,
        member_id: session.memberId,
        node_id: game.nodeId,
        free_play: session.freePlay,
        bet_id: debitId ? providerBetId(game.vendor, debitId) : null,
        seed_id: seed.seedId,
        nonce: seed.nonce,
        stake: stakeCents,
        payout: payoutCents,
        balance_after: balanceAfter,
        outcome: JSON.stringify(outcome),
        request_id: requestId,
        request_hash: requestHash,
        ...(at ? { created_at: at } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  });
  const row = await roundsQuery(ctx.db).where('house_rounds.id', '=', roundId).executeTakeFirstOrThrow();
  return toRound(row, game.gameCode);
};

/** The player's rounds of the session's game in the session's mode, newest first. */
export const listRounds = async (db: Db, session: HouseSession, page: { pageNo: number; pageSize: number }): Promise<{ list: HouseRound[]; totalPages: number }> => {
  const mine = (q: ReturnType<typeof roundsQuery>) =>
    q
      .where('house_rounds.member_id', '=', session.memberId)
      .where('house_rounds.node_id', '=', session.game.nodeId)
      .where('house_rounds.free_play', '=', session.freePlay);
  const { total } = await db
    .selectFrom('house_rounds')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('member_id', '=', session.memberId)
    .where('node_id', '=', session.game.nodeId)
    .where('free_play', '=', session.freePlay)
    .executeTakeFirstOrThrow();
  const rows = await mine(roundsQuery(db))
    .orderBy('house_rounds.id', 'desc')
    .offset((page.pageNo - 1) * page.pageSize)
    .limit(page.pageSize)
    .execute();
  return { list: rows.map((r) => toRound(r, session.game.gameCode)), totalPages: Math.ceil(Number(total) / page.pageSize) };
};

/** The balance a session plays with: the demo balance in free play, else the main wallet. */
export const sessionBalance = async (db: Db, session: HouseSession): Promise<number> => {
  if (!session.freePlay) return mainBalance(db, session.memberId);
  const row = await db.selectFrom('house_sessions').select('demo_balance').where('id', '=', session.id).executeTakeFirstOrThrow();
  return row.demo_balance ?? 0;
};
