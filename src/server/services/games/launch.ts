import { randomInt } from 'node:crypto';
import type { LaunchGameRequest } from '@shared/contract/games';
import { TRIAL_TYPE } from '@shared/contract/socket';
import type { AppContext } from '../../app-context';
import type { AuthedMember } from '../../auth/member-sessions';
import type { Db } from '../../db/create-db';
import { ApiError } from '../../http/api-error';
import { openSession } from '../../providers/house/sessions';
import { catalogueLanguage, liveNodes } from './catalogue';
import { recordRecentGame } from './recent';

/** GAMES-23: a host picked at random from the configured launch CDNs; '' (or none) is this server. */
export const pickLaunchHost = async (db: Db, pick: (n: number) => number = randomInt): Promise<string> => {
  const row = await db.selectFrom('site_settings').select('value').where('key', '=', 'launchGameCDNs').executeTakeFirst();
  const hosts = Array.isArray(row?.value) ? row.value.filter((h): h is string => typeof h === 'string') : [];
  if (hosts.length === 0) return '';
  return (hosts[pick(hosts.length)] ?? '').trim().replace(/\/+$/, '');
};

/**
 * API-33: starts a game. The node must be live, not under maintenance, and served by a connected
 * provider (here: the house provider; an external vendor's games answer GAME_MAINTENANCE until an
 * operator connects it). A trial account, or a request for the free trial, plays on a demo
 * balance. The launch is recorded in the member's recent games.
 */
export const launchGame = async (
  ctx: AppContext,
  member: AuthedMember,
  request: LaunchGameRequest,
  now = new Date(),
): Promise<{ gameUrl: string; expiresAt: string; freePlay: boolean }> => {
  let query = liveNodes(ctx.db)
    .select([
      'games.node_id',
      'games.game_code',
      'games.is_game',
      'games.engine',
      'games.free_trial',
      'games.maintenance',
      'game_vendors.provider',
      'game_vendors.maintenance as vendor_maintenance',
      'game_vendors.display_name',
    ])
    .where('games.vendor_code', '=', request.vassalage)
    .where('games.game_code', '=', request.gameCode);
  if (request.gameType) query = query.where('games.game_type', '=', request.gameType);
  const node = await query.orderBy('games.kind').orderBy('games.node_id').executeTakeFirst();
  if (!node) throw new ApiError('GAME_NOT_FOUND', `No game ${request.gameCode} of vendor ${request.vassalage}`);
  if (node.is_game !== 'GAME') throw new ApiError('GAME_NOT_FOUND', `${node.display_name} opens its game list: launch one of its games`);
  if (node.maintenance || node.vendor_maintenance) throw new ApiError('GAME_MAINTENANCE', 'This game is under maintenance');
  if (node.provider !== 'HOUSE' || !node.engine) {
    throw new ApiError('GAME_MAINTENANCE', `${node.display_name} is not connected on this server`, { reason: 'VENDOR_NOT_CONNECTED' });
  }
  const freePlay = request.freePlay || member.type === TRIAL_TYPE;
  if (freePlay && !node.free_trial) throw new ApiError('FEATURE_DISABLED', 'This game has no free trial');

  const language = await catalogueLanguage(ctx.db, request.language);
  const session = await openSession(ctx, { memberId: member.id, nodeId: node.node_id, freePlay, language, memberSessionHash: member.tokenHash }, now);
  await recordRecentGame(ctx.db, member.id, node.node_id, now);
  const host = await pickLaunchHost(ctx.db);
  const params = new URLSearchParams({ session: session.token, lang: language });
  return {
    gameUrl: `${host}/house/play/${encodeURIComponent(node.game_code)}?${params}`,
    expiresAt: session.expiresAt.toISOString(),
    freePlay,
  };
};
