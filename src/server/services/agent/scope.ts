import type { Db } from '../../db/create-db';
import { ApiError } from '../../http/api-error';

/**
 * The one scope rule of the agent area: an agent sees and acts on its own downline (every level
 * below it in member_tree) and nothing else. Every agent call that names a member goes through
 * `downlineDepth`; every call that lists goes through `downlineOf`. The agent always comes from the
 * session, never from the request.
 */

/** The same refusal for a member outside the downline and for an id nobody has: it reveals nothing. */
const outsideDownline = () => new ApiError('FORBIDDEN', 'This member is not in your downline');

/**
 * Member ids of the agent's downline (optionally one level of it) as a subquery, for
 * `where member_id in (...)`: one range of the member_tree_ancestor_depth index.
 */
export const downlineOf = (db: Db, agentId: number, level?: number) => {
  const base = db.selectFrom('member_tree').select('member_tree.descendant_id').where('member_tree.ancestor_id', '=', agentId);
  return level === undefined ? base : base.where('member_tree.depth', '=', level);
};

/** How many levels below the agent a member sits, or null when it is not in the downline. */
export const depthBelow = async (db: Db, agentId: number, memberId: number): Promise<number | null> => {
  const row = await db
    .selectFrom('member_tree')
    .select('depth')
    .where('ancestor_id', '=', agentId)
    .where('descendant_id', '=', memberId)
    .executeTakeFirst();
  return row?.depth ?? null;
};

/** The member's level below the agent; FORBIDDEN for anyone outside the downline, whether or not the id exists. */
export const downlineDepth = async (db: Db, agentId: number, memberId: number): Promise<number> => {
  const depth = await depthBelow(db, agentId, memberId);
  if (depth === null) throw outsideDownline();
  return depth;
};

/** The member's direct upline, or null. */
export const uplineIdOf = async (db: Db, memberId: number): Promise<number | null> => {
  const row = await db.selectFrom('member_tree').select('ancestor_id').where('descendant_id', '=', memberId).where('depth', '=', 1).executeTakeFirst();
  return row?.ancestor_id ?? null;
};

/** The members from the agent (excluded) down to the member (excluded), top first: the path the agent may see. */
export const pathBetween = async (db: Db, agentId: number, memberId: number): Promise<{ memberId: number; account: string }[]> => {
  const depth = await downlineDepth(db, agentId, memberId);
  if (depth <= 1) return [];
  const rows = await db
    .selectFrom('member_tree')
    .innerJoin('members', 'members.id', 'member_tree.ancestor_id')
    .select(['members.id', 'members.account', 'member_tree.depth'])
    .where('member_tree.descendant_id', '=', memberId)
    .where('member_tree.depth', '<', depth)
    .orderBy('member_tree.depth', 'desc')
    .execute();
  return rows.map((r) => ({ memberId: r.id, account: r.account }));
};
