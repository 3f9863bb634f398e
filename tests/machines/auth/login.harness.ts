import { createActor, SimulatedClock } from 'xstate';
import { vi } from 'vitest';
import type { Captcha, ChangePasswordRequest, CodeSent, LoginRequest, LoginResult, TwoFactorVerifyRequest } from '@shared/contract/auth';
import { loginMachine } from '@machines/auth/login.machine';
import type { LoginInput, RememberedLogin } from '@machines/auth/login.types';
import { passwordChangeMachine } from '@machines/auth/password-change.machine';
import { twoFactorMachine, type TwoFactorOutput } from '@machines/auth/two-factor.machine';
import type { BotCheckPurpose } from '@machines/shared/bot-check';
import type { AppPath } from '@machines/shared/navigation';
import { smsCountdownMachine } from '@machines/shared/sms-countdown.machine';
import type { SmsCodeRequest } from '@machines/shared/sms-countdown.types';
import { answeringActor, controlledActor, rejectingActor } from '../support/fakes';

type ActionSpy<P> = ReturnType<typeof vi.fn<(args: unknown, params: P) => void>>;

export interface LoginFaults {
  botCheck?: unknown;
  captcha?: unknown;
  /** Makes the two-factor child itself crash (not its server call). */
  twoFactorChild?: unknown;
  /** Makes the password-change child crash in its success action. */
  passwordChangeChild?: unknown;
}

/** The login machine with every side effect faked: the test answers the server calls. */
export const startLogin = (input: Partial<LoginInput> = {}, faults: LoginFaults = {}) => {
  const clock = new SimulatedClock();
  let captchas = 0;
  const solveBotCheck = answeringActor<string, { purpose: BotCheckPurpose }>(() => {
    if (faults.botCheck) throw faults.botCheck;
    return 'proof';
  });
  const submitLogin = controlledActor<LoginResult, LoginRequest>();
  const loadCaptcha = answeringActor<Captcha, void>(() => {
    if (faults.captcha) throw faults.captcha;
    return { captchaId: `captcha-${++captchas}`, image: 'iVBORw0KGgo=', expiresInSeconds: 120 };
  });
  const requestSmsCode = answeringActor<CodeSent, SmsCodeRequest>(() => ({ expiredMinutes: 1 }));
  const verifyTwoFactor = controlledActor<LoginResult, TwoFactorVerifyRequest>();
  const changePassword = controlledActor<null, ChangePasswordRequest>();
  const actions = {
    startSession: vi.fn<(args: unknown, params: { result: LoginResult; passwordChangePending: boolean }) => void>(),
    storeRememberMe: vi.fn<(args: unknown, params: { remembered: RememberedLogin | null; maxAgeSeconds: number }) => void>(),
    runFirstLogin: vi.fn<(args: unknown, params: { result: LoginResult }) => void>(),
    closePopup: vi.fn<(args: unknown, params: unknown) => void>(),
    navigateTo: vi.fn<(args: unknown, params: { to: AppPath }) => void>(),
    notifyPasswordChanged: vi.fn<(args: unknown, params: unknown) => void>(),
  };
  const countdown = smsCountdownMachine.provide({ actors: { solveBotCheck: solveBotCheck.logic, requestSmsCode: requestSmsCode.logic } });
  const machine = loginMachine.provide({
    actors: {
      solveBotCheck: solveBotCheck.logic,
      submitLogin: submitLogin.logic,
      loadCaptcha: loadCaptcha.logic,
      smsCountdown: countdown,
      twoFactor: faults.twoFactorChild
        ? // a crashing child: any logic that errors stands in for the machine
          (rejectingActor<TwoFactorOutput, unknown>(faults.twoFactorChild).logic as unknown as typeof twoFactorMachine)
        : twoFactorMachine.provide({ actors: { verifyTwoFactor: verifyTwoFactor.logic, smsCountdown: countdown } }),
      passwordChange: passwordChangeMachine.provide({
        actors: { changePassword: changePassword.logic },
        actions: {
          notifyPasswordChanged: faults.passwordChangeChild
            ? () => {
                throw faults.passwordChangeChild;
              }
            : actions.notifyPasswordChanged,
          closePopup: actions.closePopup,
          navigateTo: actions.navigateTo,
        },
      }),
    },
    actions: {
      startSession: actions.startSession,
      storeRememberMe: actions.storeRememberMe,
      runFirstLogin: actions.runFirstLogin,
      closePopup: actions.closePopup,
      navigateTo: actions.navigateTo,
    },
  });
  const actor = createActor(machine, {
    input: { site: 'player', smsLoginEnabled: true, remembered: null, ...input },
    clock,
  }).start();
  return { actor, clock, solveBotCheck, submitLogin, loadCaptcha, requestSmsCode, verifyTwoFactor, changePassword, actions };
};

/** The params an action spy received on its n-th call. */
export const paramsOf = <P>(spy: ActionSpy<P>, call = 0): P => {
  const entry = spy.mock.calls[call];
  if (!entry) throw new Error(`action was not called ${call + 1} time(s)`);
  return entry[1];
};
