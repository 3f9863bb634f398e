import { createActor, SimulatedClock, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { CodeSent, LoginResult, TwoFactorChallenge, TwoFactorVerifyRequest } from '@shared/contract/auth';
import { VALIDATION_MESSAGES } from '@shared/validation/messages';
import { twoFactorMachine } from '@machines/auth/two-factor.machine';
import {
  selectCodeError,
  selectIsVerifying,
  selectMaskedRecipient,
  selectMethod,
  selectMethods,
  selectNeedsSentCode,
  selectSmsCountdownRef,
  selectTwoFactorError,
} from '@machines/auth/two-factor.selectors';
import type { BotCheckPurpose } from '@machines/shared/bot-check';
import { smsCountdownMachine } from '@machines/shared/sms-countdown.machine';
import { selectSecondsLeft } from '@machines/shared/sms-countdown.selectors';
import type { SmsCodeRequest } from '@machines/shared/sms-countdown.types';
import { advance, answeringActor, apiError, controlledActor, flush } from '../support/fakes';
import { loginResult, twoFactorChallenge } from '../support/fixtures';

const start = (challenge: TwoFactorChallenge = twoFactorChallenge()) => {
  const clock = new SimulatedClock();
  const verifyTwoFactor = controlledActor<LoginResult, TwoFactorVerifyRequest>();
  const requestSmsCode = answeringActor<CodeSent, SmsCodeRequest>(() => ({ expiredMinutes: 2 }));
  const solveBotCheck = answeringActor<string, { purpose: BotCheckPurpose }>(() => 'proof');
  const actor = createActor(
    twoFactorMachine.provide({
      actors: {
        verifyTwoFactor: verifyTwoFactor.logic,
        smsCountdown: smsCountdownMachine.provide({ actors: { requestSmsCode: requestSmsCode.logic, solveBotCheck: solveBotCheck.logic } }),
      },
    }),
    { input: { challenge }, clock },
  ).start();
  return { actor, clock, verifyTwoFactor, requestSmsCode, solveBotCheck };
};

describe('two-factor login', () => {
  it('[AUTH-41] offers the methods of the challenge and ignores any other', () => {
    const { actor } = start(twoFactorChallenge({ methods: ['sms', 'totp'] }));
    try {
      expect(selectMethods(actor.getSnapshot())).toEqual(['sms', 'totp']);
      expect(actor.getSnapshot().hasTag('step:chooseMethod')).toBe(true);
      actor.send({ type: 'method.select', method: 'email' });
      expect(selectMethod(actor.getSnapshot())).toBeNull();
      actor.send({ type: 'method.select', method: 'totp' });
      expect(selectMethod(actor.getSnapshot())).toBe('totp');
      expect(actor.getSnapshot().hasTag('step:enterCode')).toBe(true);
      actor.send({ type: 'method.select', method: 'bankAccountName' });
      expect(selectMethod(actor.getSnapshot())).toBe('totp');
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-41] a single offered method is chosen at once', () => {
    const { actor } = start(twoFactorChallenge({ methods: ['bankAccountName'] }));
    try {
      expect(selectMethod(actor.getSnapshot())).toBe('bankAccountName');
      expect(selectNeedsSentCode(actor.getSnapshot())).toBe(false);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-41][AUTH-30] the SMS method sends a code to the masked mobile, without a bot-check, and counts down', async () => {
    const { actor, clock, requestSmsCode, solveBotCheck } = start();
    try {
      actor.send({ type: 'method.select', method: 'sms' });
      expect(selectMaskedRecipient(actor.getSnapshot())).toBe('09****678');
      actor.send({ type: 'code.request' });
      const countdown = selectSmsCountdownRef(actor.getSnapshot())!;
      await waitFor(countdown, (s) => s.matches('counting'));
      expect(requestSmsCode.calls).toEqual([
        { purpose: 'twoFactor', recipient: { kind: 'twoFactor', challengeId: 'challenge-1', method: 'sms' }, botCheck: null },
      ]);
      expect(solveBotCheck.calls).toEqual([]);
      expect(selectSecondsLeft(countdown.getSnapshot())).toBe(120);
      advance(clock, 1000);
      expect(selectSecondsLeft(countdown.getSnapshot())).toBe(119);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-41] the bound-email method sends its code by email', async () => {
    const { actor, requestSmsCode } = start();
    try {
      actor.send({ type: 'method.select', method: 'email' });
      expect(selectMaskedRecipient(actor.getSnapshot())).toBe('p***@example.com');
      actor.send({ type: 'code.request' });
      await waitFor(selectSmsCountdownRef(actor.getSnapshot())!, (s) => s.matches('counting'));
      expect(requestSmsCode.calls[0]?.recipient).toEqual({ kind: 'twoFactor', challengeId: 'challenge-1', method: 'email' });
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-41] nothing is sent for the bank account name or the authenticator', async () => {
    const { actor, requestSmsCode } = start();
    try {
      actor.send({ type: 'method.select', method: 'bankAccountName' });
      expect(selectMaskedRecipient(actor.getSnapshot())).toBeNull();
      actor.send({ type: 'code.request' });
      actor.send({ type: 'method.select', method: 'totp' });
      actor.send({ type: 'code.request' });
      await flush();
      expect(requestSmsCode.calls).toEqual([]);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-41][VAL-46] an empty or malformed code is refused before verifying', async () => {
    const { actor, verifyTwoFactor } = start();
    try {
      actor.send({ type: 'method.select', method: 'totp' });
      actor.send({ type: 'code.submit', code: '  ' });
      expect(selectCodeError(actor.getSnapshot())?.key).toBe(VALIDATION_MESSAGES.required);
      actor.send({ type: 'code.submit', code: '12ab56' });
      expect(selectCodeError(actor.getSnapshot())?.key).toBe(VALIDATION_MESSAGES.verificationCodeInvalid);
      await flush();
      expect(verifyTwoFactor.calls).toEqual([]);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-41] the bank account name is verified as a name', async () => {
    const { actor, verifyTwoFactor } = start();
    try {
      actor.send({ type: 'method.select', method: 'bankAccountName' });
      actor.send({ type: 'code.submit', code: ' NGUYEN VAN A ' });
      expect(selectIsVerifying(actor.getSnapshot())).toBe(true);
      expect(verifyTwoFactor.calls).toEqual([{ challengeId: 'challenge-1', method: 'bankAccountName', code: 'NGUYEN VAN A' }]);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-40] a verified answer ends the step with the session', async () => {
    const { actor, verifyTwoFactor } = start();
    try {
      actor.send({ type: 'method.select', method: 'sms' });
      actor.send({ type: 'code.submit', code: '123456' });
      const result = loginResult();
      verifyTwoFactor.resolve(result);
      await waitFor(actor, (s) => s.status === 'done');
      expect(actor.getSnapshot().output).toEqual({ status: 'verified', result });
    } finally {
      actor.stop();
    }
  });

  it('[ERR-11] a wrong answer stays on the step with TWO_FACTOR_INVALID; choosing another method clears it', async () => {
    const { actor, verifyTwoFactor } = start();
    try {
      actor.send({ type: 'method.select', method: 'totp' });
      actor.send({ type: 'code.submit', code: '000000' });
      verifyTwoFactor.reject(apiError('TWO_FACTOR_INVALID'));
      await waitFor(actor, (s) => s.matches('awaitingCode'));
      expect(selectTwoFactorError(actor.getSnapshot())?.code).toBe('TWO_FACTOR_INVALID');
      actor.send({ type: 'method.select', method: 'sms' });
      expect(selectTwoFactorError(actor.getSnapshot())).toBeNull();
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-40] the step expires with its challenge', () => {
    const { actor, clock } = start(twoFactorChallenge({ expiresInSeconds: 90 }));
    try {
      actor.send({ type: 'method.select', method: 'totp' });
      clock.increment(89_999);
      expect(actor.getSnapshot().status).toBe('active');
      clock.increment(1);
      expect(actor.getSnapshot().status).toBe('done');
      expect(actor.getSnapshot().output).toEqual({ status: 'expired' });
    } finally {
      actor.stop();
    }
  });
});
