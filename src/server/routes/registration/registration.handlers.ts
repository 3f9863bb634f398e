import type { AppContext } from '../../app-context';
import { ApiError } from '../../http/api-error';
import type { AreaHandlers } from '../../http/register-contract';
import { requestMeta } from '../../http/request-meta';
import { driversOf } from '../../providers/delivery/drivers';
import { consumeBotCheck } from '../../services/auth/bot-check';
import { parsePhone } from '../../services/auth/phone';
import { sendSmsCode, verificationSmsText } from '../../services/auth/sms-codes';
import { isMobileTaken } from '../../services/member/members';
import { affiliateOwner, registerMember } from '../../services/registration/registration';
import { flagsOf, readWhitelabelTree } from '../../services/system/whitelabel';

export const registrationHandlers = (ctx: AppContext): AreaHandlers<'smsRegister' | 'affiliate' | 'register' | 'registerMobile'> => ({
  smsRegister: async ({ body, request }) => {
    const flags = flagsOf(await readWhitelabelTree(ctx.db));
    if (!flags.REGMOBVERF3) throw new ApiError('FEATURE_DISABLED', 'SMS verification is not enabled; contact customer service');
    const phone = await parsePhone(ctx, body.countryDialingCode, body.mobileNo);
    await consumeBotCheck(ctx, body.botCheck);
    if (await isMobileTaken(ctx.db, phone)) throw new ApiError('MOBILE_TAKEN', 'This mobile number is already registered');
    return sendSmsCode(ctx, driversOf(ctx).sms, { purpose: 'register', phone, ip: requestMeta(ctx, request).ip, text: verificationSmsText });
  },
  affiliate: async ({ query }) => {
    if (query.code === '') throw new ApiError('INVITATION_CODE_ERROR', 'Invitation code error');
    await affiliateOwner(ctx, query.code, query.domain);
    return { code: query.code, valid: true as const };
  },
  register: async ({ body, request }) => {
    const { account, session } = await registerMember(ctx, 'username', body, requestMeta(ctx, request));
    return { account, session };
  },
  registerMobile: async ({ body, request }) => {
    const { account, session } = await registerMember(ctx, 'mobile', body, requestMeta(ctx, request));
    return { account, session };
  },
});
