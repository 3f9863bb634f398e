import type { GameCard } from '@shared/contract/games';
import type { Db } from '../../db/create-db';
import { applyGameFilter, CARD_COLUMNS, liveNodes, toGameCard, totalPagesOf } from './catalogue';

/** How many recent games a member keeps. */
export const RECENT_GAMES_KEPT = 50;

/** Records a launch: the game moves to the top of the member's recent games. */
export const recordRecentGame = async (db: Db, memberId: number, nodeId: number, at = new Date()): Promise<void> => {
  await db
    .insertInto('recent_games')
    .values({ member_id: memberId, node_id: nodeId, played_at: at })
    .onConflict((oc) => oc.columns(['member_id', 'node_id']).doUpdateSet({ played_at: at }))
    .execute();
  const keep = db.selectFrom('recent_games').select('node_id').where('member_id', '=', memberId).orderBy('played_at', 'desc').orderBy('node_id', 'desc').limit(RECENT_GAMES_KEPT);
  await db.deleteFrom('recent_games').where('member_id', '=', memberId).where('node_id', 'not in', keep).execute();
};

/** API-43: the member's recently launched games, latest first. */
export const recentGames = async (
  db: Db,
  memberId: number,
  filter: { gameType?: string | undefined; vassalage?: string | undefined },
  page: { page: number; pageSize: number },
): Promise<{ list: GameCard[]; totalPages: number }> => {
  const base = applyGameFilter(
    liveNodes(db).innerJoin('recent_games', 'recent_games.node_id', 'games.node_id').where('recent_games.member_id', '=', memberId),
    filter,
  );
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(CARD_COLUMNS)
    .orderBy('recent_games.played_at', 'desc')
    .orderBy('games.node_id', 'desc')
    .offset((page.page - 1) * page.pageSize)
    .limit(page.pageSize)
    .execute();
  return { list: rows.map(toGameCard), totalPages: totalPagesOf(Number(total), page.pageSize) };
};
