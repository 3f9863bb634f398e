import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Provably-fair randomness. Before play the player sees SHA-256(serverSeed); every outcome is read
 * from HMAC-SHA256(key = serverSeed, message = "<clientSeed>:<nonce>:<block>"), 4 bytes per float
 * in [0, 1). Once the server seed is revealed, anyone can recompute each outcome and check that the
 * seed matches the hash published before the bets.
 */

export const newServerSeed = (): string => randomBytes(32).toString('hex');
export const newClientSeed = (): string => randomBytes(8).toString('hex');
export const hashServerSeed = (serverSeed: string): string => createHash('sha256').update(serverSeed).digest('hex');

const BYTES_PER_FLOAT = 4;
const FLOATS_PER_BLOCK = 32 / BYTES_PER_FLOAT;

/** `count` floats in [0, 1) for one message (a round's "<clientSeed>:<nonce>" or a draw's "<gameCode>:<issueNo>"). */
export const fairFloats = (serverSeed: string, message: string, count: number): number[] => {
  const floats: number[] = [];
  for (let block = 0; floats.length < count; block += 1) {
    const digest = createHmac('sha256', serverSeed).update(`${message}:${block}`).digest();
    for (let i = 0; i < FLOATS_PER_BLOCK && floats.length < count; i += 1) {
      // Big-endian bytes as base-256 fraction digits: b0/256 + b1/256^2 + ...; exact in a double.
      floats.push(digest.readUInt32BE(i * BYTES_PER_FLOAT) / 2 ** 32);
    }
  }
  return floats;
};

/** The message of a player's round. */
export const roundMessage = (clientSeed: string, nonce: number): string => `${clientSeed}:${nonce}`;

/** The floats of a player's round. */
export const roundFloats = (seeds: { serverSeed: string; clientSeed: string; nonce: number }, count: number): number[] =>
  fairFloats(seeds.serverSeed, roundMessage(seeds.clientSeed, seeds.nonce), count);
