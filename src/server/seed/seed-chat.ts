import type { InsertObject } from 'kysely';
import type { AppContext } from '../app-context';
import type { Database } from '../db/database';
import { applyOnce } from './seed';

/** The demo live models, one or two per seeded chat room (seed/data/chat-rooms.ts); avatars are the rooms' icons. */
export const DEMO_LIVE_MODELS: InsertObject<Database, 'live_models'>[] = [
  { model_id: 'demo-luna', nickname: 'Luna', avatar_url: '/static/rooms/lobby.svg', room_id: 'lobby', online: true, sort: 0 },
  { model_id: 'demo-mai', nickname: 'Mai', avatar_url: '/static/rooms/lottery.svg', room_id: 'lottery', online: true, sort: 1 },
  { model_id: 'demo-kai', nickname: 'Kai', avatar_url: '/static/rooms/sports.svg', room_id: 'sports', online: false, sort: 2 },
  { model_id: 'demo-rose', nickname: 'Rose', avatar_url: '/static/rooms/casino.svg', room_id: 'casino', online: false, sort: 3 },
];

/**
 * DEMO LIVE MODELS (SEED_DEMO only): written once in the life of the database, so operator edits
 * (the online toggle) survive restarts. Production sites add their own models in the console.
 */
export const seedDemoChat = async (ctx: AppContext): Promise<void> => {
  await applyOnce(ctx.db, 'chat-models-v1', async (trx) => {
    await trx.insertInto('live_models').values(DEMO_LIVE_MODELS).execute();
  });
};
