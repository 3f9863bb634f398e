import { verify } from 'otplib';
import type { z } from 'zod';
import type { OperatorLoginRequest } from '@shared/contract/operator';
import type { AppContext } from '../../app-context';
import { ApiError } from '../../http/api-error';
import { writeAudit } from '../audit';
import { upgradeOutdatedHash, verifyDecoy, verifyPassword } from '../auth/passwords';
import { clearBucket, countAttempt, failuresOf, lock, lockSecondsLeft } from '../auth/throttle';

/**
 * Failed operator sign-ins lock the operator name, whichever addresses they come from: a wrong
 * password and a wrong authenticator code count alike. The lock outlasts the failure window, so
 * the failures that set it have left the window when it ends; another operator can lift it sooner
 * (console, Access locks: the subject `operator:<username>`).
 */
export const OPERATOR_LOGIN_RULES = {
  failureWindowSeconds: 15 * 60,
  lockAfterFailures: 5,
  lockSeconds: 30 * 60,
} as const;

/** One authenticator period either side, for a phone clock a little off. */
const CODE_TOLERANCE_SECONDS = 30;

/** The access-lock subject of an operator name (listed and lifted in the console's Access locks). */
export const operatorSubject = (username: string) => `operator:${username.toLowerCase()}`;

const locked = (seconds: number) =>
  new ApiError('ACCOUNT_LOCKED', `Too many failed operator sign-ins; try again in ${Math.ceil(seconds / 60)} minutes or ask another operator to unlock`, undefined, {
    'retry-after': String(seconds),
  });

/** The time step of a right code newer than the last one accepted; null for a wrong, or a used, code. */
const acceptableStep = async (secret: string | null, code: string, lastStep: number | null): Promise<number | null> => {
  if (!secret) return null;
  try {
    const result = await verify({ secret, token: code, epochTolerance: CODE_TOLERANCE_SECONDS, ...(lastStep === null ? {} : { afterTimeStep: lastStep }) });
    // The functional verify types its result for HOTP and TOTP alike; a TOTP match carries its timeStep.
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
};

/**
 * Takes a code's time step as the operator's last, only if it is newer than the stored one: one
 * conditional UPDATE, so of parallel sign-ins with one code exactly one takes it.
 */
const takeStep = async (ctx: AppContext, operatorId: number, step: number): Promise<boolean> => {
  const taken = await ctx.db
    .updateTable('operators')
    .set({ totp_last_step: step })
    .where('id', '=', operatorId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return taken.numUpdatedRows > 0n;
};

export interface SignedInOperator {
  id: number;
  username: string;
  role: string;
}

/**
 * Weighs an operator's password and authenticator code. Each try is counted before it is weighed,
 * as one atomic step (throttle.ts), so N parallel tries are numbered 1..N like sequential ones: the
 * first `lockAfterFailures` are weighed, the one that reaches the limit sets the lock, the rest are
 * refused unweighed, and a right password afterwards finds the lock. An authenticator code signs in
 * once: a code already used (or older than the last used) is a wrong code, also under parallel tries.
 */
export const verifyOperatorLogin = async (
  ctx: AppContext,
  request: z.output<typeof OperatorLoginRequest>,
  ip: string,
): Promise<SignedInOperator> => {
  const subject = operatorSubject(request.username);
  const left = await lockSecondsLeft(ctx.db, subject);
  if (left > 0) throw locked(left);
  const attempt = await countAttempt(ctx.db, [failuresOf(subject)], OPERATOR_LOGIN_RULES.failureWindowSeconds);
  const failures = attempt.counts[0] ?? 0;
  if (failures > OPERATOR_LOGIN_RULES.lockAfterFailures) {
    await attempt.release();
    throw locked(OPERATOR_LOGIN_RULES.lockSeconds);
  }
  const row = await ctx.db
    .selectFrom('operators')
    .select(['id', 'username', 'role', 'password_hash', 'totp_secret', 'totp_last_step'])
    .where('username', '=', request.username)
    .executeTakeFirst();
  // An unknown name is weighed against a decoy hash, so a miss costs as long as a wrong password.
  const passwordOk = row ? await verifyPassword(row.password_hash, request.password) : await verifyDecoy(request.password);
  const step = passwordOk && row ? await acceptableStep(row.totp_secret, request.code, row.totp_last_step) : null;
  const ok = row !== undefined && step !== null && (await takeStep(ctx, row.id, step));
  if (!ok) {
    if (failures >= OPERATOR_LOGIN_RULES.lockAfterFailures) {
      await ctx.db.transaction().execute(async (trx) => {
        await lock(trx, subject, OPERATOR_LOGIN_RULES.lockSeconds, 'failed operator sign-ins');
        await writeAudit(trx, { actorKind: 'system', actorId: '', action: 'operator.locked', detail: { subject, failures }, ip });
      });
      throw locked(OPERATOR_LOGIN_RULES.lockSeconds);
    }
    // One answer for a wrong name, password or code: the reply does not tell which factor was right.
    throw new ApiError('INVALID_CREDENTIALS', 'Wrong operator username, password or authenticator code');
  }
  await attempt.release();
  await clearBucket(ctx.db, failuresOf(subject));
  await upgradeOutdatedHash(ctx.db, { table: 'operators', id: row.id, storedHash: row.password_hash }, request.password);
  return { id: row.id, username: row.username, role: row.role };
};
