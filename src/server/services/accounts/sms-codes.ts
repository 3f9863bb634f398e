import { randomInt } from 'node:crypto';
import type { AppContext } from '../../app-context';
import { hashToken } from '../../auth/tokens';
import type { Db } from '../../db/create-db';
import { ApiError } from '../../http/api-error';
import { e164, type Phone } from './phone';
import type { SmsDriver } from './providers/sms';

/** What a code may be used for; a code of one purpose never works for another. */
export type SmsPurpose = 'register' | 'noLogin' | 'twoFactor';

/**
 * SMS-pumping and brute-force guards. A code lives 5 minutes (the spec allows at most 10), is
 * single-use and dies after 5 wrong tries; each number and each IP waits between sends and has a daily cap.
 */
export const SMS_RULES = {
  ttlMinutes: 5,
  maxAttempts: 5,
  numberCooldownSeconds: 60,
  ipCooldownSeconds: 10,
  numberDailyCap: 10,
  ipDailyCap: 30,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

const codeHash = (phone: Phone, purpose: SmsPurpose, code: string) => hashToken(`${purpose}:${e164(phone)}:${code}`);

const tooSoon = (secondsLeft: number) =>
  new ApiError('TOO_MANY_REQUESTS', `Too many requests; try again in ${secondsLeft} seconds`, undefined, { 'retry-after': String(secondsLeft) });

const quotaExceeded = () =>
  new ApiError('SMS_QUOTA_EXCEEDED', 'The daily SMS limit is reached; please contact customer service');

/** Refuses a send that breaks a cooldown or a daily cap; counts every code sent, whatever its purpose. */
const assertMaySend = async (ctx: AppContext, phone: Phone, ip: string, now: Date): Promise<void> => {
  const since = new Date(now.getTime() - DAY_MS);
  const stats = (column: 'ip' | 'number') => {
    let q = ctx.db.selectFrom('sms_codes').where('created_at', '>', since);
    q = column === 'ip' ? q.where('ip', '=', ip) : q.where('dialing_code', '=', phone.dialingCode).where('mobile_num', '=', phone.mobileNum);
    return q
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('created_at').as('last')])
      .executeTakeFirstOrThrow();
  };
  const [byNumber, byIp] = await Promise.all([stats('number'), stats('ip')]);
  const waitFor = (last: Date | string | null, cooldown: number) =>
    last ? Math.ceil((new Date(last).getTime() + cooldown * 1000 - now.getTime()) / 1000) : 0;
  const wait = Math.max(waitFor(byNumber.last, SMS_RULES.numberCooldownSeconds), waitFor(byIp.last, SMS_RULES.ipCooldownSeconds));
  if (wait > 0) throw tooSoon(wait);
  if (Number(byNumber.n) >= SMS_RULES.numberDailyCap || Number(byIp.n) >= SMS_RULES.ipDailyCap) throw quotaExceeded();
};

/** Sends a fresh code (earlier unused codes of the same number and purpose stop working). */
export const sendSmsCode = async (
  ctx: AppContext,
  sms: SmsDriver,
  request: { purpose: SmsPurpose; phone: Phone; ip: string; text: (code: string, minutes: number) => string },
): Promise<{ expiredMinutes: number }> => {
  const now = new Date();
  await assertMaySend(ctx, request.phone, request.ip, now);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const { phone, purpose } = request;
  const id = await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sms_codes')
      .set({ consumed_at: now })
      .where('dialing_code', '=', phone.dialingCode)
      .where('mobile_num', '=', phone.mobileNum)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .execute();
    const row = await trx
      .insertInto('sms_codes')
      .values({
        purpose,
        dialing_code: phone.dialingCode,
        mobile_num: phone.mobileNum,
        code_hash: codeHash(phone, purpose, code),
        ip: request.ip,
        created_at: now,
        expires_at: new Date(now.getTime() + SMS_RULES.ttlMinutes * 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  try {
    await sms.send({ to: e164(phone), body: request.text(code, SMS_RULES.ttlMinutes) });
  } catch (error) {
    // The code never reached the phone: it must not verify, but it still counts against the caps.
    await ctx.db.updateTable('sms_codes').set({ consumed_at: new Date() }).where('id', '=', id).execute();
    throw error;
  }
  return { expiredMinutes: SMS_RULES.ttlMinutes };
};

export interface CheckedSmsCode {
  id: number;
  phone: Phone;
}

/**
 * Checks a code against the newest live codes of a number, counting wrong tries at once (a code dies
 * after SMS_RULES.maxAttempts). `dialingCode` may be left out when only the national number is known:
 * the code then names the number. Call `useSmsCode` in the transaction of the change it authorises.
 */
export const checkSmsCode = async (
  db: Db,
  request: { purpose: SmsPurpose; mobileNum: string; dialingCode?: string | undefined; code: string },
): Promise<CheckedSmsCode> => {
  const now = new Date();
  if (request.code.trim() === '') throw new ApiError('SMS_CODE_INVALID', 'Invalid or missing verification code');
  let query = db
    .selectFrom('sms_codes')
    .selectAll()
    .where('purpose', '=', request.purpose)
    .where('mobile_num', '=', request.mobileNum)
    .where('consumed_at', 'is', null);
  if (request.dialingCode) query = query.where('dialing_code', '=', request.dialingCode);
  const candidates = await query.orderBy('id', 'desc').limit(5).execute();
  if (candidates.length === 0) throw new ApiError('SMS_CODE_INVALID', 'Invalid or missing verification code');
  const code = request.code.trim();
  const match = candidates.find((c) => c.code_hash === codeHash({ dialingCode: c.dialing_code, mobileNum: c.mobile_num }, request.purpose, code));
  if (!match) {
    const ids = candidates.map((c) => c.id);
    await db.updateTable('sms_codes').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', 'in', ids).execute();
    await db.updateTable('sms_codes').set({ consumed_at: now }).where('id', 'in', ids).where('attempts', '>=', SMS_RULES.maxAttempts).execute();
    if (candidates.every((c) => new Date(c.expires_at) <= now)) throw new ApiError('SMS_CODE_EXPIRED', 'The code has expired; send it again');
    throw new ApiError('SMS_CODE_INVALID', 'Invalid or missing verification code');
  }
  if (new Date(match.expires_at) <= now) throw new ApiError('SMS_CODE_EXPIRED', 'The code has expired; send it again');
  return { id: match.id, phone: { dialingCode: match.dialing_code, mobileNum: match.mobile_num } };
};

/** Uses up a checked code; a second use (a race) fails, so each code authorises one change. */
export const useSmsCode = async (trx: Db, checked: CheckedSmsCode): Promise<void> => {
  const used = await trx
    .updateTable('sms_codes')
    .set({ consumed_at: new Date() })
    .where('id', '=', checked.id)
    .where('consumed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!used) throw new ApiError('SMS_CODE_INVALID', 'Invalid or missing verification code');
};
