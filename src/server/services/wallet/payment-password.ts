import type { SetPaymentPasswordRequest } from '@shared/contract/wallet-payments';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/create-db';
import { ApiError } from '../../http/api-error';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { weighAttempt } from '../auth/throttle';

/** Six digits are few: after this many wrong tries in the window the password is locked for a while. */
const MAX_FAILURES = 5;
const FAILURE_WINDOW_SECONDS = 15 * 60;
const LOCK_SECONDS = 15 * 60;

const subject = (memberId: number) => `payment-password:${memberId}`;

export const paymentPasswordHash = async (db: Db, memberId: number): Promise<string | null> => {
  const row = await db.selectFrom('member_profiles').select('payment_password_hash').where('member_id', '=', memberId).executeTakeFirst();
  return row?.payment_password_hash ?? null;
};

const lockedOut = (seconds: number) =>
  new ApiError('PAYMENT_PASSWORD_LOCKED', 'Too many wrong withdrawal passwords', { retryAfterSeconds: seconds }, { 'retry-after': String(seconds) });

/**
 * Checks the withdrawal password outside any money transaction (so a failure is counted even
 * though the request then fails): PAYMENT_PASSWORD_NOT_SET, PAYMENT_PASSWORD_WRONG, or
 * PAYMENT_PASSWORD_LOCKED after repeated failures. Tries of one member are weighed one at a time,
 * so parallel tries count exactly like sequential ones (weighAttempt).
 */
export const verifyPaymentPassword = async (db: Db, memberId: number, password: string | undefined): Promise<void> => {
  const hash = await paymentPasswordHash(db, memberId);
  if (!hash) throw new ApiError('PAYMENT_PASSWORD_NOT_SET', 'Set a withdrawal password first');
  const weighed = await weighAttempt(
    db,
    subject(memberId),
    { maxFailures: MAX_FAILURES, windowSeconds: FAILURE_WINDOW_SECONDS, lockSeconds: LOCK_SECONDS, reason: 'payment password failures' },
    async () => (password ? verifyPassword(hash, password) : false),
  );
  if (weighed.outcome === 'LOCKED') throw lockedOut(weighed.seconds);
  if (weighed.outcome === 'WRONG') throw new ApiError('PAYMENT_PASSWORD_WRONG', 'The withdrawal password is incorrect');
};

/** Sets the first withdrawal password, or changes it when the old one is given (argon2id). */
export const setPaymentPassword = async (ctx: AppContext, memberId: number, body: SetPaymentPasswordRequest): Promise<void> => {
  if (body.newPaymentPassword !== body.confirmPaymentPassword) throw new ApiError('PASSWORD_MISMATCH', 'The confirmation does not match');
  if (await paymentPasswordHash(ctx.db, memberId)) await verifyPaymentPassword(ctx.db, memberId, body.oldPaymentPassword);
  const hash = await hashPassword(body.newPaymentPassword);
  await ctx.db
    .insertInto('member_profiles')
    .values({ member_id: memberId, payment_password_hash: hash, register_method: 'WEB', register_ip: '', details: '{}' })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ payment_password_hash: hash }))
    .execute();
  // Member info tells whether one is set.
  ctx.realtime.forgetCached('memberInfo', memberId);
};
