import type { FairnessState } from '@shared/contract/games-house';
import type { Db } from '../../db/create-db';
import { hashServerSeed, newClientSeed, newServerSeed } from './fairness';

/**
 * The provably-fair seed pairs: one live pair per member and mode (real money, free play). A
 * round takes the pair's next nonce under a row lock; rotating reveals the server seed and
 * starts a new pair whose hash is published before any of its rounds.
 */

export interface SeedForRound {
  seedId: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

const liveSeedRow = (db: Db, memberId: number, freePlay: boolean) =>
  db
    .selectFrom('fairness_seeds')
    .select(['id', 'server_seed', 'server_seed_hash', 'client_seed', 'nonce'])
    .where('member_id', '=', memberId)
    .where('free_play', '=', freePlay)
    .where('revealed_at', 'is', null);

const createPair = async (db: Db, memberId: number, freePlay: boolean, clientSeed = newClientSeed()): Promise<void> => {
  const serverSeed = newServerSeed();
  await db
    .insertInto('fairness_seeds')
    .values({ member_id: memberId, free_play: freePlay, server_seed: serverSeed, server_seed_hash: hashServerSeed(serverSeed), client_seed: clientSeed })
    .onConflict((oc) => oc.columns(['member_id', 'free_play']).where('revealed_at', 'is', null).doNothing())
    .execute();
};

/** The live pair's public state (made on first use). */
export const fairnessState = async (db: Db, memberId: number, freePlay: boolean): Promise<FairnessState> => {
  let row = await liveSeedRow(db, memberId, freePlay).executeTakeFirst();
  if (!row) {
    await createPair(db, memberId, freePlay);
    row = await liveSeedRow(db, memberId, freePlay).executeTakeFirstOrThrow();
  }
  return { serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nonce: row.nonce };
};

/** Takes the next nonce of the live pair, inside the round's transaction. */
export const takeNonce = async (trx: Db, memberId: number, freePlay: boolean): Promise<SeedForRound> => {
  let row = await liveSeedRow(trx, memberId, freePlay).forUpdate().executeTakeFirst();
  if (!row) {
    await createPair(trx, memberId, freePlay);
    row = await liveSeedRow(trx, memberId, freePlay).forUpdate().executeTakeFirstOrThrow();
  }
  await trx.updateTable('fairness_seeds').set({ nonce: row.nonce + 1 }).where('id', '=', row.id).execute();
  return { seedId: row.id, serverSeed: row.server_seed, serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nonce: row.nonce };
};

/** Reveals the live server seed and starts a new pair (with the player's client seed, if given). */
export const rotateSeed = async (
  db: Db,
  memberId: number,
  freePlay: boolean,
  clientSeed?: string,
): Promise<{ revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string; rounds: number }; current: FairnessState }> =>
  db.transaction().execute(async (trx) => {
    await fairnessState(trx, memberId, freePlay);
    const row = await liveSeedRow(trx, memberId, freePlay).forUpdate().executeTakeFirstOrThrow();
    await trx.updateTable('fairness_seeds').set({ revealed_at: new Date() }).where('id', '=', row.id).execute();
    await createPair(trx, memberId, freePlay, clientSeed);
    return {
      revealed: { serverSeed: row.server_seed, serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, rounds: row.nonce },
      current: await fairnessState(trx, memberId, freePlay),
    };
  });
