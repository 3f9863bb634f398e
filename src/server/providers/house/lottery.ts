import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import { LOTTERY_BET_TYPES, type LotteryBetType, type LotteryTicket } from '@shared/contract/games-house';
import { PrizeMode, type DrawResult } from '@shared/contract/games';
import type { AppContext } from '../../app-context';
import { serializeOn } from '../../db/advisory-locks';
import type { Db } from '../../db/create-db';
import type { LotteryDrawsTable } from '../../db/database';
import { isTransientDbError } from '../../db/errors';
import { recordJobIncident } from '../../jobs/incidents';
import { ApiError } from '../../http/api-error';
import { liveNodes, localName, totalPagesOf } from '../../services/games/catalogue';
import { creditIn, debitIn, debitTransactionIdOf, providerBetId } from '../../services/games/seamless-wallet';
import { toMoney } from '../../services/ledger/money';
import { assertSameRequest, requestHashOf } from '../../services/wallet/orders';
import { withEvents } from '../../socket/realtime';
import { drawDigits, drawMessage, isLotteryPickAllowed, LOTTERY_BET_RULES, LOTTERY_DIGITS, lotteryPayoutCents } from './engines/lottery';
import { fairFloats, hashServerSeed, newServerSeed } from './fairness';
import { checkStake, sessionBalance } from './rounds';
import type { HouseSession } from './sessions';

/**
 * House lotteries with scheduled draws. Each game draws every `intervalMinutes`, on windows
 * aligned to the clock: the draw of a window opens with a fresh server seed whose SHA-256 is
 * published at once, takes tickets until the window ends, and is then drawn from
 * HMAC-SHA256(seed, "<gameCode>:<issueNo>") and its seed revealed. The draw job runs once per
 * tick across nodes (scheduler windows); settling a draw locks its row, so no draw pays twice.
 */

const LotteryConfig = z.object({
  intervalMinutes: z.number().int().positive(),
  area: z.enum(['VN', 'SEA']).nullable(),
  prizeMode: PrizeMode,
  accountTypeName: z.record(z.string(), z.string()),
});

export interface LotteryGame extends z.infer<typeof LotteryConfig> {
  nodeId: number;
  vendor: string;
  gameCode: string;
  gameName: string;
  gameType: string;
  iconUrl: string;
}

/** Every live house lottery game. */
export const lotteryGames = async (db: Db): Promise<LotteryGame[]> => {
  const rows = await liveNodes(db)
    .where('games.engine', '=', 'lottery')
    .where('games.kind', '=', 'GAME')
    .select(['games.node_id', 'games.vendor_code', 'games.game_code', 'games.game_name', 'games.game_type', 'games.icon_url', 'games.engine_config'])
    .orderBy('games.sort')
    .execute();
  return rows.map((r) => ({
    nodeId: r.node_id,
    vendor: r.vendor_code,
    gameCode: r.game_code,
    gameName: r.game_name,
    gameType: r.game_type,
    iconUrl: r.icon_url,
    ...LotteryConfig.parse(r.engine_config),
  }));
};

/** The lottery games a session may buy tickets for: its vendor's, in its category. */
export const sessionLotteries = async (db: Db, session: HouseSession): Promise<LotteryGame[]> =>
  (await lotteryGames(db)).filter((g) => g.vendor === session.game.vendor && g.gameType === session.game.gameType);

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The draw window `now` falls in: issue numbers read "<UTC day>-<window of the day>", e.g. 20261123-0421. */
export const drawWindow = (intervalMinutes: number, now: Date): { issueNo: string; opensAt: Date; closesAt: Date } => {
  const ms = intervalMinutes * 60_000;
  const start = Math.floor(now.getTime() / ms) * ms;
  const day = new Date(start);
  const dayStart = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  const issueNo = `${day.getUTCFullYear()}${pad(day.getUTCMonth() + 1, 2)}${pad(day.getUTCDate(), 2)}-${pad(Math.floor((start - dayStart) / ms) + 1, 4)}`;
  return { issueNo, opensAt: new Date(start), closesAt: new Date(start + ms) };
};

type DrawRow = Selectable<LotteryDrawsTable>;

/** The draw of the window `now` falls in, opened (seed made, hash published) if nobody has yet. */
export const currentDraw = async (db: Db, game: LotteryGame, now: Date): Promise<DrawRow> => {
  const window = drawWindow(game.intervalMinutes, now);
  const serverSeed = newServerSeed();
  await db
    .insertInto('lottery_draws')
    .values({
      game_code: game.gameCode,
      issue_no: window.issueNo,
      opens_at: window.opensAt,
      closes_at: window.closesAt,
      server_seed: serverSeed,
      server_seed_hash: hashServerSeed(serverSeed),
    })
    .onConflict((oc) => oc.columns(['game_code', 'issue_no']).doNothing())
    .execute();
  return db.selectFrom('lottery_draws').selectAll().where('game_code', '=', game.gameCode).where('issue_no', '=', window.issueNo).executeTakeFirstOrThrow();
};

export const toDrawResult = (row: DrawRow): DrawResult => ({
  gameCode: row.game_code,
  issueNo: row.issue_no,
  numbers: row.numbers ?? [],
  openedAt: new Date(row.drawn_at ?? row.closes_at).toISOString(),
  serverSeedHash: row.server_seed_hash,
  serverSeed: row.server_seed,
});

type TicketRow = {
  id: number;
  bet_type: string;
  pick: string;
  stake: number;
  payout: number | null;
  status: 'OPEN' | 'WON' | 'LOST' | 'SET_ASIDE';
  free_play: boolean;
  created_at: Date | string;
  game_code: string;
  issue_no: string;
};

const toTicket = (row: TicketRow): LotteryTicket => ({
  ticketId: String(row.id),
  gameCode: row.game_code,
  issueNo: row.issue_no,
  betType: row.bet_type as LotteryBetType,
  pick: row.pick,
  stake: toMoney(row.stake),
  payout: row.payout === null ? null : toMoney(row.payout),
  // A ticket set aside for the operators is still unsettled, as far as its player can tell.
  status: row.status === 'SET_ASIDE' ? 'OPEN' : row.status,
  freePlay: row.free_play,
  createdAt: new Date(row.created_at).toISOString(),
});

const ticketsQuery = (db: Db) =>
  db
    .selectFrom('lottery_tickets')
    .innerJoin('lottery_draws', 'lottery_draws.id', 'lottery_tickets.draw_id')
    .select([
      'lottery_tickets.id',
      'lottery_tickets.bet_type',
      'lottery_tickets.pick',
      'lottery_tickets.stake',
      'lottery_tickets.payout',
      'lottery_tickets.status',
      'lottery_tickets.free_play',
      'lottery_tickets.created_at',
      'lottery_draws.game_code',
      'lottery_draws.issue_no',
    ]);

/** The job's name, in the scheduler and on the tickets it sets aside. */
export const LOTTERY_JOB = 'lottery-draws';

/** Tickets settled per tick at most; the rest wait for the next tick. */
const TICKETS_PER_TICK = 1_000;

/**
 * Draws one closed draw: the seed gives the digits, once (the row lock and drawn_at make every
 * other node skip it). Its tickets are settled afterwards, each on its own (settleTicket).
 */
const drawClosed = async (ctx: AppContext, drawId: number, now: Date): Promise<boolean> =>
  ctx.db.transaction().execute(async (trx) => {
    const draw = await trx
      .selectFrom('lottery_draws')
      .selectAll()
      .where('id', '=', drawId)
      .where('drawn_at', 'is', null)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!draw) return false;
    const digits = drawDigits(fairFloats(draw.server_seed, drawMessage(draw.game_code, draw.issue_no), LOTTERY_DIGITS));
    await trx
      .updateTable('lottery_draws')
      .set({ numbers: JSON.stringify(digits.map(String)), drawn_at: now })
      .where('id', '=', draw.id)
      .execute();
    return true;
  });

/**
 * Settles one open ticket of a drawn draw in its own transaction: a winning real-money ticket is
 * paid through the ledger (its session may have expired by then), a free-play one goes back to its
 * session's demo balance. A ticket another node holds, or already settled, is skipped.
 */
const settleTicket = async (ctx: AppContext, ticketId: number, now: Date): Promise<boolean> =>
  withEvents(ctx, async (trx, record) => {
    const ticket = await trx
      .selectFrom('lottery_tickets')
      .innerJoin('lottery_draws', 'lottery_draws.id', 'lottery_tickets.draw_id')
      .innerJoin('games', 'games.node_id', 'lottery_tickets.node_id')
      .selectAll('lottery_tickets')
      .select(['games.vendor_code', 'lottery_draws.numbers'])
      .where('lottery_tickets.id', '=', ticketId)
      .where('lottery_tickets.status', '=', 'OPEN')
      .where('lottery_draws.drawn_at', 'is not', null)
      .forUpdate('lottery_tickets')
      .skipLocked()
      .executeTakeFirst();
    if (!ticket) return false;
    const digits = (ticket.numbers ?? []).map(Number);
    const payout = lotteryPayoutCents(ticket.bet_type as LotteryBetType, ticket.pick, ticket.stake, digits);
    if (ticket.free_play) {
      if (payout > 0) {
        await trx
          .updateTable('house_sessions')
          .set((eb) => ({ demo_balance: eb('demo_balance', '+', payout) }))
          .where('id', '=', ticket.session_id)
          .execute();
      }
    } else {
      const debitId = debitTransactionIdOf(ticket.vendor_code, ticket.bet_id!);
      await creditIn(ctx, trx, record, { vendor: ticket.vendor_code, transactionId: `${debitId}:payout`, betTransactionId: debitId, amount: payout });
    }
    await trx
      .updateTable('lottery_tickets')
      .set({ status: payout > 0 ? 'WON' : 'LOST', payout, settled_at: now })
      .where('id', '=', ticket.id)
      .execute();
    return true;
  });

/**
 * A ticket that cannot be settled (its bet was rolled back, its game is gone...) would fail the same
 * way at every tick: it is set aside, logged and listed for the operators, and the draw goes on.
 */
const setTicketAside = async (ctx: AppContext, ticketId: number, error: unknown, now: Date): Promise<void> => {
  await ctx.db.updateTable('lottery_tickets').set({ status: 'SET_ASIDE' }).where('id', '=', ticketId).where('status', '=', 'OPEN').execute();
  await recordJobIncident(ctx, { job: LOTTERY_JOB, subject: `lottery-ticket:${ticketId}`, error }, now);
};

/**
 * The draw job: opens each game's current draw, draws every closed one, then settles the open
 * tickets of drawn draws one by one. A ticket that fails is set aside and the rest are settled; a
 * lost database connection ends the tick, and the next tick carries on where it stopped.
 * Returns the draws and tickets handled.
 */
export const runLotteryTick = async (ctx: AppContext, now: Date = new Date()): Promise<number> => {
  for (const game of await lotteryGames(ctx.db)) await currentDraw(ctx.db, game, now);
  const due = await ctx.db
    .selectFrom('lottery_draws')
    .select('id')
    .where('drawn_at', 'is', null)
    .where('closes_at', '<=', now)
    .orderBy('closes_at')
    .limit(50)
    .execute();
  let handled = 0;
  for (const { id } of due) if (await drawClosed(ctx, id, now)) handled += 1;
  const open = await ctx.db
    .selectFrom('lottery_tickets')
    .innerJoin('lottery_draws', 'lottery_draws.id', 'lottery_tickets.draw_id')
    .select('lottery_tickets.id')
    .where('lottery_tickets.status', '=', 'OPEN')
    .where('lottery_draws.drawn_at', 'is not', null)
    .orderBy('lottery_tickets.id')
    .limit(TICKETS_PER_TICK)
    .execute();
  for (const { id } of open) {
    try {
      if (await settleTicket(ctx, id, now)) handled += 1;
    } catch (error) {
      if (isTransientDbError(error)) throw error;
      await setTicketAside(ctx, id, error, now);
    }
  }
  return handled;
};

const findSessionLottery = async (db: Db, session: HouseSession, gameCode: string): Promise<LotteryGame> => {
  if (session.game.engine !== 'lottery') throw new ApiError('VALIDATION', `This game session plays ${session.game.engine}, not lottery`);
  const game = (await sessionLotteries(db, session)).find((g) => g.gameCode === gameCode);
  if (!game) throw new ApiError('GAME_NOT_FOUND', `No lottery ${gameCode} in this game`);
  return game;
};

const RECENT_DRAWS = 10;
const TICKETS_SHOWN = 20;

/** The lottery page's state: the open draw (its seed hash published), the latest results, my tickets. */
export const lotteryState = async (ctx: AppContext, session: HouseSession, gameCode: string, now = new Date()) => {
  const game = await findSessionLottery(ctx.db, session, gameCode);
  const open = await currentDraw(ctx.db, game, now);
  const recent = await ctx.db
    .selectFrom('lottery_draws')
    .selectAll()
    .where('game_code', '=', game.gameCode)
    .where('drawn_at', 'is not', null)
    .orderBy('closes_at', 'desc')
    .limit(RECENT_DRAWS)
    .execute();
  const tickets = await ticketsQuery(ctx.db)
    .where('lottery_tickets.member_id', '=', session.memberId)
    .where('lottery_tickets.node_id', '=', game.nodeId)
    .where('lottery_tickets.free_play', '=', session.freePlay)
    .orderBy('lottery_tickets.id', 'desc')
    .limit(TICKETS_SHOWN)
    .execute();
  return {
    gameCode: game.gameCode,
    balance: toMoney(await sessionBalance(ctx.db, session)),
    current: open.drawn_at ? null : { issueNo: open.issue_no, closesAt: new Date(open.closes_at).toISOString(), serverSeedHash: open.server_seed_hash },
    recent: recent.map(toDrawResult),
    tickets: tickets.map(toTicket),
  };
};

/** The ticket an earlier try of this request bought (null when none); the same id asking for another ticket is a conflict. */
const earlierTicket = async (db: Db, memberId: number, requestId: string, requestHash: string): Promise<number | null> => {
  const row = await db
    .selectFrom('lottery_tickets')
    .select(['id', 'request_hash'])
    .where('member_id', '=', memberId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  if (!row) return null;
  assertSameRequest(row.request_hash ?? '', requestHash);
  return row.id;
};

const ticketReply = async (ctx: AppContext, session: HouseSession, ticketId: number): Promise<{ ticket: LotteryTicket; balance: number }> => {
  const ticket = await ticketsQuery(ctx.db).where('lottery_tickets.id', '=', ticketId).executeTakeFirstOrThrow();
  return { ticket: toTicket(ticket), balance: toMoney(await sessionBalance(ctx.db, session)) };
};

/** Buys a ticket for the open draw: the stake is a ledger bet now (or leaves the demo balance); the draw settles it. */
export const buyTicket = async (
  ctx: AppContext,
  session: HouseSession,
  input: { gameCode: string; issueNo: string; betType: LotteryBetType; pick: string; stakeCents: number; requestId: string },
  now = new Date(),
): Promise<{ ticket: LotteryTicket; balance: number }> => {
  const { requestId, ...asked } = input;
  const requestHash = requestHashOf({ session: session.id, ...asked });
  // A retried purchase returns the ticket its first try bought, even once that draw has closed.
  const bought = await earlierTicket(ctx.db, session.memberId, requestId, requestHash);
  if (bought !== null) return ticketReply(ctx, session, bought);
  const game = await findSessionLottery(ctx.db, session, input.gameCode);
  if (!isLotteryPickAllowed(input.betType, input.pick)) {
    throw new ApiError('VALIDATION', `${input.betType} takes one of: ${LOTTERY_BET_RULES[input.betType].picks.slice(0, 4).join(', ')}…`);
  }
  checkStake(input.stakeCents);
  const open = await currentDraw(ctx.db, game, now);
  if (open.issue_no !== input.issueNo) throw new ApiError('DRAW_CLOSED', `Draw ${input.issueNo} is not open; the open draw is ${open.issue_no}`);
  const ticketId = await withEvents(ctx, async (trx, record) => {
    await serializeOn(trx, [`house-request:${session.memberId}:${requestId}`]);
    const earlier = await earlierTicket(trx, session.memberId, requestId, requestHash);
    if (earlier !== null) return earlier;
    const draw = await trx.selectFrom('lottery_draws').select(['id', 'drawn_at', 'closes_at']).where('id', '=', open.id).forShare().executeTakeFirstOrThrow();
    if (draw.drawn_at || new Date(draw.closes_at) <= now) throw new ApiError('DRAW_CLOSED', `Draw ${input.issueNo} is closed`);
    let betId: string | null = null;
    if (session.freePlay) {
      const row = await trx.selectFrom('house_sessions').select('demo_balance').where('id', '=', session.id).forUpdate().executeTakeFirstOrThrow();
      if ((row.demo_balance ?? 0) < input.stakeCents) throw new ApiError('INSUFFICIENT_BALANCE', 'The demo balance is not sufficient');
      await trx.updateTable('house_sessions').set({ demo_balance: (row.demo_balance ?? 0) - input.stakeCents }).where('id', '=', session.id).execute();
    } else {
      const debitId = `LT-${randomUUID()}`;
      await debitIn(ctx, trx, record, {
        vendor: game.vendor,
        transactionId: debitId,
        memberId: session.memberId,
        gameType: game.gameType,
        gameCode: game.gameCode,
        gameName: game.gameName,
        amount: input.stakeCents,
      });
      betId = providerBetId(game.vendor, debitId);
    }
    const inserted = await trx
      .insertInto('lottery_tickets')
      .values({
        draw_id: draw.id,
        session_id: session.id,
        member_id: session.memberId,
        node_id: game.nodeId,
        free_play: session.freePlay,
        bet_id: betId,
        bet_type: input.betType,
        pick: input.pick,
        stake: input.stakeCents,
        request_id: requestId,
        request_hash: requestHash,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  });
  return ticketReply(ctx, session, ticketId);
};

/** API-35: a lottery game's drawn results, newest first. */
export const openedNumbers = async (db: Db, gameCode: string, page: { pageNo: number; pageSize: number }): Promise<{ list: DrawResult[]; totalPages: number }> => {
  if (!(await lotteryGames(db)).some((g) => g.gameCode === gameCode)) throw new ApiError('GAME_NOT_FOUND', `No lottery ${gameCode}`);
  const drawn = db.selectFrom('lottery_draws').where('game_code', '=', gameCode).where('drawn_at', 'is not', null);
  const { total } = await drawn.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await drawn
    .selectAll()
    .orderBy('closes_at', 'desc')
    .offset((page.pageNo - 1) * page.pageSize)
    .limit(page.pageSize)
    .execute();
  return { list: rows.map(toDrawResult), totalPages: totalPagesOf(Number(total), page.pageSize) };
};

const toMenu = (game: LotteryGame, language: string) => ({
  gameCode: game.gameCode,
  gameName: game.gameName,
  accountTypeName: localName(game.accountTypeName, language, game.gameName),
  iconUrl: game.iconUrl,
});

/** API-34: the lottery games of a prize mode, each with its accountTypeName. */
export const lotteryMenu = async (db: Db, prizeMode: z.infer<typeof PrizeMode>, language: string) => (await lotteryGames(db)).filter((g) => g.prizeMode === prizeMode).map((g) => toMenu(g, language));

/** API-34 (/recent): the member's recently launched lottery games of a prize mode, latest first. */
export const recentLotteryMenu = async (db: Db, memberId: number, prizeMode: z.infer<typeof PrizeMode>, language: string) => {
  const recent = await db.selectFrom('recent_games').select('node_id').where('member_id', '=', memberId).orderBy('played_at', 'desc').execute();
  const games = (await lotteryGames(db)).filter((g) => g.prizeMode === prizeMode);
  return recent.flatMap((r) => games.filter((g) => g.nodeId === r.node_id)).map((g) => toMenu(g, language));
};

/** The lottery part of a session's page configuration. */
export const lotteryConfig = async (db: Db, session: HouseSession) => ({
  engine: 'lottery' as const,
  games: (await sessionLotteries(db, session)).map((g) => ({
    gameCode: g.gameCode,
    gameName: g.gameName,
    intervalMinutes: g.intervalMinutes,
    digits: LOTTERY_DIGITS,
    betTypes: LOTTERY_BET_TYPES.map((betType) => {
      const rule = LOTTERY_BET_RULES[betType];
      return { betType, multiplier: rule.multiplierHundredths / 100, pickDigits: rule.pickDigits, picks: rule.pickDigits === 0 ? [...rule.picks] : [] };
    }),
  })),
});
