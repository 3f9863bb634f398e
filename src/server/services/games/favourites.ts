import type { GameCard } from '@shared/contract/games';
import { TRIAL_TYPE } from '@shared/contract/socket';
import type { AuthedMember } from '../../auth/member-sessions';
import type { Db } from '../../db/create-db';
import { ApiError } from '../../http/api-error';
import { applyGameFilter, CARD_COLUMNS, liveNodes, toGameCard, totalPagesOf } from './catalogue';

export interface FavoriteRef {
  nodeId: number;
  vendor: string;
  gameType: string;
}

/** GAMES-33: the caller's favourite nodeIds, oldest first. */
export const favoriteIds = async (db: Db, memberId: number): Promise<number[]> => {
  const rows = await db.selectFrom('favorite_games').select('node_id').where('member_id', '=', memberId).orderBy('created_at').orderBy('node_id').execute();
  return rows.map((r) => r.node_id);
};

/** API-41: the caller's favourite games (newest first), filtered and paged. */
export const favoriteList = async (
  db: Db,
  memberId: number,
  filter: { gameType?: string | undefined; vassalage?: string | undefined },
  page: { pageNo: number; pageSize: number },
): Promise<{ content: GameCard[]; totalPages: number; pageNum: number }> => {
  const base = applyGameFilter(
    liveNodes(db).innerJoin('favorite_games', 'favorite_games.node_id', 'games.node_id').where('favorite_games.member_id', '=', memberId),
    filter,
  );
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(CARD_COLUMNS)
    .orderBy('favorite_games.created_at', 'desc')
    .orderBy('games.node_id', 'desc')
    .offset((page.pageNo - 1) * page.pageSize)
    .limit(page.pageSize)
    .execute();
  return { content: rows.map(toGameCard), totalPages: totalPagesOf(Number(total), page.pageSize), pageNum: page.pageNo };
};

/** GAMES-36: a trial account (type 4) keeps no favourites. */
const refuseTrial = (member: AuthedMember) => {
  if (member.type === TRIAL_TYPE) throw new ApiError('TRIAL_ACCOUNT', 'Please register an account first');
};

/** The node a favourite names; its vendor must match. */
const findFavoriteNode = async (db: Db, ref: FavoriteRef): Promise<void> => {
  const node = await liveNodes(db).select('games.node_id').where('games.node_id', '=', ref.nodeId).where('games.vendor_code', '=', ref.vendor).executeTakeFirst();
  if (!node) throw new ApiError('GAME_NOT_FOUND', `No game ${ref.nodeId} of vendor ${ref.vendor}`);
};

/** GAMES-31: adds a favourite (adding it twice keeps one); returns every favourite id. */
export const addFavorite = async (db: Db, member: AuthedMember, ref: FavoriteRef): Promise<number[]> => {
  refuseTrial(member);
  await findFavoriteNode(db, ref);
  await db
    .insertInto('favorite_games')
    .values({ member_id: member.id, node_id: ref.nodeId })
    .onConflict((oc) => oc.columns(['member_id', 'node_id']).doNothing())
    .execute();
  return favoriteIds(db, member.id);
};

/** GAMES-32: removes a favourite (removing one that is not there changes nothing); returns every favourite id. */
export const removeFavorite = async (db: Db, member: AuthedMember, ref: FavoriteRef): Promise<number[]> => {
  refuseTrial(member);
  await db.deleteFrom('favorite_games').where('member_id', '=', member.id).where('node_id', '=', ref.nodeId).execute();
  return favoriteIds(db, member.id);
};
