import { generate } from 'otplib';
import { DEV_OPERATOR_TOTP_SECRET } from '@server/config';
import type { Db } from '@server/db/create-db';
import { SEED_OPERATOR } from '@server/seed/seed';

/**
 * The seeded operator's authenticator code (test servers keep the dev-only secret unless told
 * otherwise), of now or `periodsAhead` 30 s periods later (the server takes one period either side).
 */
export const operatorCode = (secret: string = DEV_OPERATOR_TOTP_SECRET, periodsAhead = 0): Promise<string> =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + periodsAhead * 30 });

/**
 * Resolves with at least `seconds` left in the current 30 s period: a test that compares codes of
 * neighbouring periods must not see the period roll over in the middle.
 */
export const waitForCodePeriod = async (seconds = 10): Promise<void> => {
  const left = 30 - (Math.floor(Date.now() / 1000) % 30);
  if (left < seconds) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 100));
};

/**
 * Forgets which code the operator last signed in with. The server takes each code once, and a code
 * lasts 30 s: a test that signs one operator in several times in a row clears it before each sign-in.
 */
export const forgetOperatorCode = async (db: Db, username: string = SEED_OPERATOR): Promise<void> => {
  await db.updateTable('operators').set({ totp_last_step: null }).where('username', '=', username).execute();
};
