import { createActor, SimulatedClock, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { RegisterRequest, RegisterResult } from '@shared/contract/registration';
import type { CodeSent, LoginResult } from '@shared/contract/auth';
import { VALIDATION_MESSAGES } from '@shared/validation/messages';
import { registrationMachine } from '@machines/registration/registration.machine';
import {
  selectBirthdayCheck,
  selectHasPassword,
  selectIsRegistering,
  selectNeedsSmsCode,
  selectRegistrationError,
  selectRegistrationFieldError,
  selectRegistrationTabs,
  selectRegistrationType,
  selectShownProfileFields,
  selectSmsCountdownRef,
  selectTermsAccepted,
} from '@machines/registration/registration.selectors';
import type { RegistrationInput, RegistrationType } from '@machines/registration/registration.types';
import type { BotCheckPurpose } from '@machines/shared/bot-check';
import type { AppPath } from '@machines/shared/navigation';
import { smsCountdownMachine } from '@machines/shared/sms-countdown.machine';
import { selectSecondsLeft } from '@machines/shared/sms-countdown.selectors';
import type { SmsCodeRequest } from '@machines/shared/sms-countdown.types';
import { answeringActor, apiError, controlledActor, flush } from '../support/fakes';
import { loginResult } from '../support/fixtures';

const baseInput: RegistrationInput = {
  usernameRegistration: true,
  mobileRegistration: true,
  mobilePassword: false,
  smsVerification: false,
  fieldRules: {},
  referralCode: 'REF42',
  registerUrl: 'https://play.example.com/register?referralCode=REF42',
  domain: 'play.example.com',
};

const start = (input: Partial<RegistrationInput> = {}, faults: { botCheck?: unknown } = {}) => {
  const clock = new SimulatedClock();
  const solveBotCheck = answeringActor<string, { purpose: BotCheckPurpose }>(() => {
    if (faults.botCheck) throw faults.botCheck;
    return 'proof';
  });
  const verifyAffiliate = controlledActor<{ code: string; valid: true }, { code: string; domain: string }>();
  const submitRegistration = controlledActor<RegisterResult, { registrationType: RegistrationType; request: RegisterRequest }>();
  const requestSmsCode = answeringActor<CodeSent, SmsCodeRequest>(() => ({ expiredMinutes: 5 }));
  const startSession = vi.fn<(args: unknown, params: { result: LoginResult; passwordChangePending: boolean }) => void>();
  const closePopup = vi.fn();
  const navigateTo = vi.fn<(args: unknown, params: { to: AppPath }) => void>();
  const actor = createActor(
    registrationMachine.provide({
      actors: {
        solveBotCheck: solveBotCheck.logic,
        verifyAffiliate: verifyAffiliate.logic,
        submitRegistration: submitRegistration.logic,
        smsCountdown: smsCountdownMachine.provide({ actors: { solveBotCheck: solveBotCheck.logic, requestSmsCode: requestSmsCode.logic } }),
      },
      actions: { startSession, closePopup, navigateTo },
    }),
    { input: { ...baseInput, ...input }, clock },
  ).start();
  return { actor, clock, solveBotCheck, verifyAffiliate, submitRegistration, requestSmsCode, startSession, closePopup, navigateTo };
};

const byUsername = { username: 'player02', password: 'Secret#123', confirmPassword: 'Secret#123' };

describe('registration', () => {
  it('[AUTH-21] shows the register and registerMobile tabs per their flags', () => {
    const both = start();
    const mobileOnly = start({ usernameRegistration: false });
    try {
      expect(selectRegistrationTabs(both.actor.getSnapshot())).toEqual(['username', 'mobile']);
      expect(selectRegistrationType(both.actor.getSnapshot())).toBe('username');
      both.actor.send({ type: 'type.select', registrationType: 'mobile' });
      expect(selectRegistrationType(both.actor.getSnapshot())).toBe('mobile');

      expect(selectRegistrationTabs(mobileOnly.actor.getSnapshot())).toEqual(['mobile']);
      expect(selectRegistrationType(mobileOnly.actor.getSnapshot())).toBe('mobile');
      mobileOnly.actor.send({ type: 'type.select', registrationType: 'username' });
      expect(selectRegistrationType(mobileOnly.actor.getSnapshot())).toBe('mobile');
    } finally {
      both.actor.stop();
      mobileOnly.actor.stop();
    }
  });

  it('[AUTH-25][VAL-43] the terms box is ticked by default; unticked, it is an inline error and nothing is registered', async () => {
    const { actor, solveBotCheck, submitRegistration } = start();
    try {
      expect(selectTermsAccepted(actor.getSnapshot())).toBe(true);
      actor.send({ type: 'terms.change', accepted: false });
      actor.send({ type: 'registration.submit', values: byUsername });
      expect(selectRegistrationFieldError('terms')(actor.getSnapshot())?.key).toBe(VALIDATION_MESSAGES.termsRequired);
      await flush();
      expect(solveBotCheck.calls).toEqual([]);
      expect(submitRegistration.calls).toEqual([]);
    } finally {
      actor.stop();
    }
  });

  it('[VAL-44] with the birthday field the birthday check must be confirmed at the configured age before anything is registered', async () => {
    const { actor, solveBotCheck, submitRegistration } = start({ fieldRules: { birthday: { enabled: true, required: false } }, birthdayCheckAge: 25 });
    try {
      expect(selectBirthdayCheck(actor.getSnapshot())).toEqual({ shown: true, age: 25, confirmed: false });
      actor.send({ type: 'registration.submit', values: { ...byUsername, birthday: '1990-05-17' } });
      expect(selectRegistrationFieldError('ageConfirmed')(actor.getSnapshot())).toEqual({
        field: 'ageConfirmed',
        key: VALIDATION_MESSAGES.ageConfirmationRequired,
        params: { age: 25 },
      });
      await flush();
      expect(solveBotCheck.calls).toEqual([]);
      expect(submitRegistration.calls).toEqual([]);

      actor.send({ type: 'age.confirm', confirmed: true });
      actor.send({ type: 'registration.submit', values: { ...byUsername, birthday: '1990-05-17' } });
      await waitFor(actor, (s) => s.matches('submitting'));
      expect(submitRegistration.calls[0]?.request).toMatchObject({ birthday: '1990-05-17', ageConfirmed: true, termsAccepted: true });
    } finally {
      actor.stop();
    }
  });

  it('[VAL-44] without the birthday field there is no birthday check; the age defaults to 21', async () => {
    const { actor, submitRegistration } = start();
    try {
      expect(selectBirthdayCheck(actor.getSnapshot())).toEqual({ shown: false, age: 21, confirmed: false });
      actor.send({ type: 'registration.submit', values: byUsername });
      await waitFor(actor, (s) => s.matches('submitting'));
      expect(submitRegistration.calls[0]?.request).not.toHaveProperty('ageConfirmed');
    } finally {
      actor.stop();
    }
  });

  it('[VAL-29][VAL-53] the username type requires username, password and a matching confirmation', () => {
    const { actor } = start();
    try {
      actor.send({ type: 'registration.submit', values: { username: '', password: '', confirmPassword: '' } });
      expect(selectRegistrationFieldError('username')(actor.getSnapshot())?.key).toBe(VALIDATION_MESSAGES.required);
      expect(selectRegistrationFieldError('password')(actor.getSnapshot())?.key).toBe(VALIDATION_MESSAGES.required);
      actor.send({ type: 'registration.submit', values: { ...byUsername, confirmPassword: 'Secret#124' } });
      expect(selectRegistrationFieldError('confirmPassword')(actor.getSnapshot())?.key).toBe(VALIDATION_MESSAGES.checkPassMismatch);
      expect(selectHasPassword(actor.getSnapshot())).toBe(true);
    } finally {
      actor.stop();
    }
  });

  it('[VAL-30][VAL-32] the mobile type requires the mobile number, and the code when SMS verification is on', () => {
    const { actor } = start({ smsVerification: true });
    try {
      actor.send({ type: 'type.select', registrationType: 'mobile' });
      expect(selectHasPassword(actor.getSnapshot())).toBe(false);
      expect(selectNeedsSmsCode(actor.getSnapshot())).toBe(true);
      actor.send({ type: 'registration.submit', values: { mobileNum: '', verificationCode: '' } });
      expect(selectRegistrationFieldError('mobileNum')(actor.getSnapshot())?.key).toBe(VALIDATION_MESSAGES.required);
      expect(selectRegistrationFieldError('verificationCode')(actor.getSnapshot())?.key).toBe(VALIDATION_MESSAGES.required);
    } finally {
      actor.stop();
    }
  });

  it('[VAL-31][AUTH-23][VAL-49] optional fields show and are required per their rules', () => {
    const { actor } = start({
      fieldRules: { payeeName: { enabled: true, required: true }, email: { enabled: true, required: false }, qqNum: { enabled: false, required: true } },
    });
    try {
      expect(selectShownProfileFields(actor.getSnapshot())).toEqual(['payeeName', 'email', 'affiliateCode']);
      actor.send({ type: 'registration.submit', values: byUsername });
      expect(selectRegistrationFieldError('payeeName')(actor.getSnapshot())?.key).toBe(VALIDATION_MESSAGES.required);
      expect(selectRegistrationFieldError('email')(actor.getSnapshot())).toBeNull();
      expect(selectRegistrationFieldError('qqNum')(actor.getSnapshot())).toBeNull();
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-27][AUTH-33][AUTH-24][API-10] a valid form passes a bot-check, then registers with the full payload', async () => {
    const { actor, solveBotCheck, submitRegistration } = start({ fieldRules: { email: { enabled: true, required: false } } });
    try {
      actor.send({ type: 'registration.submit', values: { ...byUsername, username: ' player02 ', email: 'p2@example.com', qqNum: '12345' } });
      await waitFor(actor, (s) => s.matches('submitting'));
      expect(selectIsRegistering(actor.getSnapshot())).toBe(true);
      expect(solveBotCheck.calls).toEqual([{ purpose: 'register' }]);
      expect(submitRegistration.calls).toEqual([
        {
          registrationType: 'username',
          request: {
            username: 'player02',
            password: 'Secret#123',
            confirmPassword: 'Secret#123',
            mobileNum: '',
            countryDialingCode: '',
            verificationCode: '',
            email: 'p2@example.com',
            referralCode: 'REF42',
            registerUrl: 'https://play.example.com/register?referralCode=REF42',
            domain: 'play.example.com',
            registerMethod: 'WEB',
            termsAccepted: true,
            login: true,
            botCheck: 'proof',
          },
        },
      ]);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-27] for the mobile type the username becomes the mobile number', async () => {
    const { actor, submitRegistration } = start({ mobilePassword: true });
    try {
      actor.send({ type: 'type.select', registrationType: 'mobile' });
      actor.send({
        type: 'registration.submit',
        values: { mobileNum: '912345678', countryDialingCode: '+84', password: 'Secret#123', confirmPassword: 'Secret#123' },
      });
      await waitFor(actor, (s) => s.matches('submitting'));
      expect(submitRegistration.calls[0]).toMatchObject({
        registrationType: 'mobile',
        request: { username: '912345678', mobileNum: '912345678', countryDialingCode: '+84', password: 'Secret#123' },
      });
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-26][API-12] an affiliate code is verified first, with the domain', async () => {
    const { actor, verifyAffiliate, solveBotCheck, submitRegistration } = start();
    try {
      actor.send({ type: 'registration.submit', values: { ...byUsername, affiliateCode: 'AGENT77' } });
      await waitFor(actor, (s) => s.matches('verifyingAffiliate'));
      expect(verifyAffiliate.calls).toEqual([{ code: 'AGENT77', domain: 'play.example.com' }]);
      expect(solveBotCheck.calls).toEqual([]);
      verifyAffiliate.resolve({ code: 'AGENT77', valid: true });
      await waitFor(actor, (s) => s.matches('submitting'));
      expect(submitRegistration.calls[0]?.request.affiliateCode).toBe('AGENT77');
    } finally {
      actor.stop();
    }
  });

  it("[AUTH-26] a refused affiliate code stops the registration with 'invitation code error'", async () => {
    const { actor, verifyAffiliate, solveBotCheck, submitRegistration } = start();
    try {
      actor.send({ type: 'registration.submit', values: { ...byUsername, affiliateCode: 'NOPE99' } });
      verifyAffiliate.reject(apiError('INVITATION_CODE_ERROR'));
      await waitFor(actor, (s) => s.matches('editing'));
      expect(selectRegistrationError(actor.getSnapshot())?.code).toBe('INVITATION_CODE_ERROR');
      expect(solveBotCheck.calls).toEqual([]);
      expect(submitRegistration.calls).toEqual([]);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-29] success logs the new account in, closes the popup and goes to /', async () => {
    const { actor, submitRegistration, startSession, closePopup, navigateTo } = start();
    try {
      actor.send({ type: 'registration.submit', values: byUsername });
      await waitFor(actor, (s) => s.matches('submitting'));
      const session = loginResult({ firstTimeLogin: true });
      submitRegistration.resolve({ account: 'player02', session });
      await waitFor(actor, (s) => s.status === 'done');
      expect(startSession.mock.calls[0]?.[1]).toEqual({ result: session, passwordChangePending: false });
      expect(closePopup).toHaveBeenCalledTimes(1);
      expect(navigateTo.mock.calls[0]?.[1]).toEqual({ to: '/' });
      expect(actor.getSnapshot().context.request).toBeNull();
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-29] a registration answered without a session still closes the popup and goes to /', async () => {
    const { actor, submitRegistration, startSession, navigateTo } = start();
    try {
      actor.send({ type: 'registration.submit', values: byUsername });
      await waitFor(actor, (s) => s.matches('submitting'));
      submitRegistration.resolve({ account: 'player02', session: null });
      await waitFor(actor, (s) => s.status === 'done');
      expect(startSession).not.toHaveBeenCalled();
      expect(navigateTo.mock.calls[0]?.[1]).toEqual({ to: '/' });
    } finally {
      actor.stop();
    }
  });

  it('[VAL-31] field errors found by the server show under their fields', async () => {
    const { actor, submitRegistration } = start();
    try {
      actor.send({ type: 'registration.submit', values: byUsername });
      await waitFor(actor, (s) => s.matches('submitting'));
      submitRegistration.reject(apiError('VALIDATION', { details: [{ field: 'username', key: VALIDATION_MESSAGES.formatIncorrect }] }));
      await waitFor(actor, (s) => s.matches('editing'));
      expect(selectRegistrationError(actor.getSnapshot())?.code).toBe('VALIDATION');
      expect(selectRegistrationFieldError('username')(actor.getSnapshot())?.key).toBe(VALIDATION_MESSAGES.formatIncorrect);
    } finally {
      actor.stop();
    }
  });

  it.each(['USERNAME_TAKEN', 'MOBILE_TAKEN', 'SMS_CODE_INVALID', 'TOO_MANY_REQUESTS'] as const)(
    '[ERR-11][ERR-09] a refused registration (%s) keeps the form with the error',
    async (code) => {
      const { actor, submitRegistration, startSession } = start();
      try {
        actor.send({ type: 'registration.submit', values: byUsername });
        await waitFor(actor, (s) => s.matches('submitting'));
        submitRegistration.reject(apiError(code));
        await waitFor(actor, (s) => s.matches('editing'));
        expect(selectRegistrationError(actor.getSnapshot())?.code).toBe(code);
        expect(startSession).not.toHaveBeenCalled();
      } finally {
        actor.stop();
      }
    },
  );

  it('[AUTH-33][VAL-56] a failed bot-check registers nothing', async () => {
    const { actor, submitRegistration } = start({}, { botCheck: apiError('BOT_CHECK_REQUIRED') });
    try {
      actor.send({ type: 'registration.submit', values: byUsername });
      await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
      expect(selectRegistrationError(actor.getSnapshot())?.code).toBe('BOT_CHECK_REQUIRED');
      expect(submitRegistration.calls).toEqual([]);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-30][API-23][VAL-47] the registration code goes to a valid number and counts 60 s per expired minute', async () => {
    const { actor, requestSmsCode } = start({ smsVerification: true });
    try {
      actor.send({ type: 'code.request', mobileNum: 'abc', countryDialingCode: '+84' });
      expect(selectRegistrationFieldError('mobileNum')(actor.getSnapshot())).not.toBeNull();
      actor.send({ type: 'code.request', mobileNum: '912345678', countryDialingCode: '+84' });
      const countdown = selectSmsCountdownRef(actor.getSnapshot())!;
      await waitFor(countdown, (s) => s.matches('counting'));
      expect(requestSmsCode.calls[0]).toMatchObject({ purpose: 'register', recipient: { mobileNum: '912345678', countryDialingCode: '+84' } });
      expect(selectSecondsLeft(countdown.getSnapshot())).toBe(300);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-30] with a third-party SMS provider the countdown is 1 minute', async () => {
    const { actor } = start({ smsVerification: true, thirdPartySms: true });
    try {
      actor.send({ type: 'code.request', mobileNum: '912345678', countryDialingCode: '+84' });
      const countdown = selectSmsCountdownRef(actor.getSnapshot())!;
      await waitFor(countdown, (s) => s.matches('counting'));
      expect(selectSecondsLeft(countdown.getSnapshot())).toBe(60);
    } finally {
      actor.stop();
    }
  });
});
