import type { WinnerRecord } from '@shared/contract/games';
import type { Db } from '../../db/create-db';
import { toMoney } from '../ledger/money';

/** How far back the winner board looks. */
export const WINNER_WINDOW_DAYS = 30;

/** Shows enough of a player's name to recognise it and no more: "de***o". */
export const maskName = (name: string): string => {
  if (name.length <= 2) return `${name.slice(0, 1)}***`;
  return `${name.slice(0, 2)}***${name.slice(-1)}`;
};

/**
 * API-50: the biggest real-money wins (payout above stake) of the last WINNER_WINDOW_DAYS, largest
 * first, from the settled bets of every provider. Free play never reaches the bets table.
 */
export const winnerBoard = async (db: Db, options: { gameCategory: string; limit: number; now?: Date }): Promise<WinnerRecord[]> => {
  const since = new Date((options.now ?? new Date()).getTime() - WINNER_WINDOW_DAYS * 86_400_000);
  let query = db
    .selectFrom('bets')
    .innerJoin('members', 'members.id', 'bets.member_id')
    .leftJoin('games', (join) => join.onRef('games.vendor_code', '=', 'bets.vendor').onRef('games.game_code', '=', 'bets.game_code').onRef('games.game_type', '=', 'bets.game_type'))
    .select(['bets.bet_id', 'bets.game_name', 'bets.payout', 'members.account', 'games.icon_url'])
    .where('bets.status', '=', 'SETTLED')
    .whereRef('bets.payout', '>', 'bets.stake')
    .where('bets.settled_at', '>=', since);
  if (options.gameCategory !== 'ALL') query = query.where('bets.game_type', '=', options.gameCategory);
  const rows = await query.orderBy('bets.payout', 'desc').orderBy('bets.settled_at', 'desc').limit(options.limit).execute();
  return rows.map((r) => ({
    recordId: r.bet_id,
    gameName: r.game_name,
    customerName: maskName(r.account),
    winAmount: toMoney(r.payout),
    iconUrl: r.icon_url ?? '',
  }));
};
