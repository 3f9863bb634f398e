import { createActor, SimulatedClock, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { smsCountdownMachine } from '@machines/shared/sms-countdown.machine';
import type { BotCheckPurpose } from '@machines/shared/bot-check';
import type { CodeRecipient, CodeSent, SmsCodeRequest, SmsCountdownInput } from '@machines/shared/sms-countdown.types';
import {
  selectCanRequestCode,
  selectIsSendDisabled,
  selectSecondsLeft,
  selectSmsError,
  selectWasCodeSent,
} from '@machines/shared/sms-countdown.selectors';
import { advance, answeringActor, apiError, controlledActor, flush } from '../support/fakes';

const recipient: CodeRecipient = { kind: 'mobile', mobileNum: '0912345678', countryDialingCode: '+84' };
const twoFactorRecipient: CodeRecipient = { kind: 'twoFactor', challengeId: 'ch-1', method: 'sms' };

const start = (input: SmsCountdownInput, sent: () => CodeSent = () => ({ expiredMinutes: 1 }), to: CodeRecipient = recipient) => {
  const clock = new SimulatedClock();
  const botCheck = answeringActor<string, { purpose: BotCheckPurpose }>(() => 'proof');
  const requestSmsCode = controlledActor<CodeSent, SmsCodeRequest>();
  const actor = createActor(
    smsCountdownMachine.provide({ actors: { solveBotCheck: botCheck.logic, requestSmsCode: requestSmsCode.logic } }),
    { input, clock },
  ).start();
  const sendCode = async () => {
    actor.send({ type: 'code.request', recipient: to });
    await waitFor(actor, (s) => s.matches({ requesting: 'sending' }));
    requestSmsCode.resolve(sent());
    await waitFor(actor, (s) => s.matches('counting'));
  };
  return { clock, actor, botCheck, requestSmsCode, sendCode };
};

describe('sms countdown', () => {
  it('[AUTH-30] counts 60 s per expired minute: 59 s later 1 s is left, at 60 s the code may be sent again', async () => {
    const { clock, actor, sendCode } = start({ purpose: 'login' });
    try {
      expect(selectCanRequestCode(actor.getSnapshot())).toBe(true);
      await sendCode();
      expect(selectSecondsLeft(actor.getSnapshot())).toBe(60);
      expect(selectIsSendDisabled(actor.getSnapshot())).toBe(true);
      advance(clock, 59_000);
      expect(selectSecondsLeft(actor.getSnapshot())).toBe(1);
      expect(selectIsSendDisabled(actor.getSnapshot())).toBe(true);
      advance(clock, 1_000);
      expect(actor.getSnapshot().matches('resendable')).toBe(true);
      expect(selectSecondsLeft(actor.getSnapshot())).toBe(0);
      expect(selectCanRequestCode(actor.getSnapshot())).toBe(true);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-30] uses value.expiredMinutes of the response: 3 minutes count 180 s', async () => {
    const { clock, actor, sendCode } = start({ purpose: 'register' }, () => ({ expiredMinutes: 3 }));
    try {
      await sendCode();
      expect(selectSecondsLeft(actor.getSnapshot())).toBe(180);
      advance(clock, 179_000);
      expect(selectIsSendDisabled(actor.getSnapshot())).toBe(true);
      advance(clock, 1_000);
      expect(selectCanRequestCode(actor.getSnapshot())).toBe(true);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-30] a third-party SMS provider always counts 1 minute', async () => {
    const { clock, actor, sendCode } = start({ purpose: 'register', thirdParty: true }, () => ({ expiredMinutes: 5 }));
    try {
      await sendCode();
      expect(selectSecondsLeft(actor.getSnapshot())).toBe(60);
      advance(clock, 60_000);
      expect(selectCanRequestCode(actor.getSnapshot())).toBe(true);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-33] solves a bot-check before each request and sends its proof with the number', async () => {
    const { clock, actor, botCheck, requestSmsCode, sendCode } = start({ purpose: 'register' });
    try {
      await sendCode();
      expect(botCheck.calls).toEqual([{ purpose: 'sms' }]);
      expect(requestSmsCode.calls[0]).toEqual({ purpose: 'register', recipient, botCheck: 'proof' });
      advance(clock, 60_000);
      await sendCode();
      expect(botCheck.calls).toHaveLength(2);
      expect(requestSmsCode.calls).toHaveLength(2);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-41] the two-factor code is requested without a bot-check', async () => {
    const { actor, botCheck, requestSmsCode, sendCode } = start({ purpose: 'twoFactor' }, undefined, twoFactorRecipient);
    try {
      await sendCode();
      expect(botCheck.calls).toEqual([]);
      expect(requestSmsCode.calls[0]).toEqual({ purpose: 'twoFactor', recipient: twoFactorRecipient, botCheck: null });
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-31] ignores a second request while the first is in flight or counting', async () => {
    const { actor, requestSmsCode } = start({ purpose: 'login' });
    try {
      actor.send({ type: 'code.request', recipient });
      actor.send({ type: 'code.request', recipient });
      await waitFor(actor, (s) => s.matches({ requesting: 'sending' }));
      actor.send({ type: 'code.request', recipient });
      requestSmsCode.resolve({ expiredMinutes: 1 });
      await waitFor(actor, (s) => s.matches('counting'));
      actor.send({ type: 'code.request', recipient });
      await flush();
      expect(requestSmsCode.calls).toHaveLength(1);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-31][ERR-17] a failed request keeps the server message and may be retried only after 1 s', async () => {
    const { clock, actor, requestSmsCode } = start({ purpose: 'login' });
    try {
      actor.send({ type: 'code.request', recipient });
      await waitFor(actor, (s) => s.matches({ requesting: 'sending' }));
      requestSmsCode.reject(apiError('SMS_QUOTA_EXCEEDED', { message: 'Quota not sufficient' }));
      await waitFor(actor, (s) => s.matches('resendable'));
      expect(selectSmsError(actor.getSnapshot())).toMatchObject({ code: 'SMS_QUOTA_EXCEEDED', message: 'Quota not sufficient' });
      expect(selectWasCodeSent(actor.getSnapshot())).toBe(false);

      actor.send({ type: 'code.request', recipient });
      advance(clock, 999);
      expect(selectIsSendDisabled(actor.getSnapshot())).toBe(true);
      await flush();
      expect(requestSmsCode.calls).toHaveLength(1);

      advance(clock, 1);
      expect(selectCanRequestCode(actor.getSnapshot())).toBe(true);
      actor.send({ type: 'code.request', recipient });
      await waitFor(actor, (s) => s.matches({ requesting: 'sending' }));
      expect(requestSmsCode.calls).toHaveLength(2);
      expect(selectSmsError(actor.getSnapshot())).toBeNull();
    } finally {
      actor.stop();
    }
  });

  it('[ERR-09] a 429 keeps its Retry-After seconds for the 5-minute message', async () => {
    const { actor, requestSmsCode } = start({ purpose: 'login' });
    try {
      actor.send({ type: 'code.request', recipient });
      await waitFor(actor, (s) => s.matches({ requesting: 'sending' }));
      requestSmsCode.reject(apiError('TOO_MANY_REQUESTS', { retryAfterSeconds: 300 }));
      await waitFor(actor, (s) => s.matches('resendable'));
      expect(selectSmsError(actor.getSnapshot())).toMatchObject({ code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 300 });
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-33][ERR-16] a bot-check that fails sends nothing and reports its code', async () => {
    const clock = new SimulatedClock();
    const requestSmsCode = controlledActor<CodeSent, SmsCodeRequest>();
    const actor = createActor(
      smsCountdownMachine.provide({
        actors: {
          solveBotCheck: answeringActor<string, { purpose: BotCheckPurpose }>(() => {
            throw apiError('BOT_CHECK_FAILED');
          }).logic,
          requestSmsCode: requestSmsCode.logic,
        },
      }),
      { input: { purpose: 'login' }, clock },
    ).start();
    try {
      actor.send({ type: 'code.request', recipient });
      await waitFor(actor, (s) => s.matches('resendable'));
      expect(selectSmsError(actor.getSnapshot())?.code).toBe('BOT_CHECK_FAILED');
      expect(requestSmsCode.calls).toHaveLength(0);
    } finally {
      actor.stop();
    }
  });

  it('an unprovided SMS actor fails the request with INTERNAL instead of pretending success', async () => {
    const actor = createActor(smsCountdownMachine, { input: { purpose: 'twoFactor' } }).start();
    try {
      actor.send({ type: 'code.request', recipient: twoFactorRecipient });
      await waitFor(actor, (s) => s.matches('resendable'));
      expect(selectSmsError(actor.getSnapshot())?.code).toBe('INTERNAL');
    } finally {
      actor.stop();
    }
  });
});
