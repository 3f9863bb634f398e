import type { z } from 'zod';
import type { RegisterRequest, RegisterResult } from '@shared/contract/registration';
import { PROFILE_FIELDS, type ProfileField } from '@shared/validation/fields';
import { isProfileFieldShown, registrationHasPassword, validateBirthdayCheck, validateRegistration, type RegistrationType } from '@shared/validation/forms';
import type { AppContext } from '../../app-context';
import { ApiError } from '../../http/api-error';
import { readFieldRules } from '../../routes/system/system.handlers';
import { flagsOf, readWhitelabelTree } from '../system/whitelabel';
import { readSettings } from '../system/site-settings';
import { consumeBotCheck } from '../auth/bot-check';
import { consumeCaptcha } from '../auth/captcha';
import { findMemberByAccount, findMemberById, insertMember, isMobileTaken, normalizeAccount, PLAYER_TYPE } from '../member/members';
import { hashPassword, unusablePasswordHash } from '../auth/passwords';
import { parsePhone, type Phone } from '../auth/phone';
import type { RequestMeta } from '../auth/login';
import { startSession } from '../auth/sessions';
import { checkSmsCode, useSmsCode, type CheckedSmsCode } from '../auth/sms-codes';

type RegisterInput = z.output<typeof RegisterRequest>;
/** The register center's payload has no login flag and no affiliate code: the agent is the upline. */
type RegistrationInput = Omit<RegisterInput, 'login' | 'affiliateCode'> & Partial<Pick<RegisterInput, 'login' | 'affiliateCode'>>;

/**
 * Where an account registered by an agent goes (its register center): straight into the agent's
 * downline with the given account type. No session starts, the affiliate code is not asked for,
 * and the agent's IP does not enter the new member's IP registry.
 */
export interface Placement {
  uplineId: number;
  memberType: number;
}

export interface Registered extends RegisterResult {
  memberId: number;
}

/** The affiliate (invitation) code's owner, or INVITATION_CODE_ERROR (AUTH-26). */
export const affiliateOwner = async (ctx: AppContext, code: string, domain?: string): Promise<number> => {
  const row = await ctx.db
    .selectFrom('affiliate_codes')
    .innerJoin('members', 'members.id', 'affiliate_codes.member_id')
    .select(['affiliate_codes.member_id', 'affiliate_codes.domain', 'members.status'])
    .where('affiliate_codes.code', '=', code.trim())
    .where('affiliate_codes.active', '=', true)
    .executeTakeFirst();
  const domainMatches = !row?.domain || !domain || row.domain.toLowerCase() === domain.trim().toLowerCase();
  if (!row || row.status !== 'active' || !domainMatches) throw new ApiError('INVITATION_CODE_ERROR', 'Invitation code error');
  return row.member_id;
};

const isUniqueViolation = (error: unknown): boolean =>
  Boolean(error && typeof error === 'object' && 'code' in error && (error as { code: unknown }).code === '23505');

const present = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : null);

/**
 * Registration by username or by mobile number (API-08, API-09). Everything is checked before the
 * one transaction that creates the member, its profile, its IP and (with login) its session.
 */
export const registerMember = async (
  ctx: AppContext,
  type: RegistrationType,
  input: RegistrationInput,
  meta: RequestMeta,
  placement?: Placement,
): Promise<Registered> => {
  const flags = flagsOf(await readWhitelabelTree(ctx.db));
  if (!flags[type === 'username' ? 'USERNAMEREG3' : 'MOBILENUMREG3']) {
    throw new ApiError('FEATURE_DISABLED', 'This way of registering is not enabled; contact customer service');
  }
  if (!input.termsAccepted) throw new ApiError('TERMS_NOT_ACCEPTED', 'Please agree to the terms first');
  await consumeBotCheck(ctx, input.botCheck);

  const siteRules = await readFieldRules(ctx);
  const fieldRules = placement ? { ...siteRules, affiliateCode: { enabled: false, required: false } } : siteRules;
  if (fieldRules.captcha?.enabled) await consumeCaptcha(ctx, input.captchaId, input.captcha);
  const smsVerification = flags.REGMOBVERF3 === true;
  const withPassword = registrationHasPassword({ type, mobilePassword: flags.MOBILENUMPASSREG3 === true });
  const { birthdayCheckAge } = await readSettings(ctx.db);
  const errors = [
    ...validateRegistration(input, { type, fieldRules, smsVerification, mobilePassword: flags.MOBILENUMPASSREG3 === true }),
    ...validateBirthdayCheck(input.ageConfirmed, { fieldRules, age: birthdayCheckAge }),
  ];
  if (errors.length > 0) {
    throw new ApiError('VALIDATION', `Please check: ${errors.map((e) => e.field).join(', ')}`, errors);
  }

  const phone: Phone | null = present(input.mobileNum) ? await parsePhone(ctx, input.countryDialingCode, input.mobileNum) : null;
  const account = type === 'mobile' ? (phone?.mobileNum ?? '') : normalizeAccount(input.username);
  const shown = (field: ProfileField) => isProfileFieldShown(field, fieldRules);
  const affiliateCode = shown('affiliateCode') ? present(input.affiliateCode) : null;
  const uplineId = placement ? placement.uplineId : affiliateCode ? await affiliateOwner(ctx, affiliateCode, input.domain) : null;
  if (await findMemberByAccount(ctx.db, account)) throw new ApiError('USERNAME_TAKEN', 'This username is already registered');
  if (phone && (await isMobileTaken(ctx.db, phone))) throw new ApiError('MOBILE_TAKEN', 'This mobile number is already registered');
  let smsCheck: CheckedSmsCode | null = null;
  if (smsVerification && phone) smsCheck = await checkSmsCode(ctx.db, { purpose: 'register', ...phone, code: input.verificationCode });

  const passwordHash = withPassword ? await hashPassword(input.password) : await unusablePasswordHash();
  const paymentPassword = shown('paymentPassword') ? present(input.paymentPassword) : null;
  const details = Object.fromEntries(
    PROFILE_FIELDS.filter((f) => !['email', 'payeeName', 'bankAccountName', 'paymentPassword', 'affiliateCode'].includes(f) && shown(f))
      .map((f) => [f, present(input[f])])
      .filter((entry): entry is [ProfileField, string] => entry[1] !== null),
  );
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      if (smsCheck) await useSmsCode(trx, smsCheck);
      const memberId = await insertMember(trx, {
        account,
        nickname: present(details.nickname) ?? account,
        type: placement?.memberType ?? PLAYER_TYPE,
        passwordHash,
        ip: meta.ip,
        trustIp: !placement,
        registerMethod: input.registerMethod,
        phone,
        email: shown('email') ? present(input.email) : null,
        payeeName: shown('payeeName') ? present(input.payeeName) : null,
        bankAccountName: shown('bankAccountName') ? present(input.bankAccountName) : null,
        paymentPasswordHash: paymentPassword ? await hashPassword(paymentPassword) : null,
        uplineId,
        affiliateCode,
        referralCode: present(input.referralCode),
        registerUrl: present(input.registerUrl),
        registerDomain: present(input.domain),
        details,
      });
      const member = await findMemberById(trx, memberId);
      if (!member) throw new Error('the member just created is missing');
      const session =
        input.login && !placement
          ? (await startSession(ctx, member, { ...meta, rememberMe: false, withPassword: false, passwordIsDefault: false }, trx)).result
          : null;
      return { memberId, account: member.account, session };
    });
  } catch (error) {
    // Two registrations racing for one name or number: the unique index decides.
    if (isUniqueViolation(error)) throw new ApiError(phone && (await isMobileTaken(ctx.db, phone)) ? 'MOBILE_TAKEN' : 'USERNAME_TAKEN', 'Already registered');
    throw error;
  }
};
