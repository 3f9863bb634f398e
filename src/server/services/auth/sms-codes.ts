import { randomInt } from 'node:crypto';
import type { AppContext } from '../../app-context';
import { hashToken } from '../../auth/tokens';
import { serializeOn } from '../../db/advisory-locks';
import type { Db } from '../../db/create-db';
import { ApiError } from '../../http/api-error';
import { e164, type Phone } from './phone';
import type { SmsDriver } from '../../providers/delivery/sms';

/** What a code may be used for; a code of one purpose never works for another. */
export type SmsPurpose = 'register' | 'noLogin' | 'twoFactor';

/**
 * SMS-pumping and brute-force guards. A code lives SMS_CODE_MINUTES (5 by default, at most 10), is
 * single-use and dies after 5 wrong tries; each number and each IP waits between sends
 * (SMS_NUMBER_COOLDOWN_SECONDS, SMS_IP_COOLDOWN_SECONDS) and has a daily cap.
 */
export const SMS_RULES = {
  maxAttempts: 5,
  numberDailyCap: 10,
  ipDailyCap: 30,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

const codeHash = (phone: Phone, purpose: SmsPurpose, code: string) => hashToken(`${purpose}:${e164(phone)}:${code}`);

const tooSoon = (secondsLeft: number) =>
  new ApiError('TOO_MANY_REQUESTS', `Too many requests; try again in ${secondsLeft} seconds`, undefined, { 'retry-after': String(secondsLeft) });

const quotaExceeded = () =>
  new ApiError('SMS_QUOTA_EXCEEDED', 'The daily SMS limit is reached; please contact customer service');

/**
 * Refuses a send that breaks a cooldown or a daily cap; counts every code sent, whatever its purpose.
 * Runs in the transaction that records the new code, under locks on the number and the IP, so
 * parallel sends are judged one after another, as sequential ones are.
 */
const assertMaySend = async (ctx: Pick<AppContext, 'config'>, trx: Db, phone: Phone, ip: string, now: Date): Promise<void> => {
  await serializeOn(trx, [`sms-send:number:${e164(phone)}`, `sms-send:ip:${ip}`]);
  const since = new Date(now.getTime() - DAY_MS);
  const stats = (column: 'ip' | 'number') => {
    let q = trx.selectFrom('sms_codes').where('created_at', '>', since);
    q = column === 'ip' ? q.where('ip', '=', ip) : q.where('dialing_code', '=', phone.dialingCode).where('mobile_num', '=', phone.mobileNum);
    return q
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('created_at').as('last')])
      .executeTakeFirstOrThrow();
  };
  const byNumber = await stats('number');
  const byIp = await stats('ip');
  const waitFor = (last: Date | string | null, cooldown: number) =>
    last ? Math.ceil((new Date(last).getTime() + cooldown * 1000 - now.getTime()) / 1000) : 0;
  const wait = Math.max(waitFor(byNumber.last, ctx.config.SMS_NUMBER_COOLDOWN_SECONDS), waitFor(byIp.last, ctx.config.SMS_IP_COOLDOWN_SECONDS));
  if (wait > 0) throw tooSoon(wait);
  if (Number(byNumber.n) >= SMS_RULES.numberDailyCap || Number(byIp.n) >= SMS_RULES.ipDailyCap) throw quotaExceeded();
};

/** The text of every verification SMS (login, password reset, registration). */
export const verificationSmsText = (code: string, minutes: number) =>
  `Your verification code is ${code}. It expires in ${minutes} minutes. Never share it.`;

/** Sends a fresh code (earlier unused codes of the same number and purpose stop working). */
export const sendSmsCode = async (
  ctx: AppContext,
  sms: SmsDriver,
  request: { purpose: SmsPurpose; phone: Phone; ip: string; text: (code: string, minutes: number) => string },
): Promise<{ expiredMinutes: number }> => {
  const now = new Date();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const { phone, purpose } = request;
  const id = await ctx.db.transaction().execute(async (trx) => {
    await assertMaySend(ctx, trx, phone, request.ip, now);
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
        expires_at: new Date(now.getTime() + ctx.config.SMS_CODE_MINUTES * 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  try {
    await sms.send({ to: e164(phone), body: request.text(code, ctx.config.SMS_CODE_MINUTES) });
  } catch (error) {
    // The code never reached the phone: it must not verify, but it still counts against the caps.
    await ctx.db.updateTable('sms_codes').set({ consumed_at: new Date() }).where('id', '=', id).execute();
    throw error;
  }
  return { expiredMinutes: ctx.config.SMS_CODE_MINUTES };
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
    .where('purpose', '=', request.purpose)
    .where('mobile_num', '=', request.mobileNum)
    .where('consumed_at', 'is', null);
  if (request.dialingCode) query = query.where('dialing_code', '=', request.dialingCode);
  const newest = await query.orderBy('id', 'desc').limit(5).select('id').execute();
  // Each live code's try is counted before the code is compared, in one conditional UPDATE, so
  // parallel guesses take the SMS_RULES.maxAttempts tries one by one and no more are compared.
  const candidates =
    newest.length === 0
      ? []
      : await db
          .updateTable('sms_codes')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('id', 'in', newest.map((c) => c.id))
          .where('consumed_at', 'is', null)
          .where('attempts', '<', SMS_RULES.maxAttempts)
          .returningAll()
          .execute();
  if (candidates.length === 0) throw new ApiError('SMS_CODE_INVALID', 'Invalid or missing verification code');
  const code = request.code.trim();
  const match = candidates.find((c) => c.code_hash === codeHash({ dialingCode: c.dialing_code, mobileNum: c.mobile_num }, request.purpose, code));
  if (!match) {
    const spent = candidates.filter((c) => c.attempts >= SMS_RULES.maxAttempts).map((c) => c.id);
    if (spent.length > 0) await db.updateTable('sms_codes').set({ consumed_at: now }).where('id', 'in', spent).execute();
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
