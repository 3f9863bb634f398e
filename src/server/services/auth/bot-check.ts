import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type DeriveKeyFunction } from 'altcha-lib';
import { deriveKey as pbkdf2DeriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { deriveKey as shaDeriveKey } from 'altcha-lib/algorithms/sha';
import { z } from 'zod';
import { BotChallenge } from '@shared/contract/auth';
import type { AppContext } from '../../app-context';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/create-db';
import { preparedQuery } from '../../db/prepared';
import { ApiError } from '../../http/api-error';

/** How long a bot-check challenge may be solved and used. */
export const BOT_CHECK_TTL_SECONDS = 10 * 60;

const deriveKeyOf = (config: AppConfig): DeriveKeyFunction =>
  config.BOT_CHECK_ALGORITHM === 'SHA-256' ? shaDeriveKey : pbkdf2DeriveKey;

/**
 * The key-signature secret is derived from the one configured key, so there is a single secret to set. Derived once
 * per key, not at every challenge and every verification.
 */
let keySignature: { key: string; secret: string } | null = null;
const keySignatureSecret = (config: AppConfig): string => {
  if (keySignature?.key !== config.BOT_CHECK_HMAC_KEY) {
    keySignature = { key: config.BOT_CHECK_HMAC_KEY, secret: createHmac('sha256', config.BOT_CHECK_HMAC_KEY).update('altcha-key-signature').digest('hex') };
  }
  return keySignature.secret;
};

export const createBotChallenge = (config: AppConfig): Promise<Challenge> =>
  createChallenge({
    algorithm: config.BOT_CHECK_ALGORITHM,
    cost: config.BOT_CHECK_COST,
    counter: randomInt(config.BOT_CHECK_MAX_COUNTER, Math.ceil(config.BOT_CHECK_MAX_COUNTER / 2)),
    deriveKey: deriveKeyOf(config),
    hmacSignatureSecret: config.BOT_CHECK_HMAC_KEY,
    hmacKeySignatureSecret: keySignatureSecret(config),
    expiresAt: new Date(Date.now() + BOT_CHECK_TTL_SECONDS * 1000),
  });

/** The widget's payload: base64 JSON of the challenge it solved and its solution (altcha v2). */
const BotCheckPayload = z.object({
  // The challenge as the server handed it out (the contract's BotChallenge), signed.
  challenge: BotChallenge.extend({ signature: z.string().min(1) }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string(), time: z.number().optional() }),
});

const decodePayload = (botCheck: string) => {
  try {
    return BotCheckPayload.safeParse(JSON.parse(Buffer.from(botCheck, 'base64').toString('utf8')));
  } catch {
    return null;
  }
};

/**
 * Records a use of a challenge (its signature) until it expires; nothing when it was used before. Forgetting the uses
 * that have expired rides along in the same statement. Built and compiled once (every sign-in runs it).
 */
const recordBotCheckUse = preparedQuery((db: Db, signature: string, now: Date, expiresAt: Date) =>
  db
    .with('expired', (q) => q.deleteFrom('bot_check_uses').where('expires_at', '<', now))
    .insertInto('bot_check_uses')
    .values({ signature, expires_at: expiresAt })
    .onConflict((oc) => oc.column('signature').doNothing())
    .returning('signature'),
);

/**
 * Accepts a solved bot-check once: the solution must verify against our signature, be unexpired,
 * and not have been used before (its challenge signature is kept until the challenge expires).
 */
export const consumeBotCheck = async (ctx: AppContext, botCheck: string): Promise<void> => {
  if (botCheck.trim() === '') throw new ApiError('BOT_CHECK_REQUIRED', 'Complete the verification first');
  const parsed = decodePayload(botCheck);
  if (!parsed?.success) throw new ApiError('BOT_CHECK_FAILED', 'The verification payload is malformed');
  const { challenge, solution } = parsed.data;
  let result: Awaited<ReturnType<typeof verifySolution>>;
  try {
    result = await verifySolution({
      challenge: challenge as Challenge,
      solution,
      deriveKey: deriveKeyOf(ctx.config),
      hmacSignatureSecret: ctx.config.BOT_CHECK_HMAC_KEY,
      hmacKeySignatureSecret: keySignatureSecret(ctx.config),
    });
  } catch {
    throw new ApiError('BOT_CHECK_FAILED', 'The verification does not check out');
  }
  if (result.expired) throw new ApiError('BOT_CHECK_FAILED', 'The verification has expired; verify again');
  if (!result.verified) throw new ApiError('BOT_CHECK_FAILED', 'The verification does not check out');
  const now = new Date();
  const [used] = await recordBotCheckUse(ctx.db, challenge.signature, now, new Date(now.getTime() + BOT_CHECK_TTL_SECONDS * 1000));
  if (!used) throw new ApiError('BOT_CHECK_FAILED', 'This verification was already used; verify again');
};
