import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { TotpSetup } from '@shared/contract/auth';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/create-db';
import { ApiError } from '../../http/api-error';

const TOTP_ISSUER = 'Gaming Platform';
/** One period either side, for a phone clock a little off. */
const EPOCH_TOLERANCE_SECONDS = 30;

/**
 * Checks an authenticator code of a member's secret. A code's time step is accepted once: the last
 * used step is stored and older or equal steps are refused (replay).
 */
export const verifyTotpCode = async (db: Db, memberId: number, code: string, { enrolledOnly }: { enrolledOnly: boolean }): Promise<boolean> => {
  const row = await db.selectFrom('member_totp').selectAll().where('member_id', '=', memberId).executeTakeFirst();
  if (!row || (enrolledOnly && !row.enabled_at)) return false;
  let result: Awaited<ReturnType<typeof verify>>;
  try {
    result = await verify({
      secret: row.secret,
      token: code.trim(),
      epochTolerance: EPOCH_TOLERANCE_SECONDS,
      ...(row.last_used_step !== null ? { afterTimeStep: row.last_used_step } : {}),
    });
  } catch {
    return false;
  }
  if (!result.valid || !('timeStep' in result)) return false;
  const stored = await db
    .updateTable('member_totp')
    .set({ last_used_step: result.timeStep })
    .where('member_id', '=', memberId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', result.timeStep)]))
    .returning('member_id')
    .executeTakeFirst();
  return Boolean(stored);
};

export const isTotpEnabled = async (db: Db, memberId: number): Promise<boolean> => {
  const row = await db.selectFrom('member_totp').select('enabled_at').where('member_id', '=', memberId).executeTakeFirst();
  return Boolean(row?.enabled_at);
};

/** A new secret, not yet in force: enrolment ends when a code from the app confirms it. */
export const startTotpEnrolment = async (ctx: AppContext, member: { id: number; account: string }): Promise<TotpSetup> => {
  if (await isTotpEnabled(ctx.db, member.id)) throw new ApiError('INVALID_STATE', 'An authenticator is already enrolled; remove it first');
  const secret = generateSecret();
  await ctx.db
    .insertInto('member_totp')
    .values({ member_id: member.id, secret, enabled_at: null, last_used_step: null, created_at: new Date() })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ secret, enabled_at: null, last_used_step: null, created_at: new Date() }))
    .execute();
  ctx.realtime.forgetCached('memberInfo', member.id);
  const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label: member.account, secret });
  return { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 2, width: 200 }) };
};

export const confirmTotpEnrolment = async (ctx: AppContext, memberId: number, code: string): Promise<void> => {
  const row = await ctx.db.selectFrom('member_totp').select('enabled_at').where('member_id', '=', memberId).executeTakeFirst();
  if (!row) throw new ApiError('INVALID_STATE', 'Start the authenticator enrolment first');
  if (row.enabled_at) throw new ApiError('INVALID_STATE', 'The authenticator is already enrolled');
  if (!(await verifyTotpCode(ctx.db, memberId, code, { enrolledOnly: false }))) throw new ApiError('TWO_FACTOR_INVALID', 'The code is not right; try the current one');
  await ctx.db.updateTable('member_totp').set({ enabled_at: new Date() }).where('member_id', '=', memberId).execute();
  ctx.realtime.forgetCached('memberInfo', memberId);
};

export const removeTotp = async (ctx: AppContext, memberId: number, code: string): Promise<void> => {
  if (!(await isTotpEnabled(ctx.db, memberId))) throw new ApiError('INVALID_STATE', 'No authenticator is enrolled');
  if (!(await verifyTotpCode(ctx.db, memberId, code, { enrolledOnly: true }))) throw new ApiError('TWO_FACTOR_INVALID', 'The code is not right; try the current one');
  await ctx.db.deleteFrom('member_totp').where('member_id', '=', memberId).execute();
  ctx.realtime.forgetCached('memberInfo', memberId);
};
