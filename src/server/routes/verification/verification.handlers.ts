import type { AppContext } from '../../app-context';
import { ApiError } from '../../http/api-error';
import type { AreaHandlers } from '../../http/register-contract';
import { consumeBotCheck, createBotChallenge } from '../../services/accounts/bot-check';
import { issueCaptcha } from '../../services/accounts/captcha';
import { driversOf } from '../../services/accounts/drivers';
import { findMemberByPhone, isMobileTaken } from '../../services/accounts/members';
import { parsePhone } from '../../services/accounts/phone';
import { affiliateOwner } from '../../services/accounts/registration';
import { requestMeta } from '../../services/accounts/request-meta';
import { sendSmsCode } from '../../services/accounts/sms-codes';
import { liftLock } from '../../services/accounts/throttle';
import { operatorActor, writeAudit } from '../../services/audit';
import { flagsOf, readWhitelabelTree } from '../../services/whitelabel';

const smsText = (code: string, minutes: number) => `Your verification code is ${code}. It expires in ${minutes} minutes. Never share it.`;

export const verificationHandlers = (
  ctx: AppContext,
): AreaHandlers<'smsNoLogin' | 'smsRegister' | 'captcha' | 'botChallenge' | 'affiliate' | 'opsOutbox' | 'opsAccessLocks' | 'opsAccessUnlock'> => ({
  smsNoLogin: async ({ body, request }) => {
    const flags = flagsOf(await readWhitelabelTree(ctx.db));
    if (!flags.SMSLOGIN3 && !flags.CHNGPASSVERIF3) throw new ApiError('FEATURE_DISABLED', 'SMS codes are not enabled; contact customer service');
    const phone = await parsePhone(ctx, body.countryDialingCode, body.mobileNum);
    await consumeBotCheck(ctx, body.botCheck);
    // Codes go only to registered numbers, so the call cannot be used to pump SMS to any number.
    if (!(await findMemberByPhone(ctx.db, phone))) throw new ApiError('USER_NOT_FOUND', 'No account uses this mobile number');
    return sendSmsCode(ctx, driversOf(ctx).sms, { purpose: 'noLogin', phone, ip: requestMeta(ctx, request).ip, text: smsText });
  },
  smsRegister: async ({ body, request }) => {
    const flags = flagsOf(await readWhitelabelTree(ctx.db));
    if (!flags.REGMOBVERF3) throw new ApiError('FEATURE_DISABLED', 'SMS verification is not enabled; contact customer service');
    const phone = await parsePhone(ctx, body.countryDialingCode, body.mobileNo);
    await consumeBotCheck(ctx, body.botCheck);
    if (await isMobileTaken(ctx.db, phone)) throw new ApiError('MOBILE_TAKEN', 'This mobile number is already registered');
    return sendSmsCode(ctx, driversOf(ctx).sms, { purpose: 'register', phone, ip: requestMeta(ctx, request).ip, text: smsText });
  },
  captcha: async ({ request }) => {
    const { captchaId, image, expiresInSeconds } = await issueCaptcha(ctx, requestMeta(ctx, request).ip);
    return { captchaId, image, expiresInSeconds };
  },
  botChallenge: async () => {
    const challenge = await createBotChallenge(ctx.config);
    return { parameters: { ...challenge.parameters }, signature: challenge.signature ?? '' };
  },
  affiliate: async ({ query }) => {
    if (query.code === '') throw new ApiError('INVITATION_CODE_ERROR', 'Invitation code error');
    await affiliateOwner(ctx, query.code, query.domain);
    return { code: query.code, valid: true as const };
  },
  opsOutbox: async ({ query, operator, request }) => {
    let q = ctx.db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(query.limit);
    if (query.channel) q = q.where('channel', '=', query.channel);
    if (query.recipient) q = q.where('recipient', '=', query.recipient);
    const rows = await q.execute();
    // The outbox holds live SMS codes and reset links: who read it is audited like any other operator action.
    await writeAudit(ctx.db, {
      ...operatorActor(operator!, requestMeta(ctx, request).ip),
      action: 'outbox.read',
      detail: { channel: query.channel ?? null, recipient: query.recipient ?? null, count: rows.length },
    });
    return rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      recipient: r.recipient,
      subject: r.subject,
      body: r.body,
      createdAt: new Date(r.created_at).toISOString(),
    }));
  },
  opsAccessLocks: async () => {
    const rows = await ctx.db.selectFrom('access_locks').selectAll().where('locked_until', '>', new Date()).orderBy('created_at', 'desc').execute();
    return rows.map((r) => ({ subject: r.subject, lockedUntil: new Date(r.locked_until).toISOString(), reason: r.reason }));
  },
  opsAccessUnlock: async ({ query, operator, request }) => {
    await ctx.db.transaction().execute(async (trx) => {
      await liftLock(trx, query.subject);
      await writeAudit(trx, {
        actorKind: 'operator',
        actorId: String(operator?.id ?? ''),
        action: 'access.unlock',
        detail: { subject: query.subject },
        ip: requestMeta(ctx, request).ip,
      });
    });
    return null;
  },
});
