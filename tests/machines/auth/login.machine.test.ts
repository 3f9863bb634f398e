import { waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '@shared/validation/messages';
import {
  selectCaptcha,
  selectHasRememberedToken,
  selectLoginError,
  selectLoginFieldError,
  selectLoginStep,
  selectLoginTab,
  selectLoginTabs,
  selectPasswordChangeRef,
  selectSmsCountdownRef,
  selectTwoFactorRef,
} from '@machines/auth/login.selectors';
import { selectOldPasswordShown } from '@machines/auth/password-change.selectors';
import { selectSecondsLeft } from '@machines/shared/sms-countdown.selectors';
import { advance, apiError, flush } from '../support/fakes';
import { loginResult, twoFactorChallenge } from '../support/fixtures';
import { paramsOf, startLogin } from './login.harness';

const credentials = { username: 'player01', password: 'Secret#123', rememberMe: false };

describe('login', () => {
  it('[AUTH-02] offers the sms tab only when verification-code login is on', () => {
    const off = startLogin({ smsLoginEnabled: false });
    const on = startLogin({ smsLoginEnabled: true });
    try {
      expect(selectLoginTabs(off.actor.getSnapshot())).toEqual(['username']);
      off.actor.send({ type: 'tab.select', tab: 'sms' });
      expect(selectLoginTab(off.actor.getSnapshot())).toBe('username');
      expect(selectLoginTabs(on.actor.getSnapshot())).toEqual(['username', 'sms']);
      on.actor.send({ type: 'tab.select', tab: 'sms' });
      expect(selectLoginTab(on.actor.getSnapshot())).toBe('sms');
    } finally {
      off.actor.stop();
      on.actor.stop();
    }
  });

  it('[AUTH-04][VAL-33][VAL-55][ERR-01] blank (or all-space) username and password are refused before any bot-check or call', async () => {
    const { actor, solveBotCheck, submitLogin } = startLogin();
    try {
      actor.send({ type: 'credentials.submit', values: { username: '   ', password: '', rememberMe: false } });
      expect(selectLoginFieldError('username')(actor.getSnapshot())?.key).toBe(VALIDATION_MESSAGES.required);
      expect(selectLoginFieldError('password')(actor.getSnapshot())?.key).toBe(VALIDATION_MESSAGES.required);
      await flush();
      expect(solveBotCheck.calls).toEqual([]);
      expect(submitLogin.calls).toEqual([]);
      expect(selectLoginStep(actor.getSnapshot())).toBe('credentials');
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-04][AUTH-33][VAL-33] a username login runs the bot-check, then sends trimmed credentials with its proof', async () => {
    const { actor, solveBotCheck, submitLogin } = startLogin();
    try {
      actor.send({ type: 'credentials.submit', values: { username: '  player01 ', password: ' Secret#123 ', rememberMe: true } });
      await waitFor(actor, (s) => s.matches('submittingCredentials'));
      expect(solveBotCheck.calls).toEqual([{ purpose: 'login' }]);
      expect(submitLogin.calls).toEqual([
        { type: 'username', username: 'player01', password: 'Secret#123', botCheck: 'proof', rememberMe: true, site: 'player' },
      ]);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-33][VAL-56] a bot-check that fails sends nothing and shows its code', async () => {
    const { actor, submitLogin } = startLogin({}, { botCheck: apiError('BOT_CHECK_FAILED') });
    try {
      actor.send({ type: 'credentials.submit', values: credentials });
      await waitFor(actor, (s) => s.matches('awaitingCredentials') && selectLoginError(s) !== null);
      expect(selectLoginError(actor.getSnapshot())?.code).toBe('BOT_CHECK_FAILED');
      expect(submitLogin.calls).toEqual([]);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-05][AUTH-09] success hands the session over, closes the popup and stays on the page', async () => {
    const { actor, submitLogin, actions } = startLogin();
    try {
      actor.send({ type: 'credentials.submit', values: credentials });
      await waitFor(actor, (s) => s.matches('submittingCredentials'));
      const result = loginResult();
      submitLogin.resolve(result);
      await waitFor(actor, (s) => s.status === 'done');
      expect(paramsOf(actions.startSession)).toEqual({ result, passwordChangePending: false });
      expect(actions.closePopup).toHaveBeenCalledTimes(1);
      expect(actions.navigateTo).not.toHaveBeenCalled();
      expect(actions.runFirstLogin).not.toHaveBeenCalled();
      expect(actor.getSnapshot().context.values).toBeNull();
      expect(selectLoginStep(actor.getSnapshot())).toBe('done');
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-06] a first-time login runs the first-login action', async () => {
    const { actor, submitLogin, actions } = startLogin();
    try {
      actor.send({ type: 'credentials.submit', values: credentials });
      await waitFor(actor, (s) => s.matches('submittingCredentials'));
      const result = loginResult({ firstTimeLogin: true });
      submitLogin.resolve(result);
      await waitFor(actor, (s) => s.status === 'done');
      expect(paramsOf(actions.runFirstLogin)).toEqual({ result });
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-12][AUTH-13] remember-me stores the username and that the server set its token, for 1 day; never the password or the token', async () => {
    const { actor, submitLogin, actions } = startLogin();
    try {
      actor.send({ type: 'credentials.submit', values: { ...credentials, rememberMe: true } });
      await waitFor(actor, (s) => s.matches('submittingCredentials'));
      submitLogin.resolve(loginResult({ remembered: true }));
      await waitFor(actor, (s) => s.status === 'done');
      const stored = paramsOf(actions.storeRememberMe);
      expect(stored).toEqual({
        remembered: { username: 'player01', loginTypeSms: null, hasRememberToken: true },
        maxAgeSeconds: 86_400,
      });
      expect(JSON.stringify(stored)).not.toContain('Secret#123');
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-13] without remember-me the cookies are cleared', async () => {
    const { actor, submitLogin, actions } = startLogin({
      remembered: { username: 'player01', loginTypeSms: null, hasRememberToken: true },
    });
    try {
      actor.send({ type: 'credentials.submit', values: credentials });
      await waitFor(actor, (s) => s.matches('submittingCredentials'));
      submitLogin.resolve(loginResult());
      await waitFor(actor, (s) => s.status === 'done');
      expect(paramsOf(actions.storeRememberMe).remembered).toBeNull();
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-12] a remembered username with a blank password logs in with the remember-me token, without a bot-check', async () => {
    const remembered = { username: 'player01', loginTypeSms: null, hasRememberToken: true };
    const { actor, submitLogin, solveBotCheck, actions } = startLogin({ remembered });
    try {
      expect(selectHasRememberedToken(actor.getSnapshot())).toBe(true);
      actor.send({ type: 'credentials.submit', values: { username: 'player01', password: '', rememberMe: true } });
      await waitFor(actor, (s) => s.matches('submittingCredentials'));
      expect(solveBotCheck.calls).toEqual([]);
      expect(submitLogin.calls).toEqual([{ type: 'remember', site: 'player' }]);
      submitLogin.resolve(loginResult({ remembered: true }));
      await waitFor(actor, (s) => s.status === 'done');
      expect(paramsOf(actions.storeRememberMe).remembered?.hasRememberToken).toBe(true);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-12] a refused remember-me token is forgotten: the password is required next time', async () => {
    const remembered = { username: 'player01', loginTypeSms: null, hasRememberToken: true };
    const { actor, submitLogin } = startLogin({ remembered });
    try {
      actor.send({ type: 'credentials.submit', values: { username: 'player01', password: '', rememberMe: true } });
      await waitFor(actor, (s) => s.matches('submittingCredentials'));
      submitLogin.reject(apiError('INVALID_CREDENTIALS', { details: { captchaRequired: false } }));
      await waitFor(actor, (s) => s.matches('awaitingCredentials'));
      expect(selectLoginError(actor.getSnapshot())?.code).toBe('INVALID_CREDENTIALS');
      expect(selectHasRememberedToken(actor.getSnapshot())).toBe(false);
      actor.send({ type: 'credentials.submit', values: { username: 'player01', password: '', rememberMe: true } });
      expect(selectLoginFieldError('password')(actor.getSnapshot())?.key).toBe(VALIDATION_MESSAGES.required);
    } finally {
      actor.stop();
    }
  });

  it('[VAL-34][AUTH-34] the sms type needs the mobile number and the code', async () => {
    const { actor, submitLogin } = startLogin();
    try {
      actor.send({ type: 'tab.select', tab: 'sms' });
      actor.send({ type: 'credentials.submit', values: { mobileNum: '', verificationCode: '', rememberMe: false } });
      expect(selectLoginFieldError('mobileNum')(actor.getSnapshot())?.key).toBe(VALIDATION_MESSAGES.required);
      expect(selectLoginFieldError('verificationCode')(actor.getSnapshot())?.key).toBe(VALIDATION_MESSAGES.required);
      await flush();
      expect(submitLogin.calls).toEqual([]);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-12][AUTH-31][AUTH-32] an sms login requests the code for the chosen country, logs in without a bot-check and remembers loginTypeSms', async () => {
    const { actor, clock, submitLogin, solveBotCheck, requestSmsCode, actions } = startLogin();
    try {
      actor.send({ type: 'tab.select', tab: 'sms' });
      actor.send({ type: 'code.request', mobileNum: ' 912345678 ', countryDialingCode: '+84' });
      await waitFor(selectSmsCountdownRef(actor.getSnapshot())!, (s) => s.matches('counting'));
      expect(requestSmsCode.calls).toEqual([
        { purpose: 'login', recipient: { kind: 'mobile', mobileNum: '912345678', countryDialingCode: '+84' }, botCheck: 'proof' },
      ]);
      advance(clock, 59_000);
      expect(selectSecondsLeft(selectSmsCountdownRef(actor.getSnapshot())!.getSnapshot())).toBe(1);

      actor.send({
        type: 'credentials.submit',
        values: { mobileNum: '912345678', countryDialingCode: '+84', verificationCode: '123456', rememberMe: true },
      });
      await waitFor(actor, (s) => s.matches('submittingCredentials'));
      expect(solveBotCheck.calls).toHaveLength(1);
      expect(submitLogin.calls[0]).toEqual({
        type: 'sms',
        mobileNum: '912345678',
        countryDialingCode: '+84',
        verificationCode: '123456',
        rememberMe: true,
        site: 'player',
      });
      submitLogin.resolve(loginResult({ remembered: false }));
      await waitFor(actor, (s) => s.status === 'done');
      expect(paramsOf(actions.storeRememberMe).remembered).toEqual({
        username: null,
        loginTypeSms: { mobileNum: '912345678', countryDialingCode: '+84' },
        hasRememberToken: false,
      });
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-12] remembered sms values open the sms tab', () => {
    const { actor } = startLogin({ remembered: { username: null, loginTypeSms: { mobileNum: '912345678', countryDialingCode: '+84' }, hasRememberToken: false } });
    try {
      expect(selectLoginTab(actor.getSnapshot())).toBe('sms');
    } finally {
      actor.stop();
    }
  });

  it('[VAL-47] an invalid mobile number is refused before any code request', async () => {
    const { actor, requestSmsCode } = startLogin();
    try {
      actor.send({ type: 'tab.select', tab: 'sms' });
      actor.send({ type: 'code.request', mobileNum: '12ab', countryDialingCode: '+84' });
      expect(selectLoginFieldError('mobileNum')(actor.getSnapshot())?.key).toBe(VALIDATION_MESSAGES.mobileNumLength);
      await flush();
      expect(requestSmsCode.calls).toEqual([]);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-10][AUTH-11] a failure with the captcha flag shows and loads a captcha; refresh is throttled to once per second', async () => {
    const { actor, clock, submitLogin, loadCaptcha } = startLogin();
    try {
      expect(selectCaptcha(actor.getSnapshot()).shown).toBe(false);
      actor.send({ type: 'credentials.submit', values: credentials });
      await waitFor(actor, (s) => s.matches('submittingCredentials'));
      submitLogin.reject(apiError('INVALID_CREDENTIALS', { details: { captchaRequired: true } }));
      await waitFor(actor, (s) => s.matches({ awaitingCredentials: { captcha: 'shown' } }));
      expect(loadCaptcha.calls).toHaveLength(1);
      expect(selectCaptcha(actor.getSnapshot())).toMatchObject({ shown: true, image: 'iVBORw0KGgo=', canRefresh: false });
      expect(selectLoginError(actor.getSnapshot())?.code).toBe('INVALID_CREDENTIALS');

      actor.send({ type: 'captcha.refresh' });
      advance(clock, 999);
      actor.send({ type: 'captcha.refresh' });
      await flush();
      expect(loadCaptcha.calls).toHaveLength(1);
      advance(clock, 1);
      expect(selectCaptcha(actor.getSnapshot()).canRefresh).toBe(true);
      actor.send({ type: 'captcha.refresh' });
      await waitFor(actor, (s) => s.matches({ awaitingCredentials: { captcha: 'shown' } }));
      expect(loadCaptcha.calls).toHaveLength(2);
      expect(actor.getSnapshot().context.captcha?.captchaId).toBe('captcha-2');
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-10][VAL-54] once shown, the captcha is required and sent with its id; each failure loads a fresh one', async () => {
    const { actor, submitLogin, loadCaptcha } = startLogin();
    try {
      actor.send({ type: 'credentials.submit', values: credentials });
      await waitFor(actor, (s) => s.matches('submittingCredentials'));
      submitLogin.reject(apiError('CAPTCHA_REQUIRED', { details: { captchaRequired: true } }));
      await waitFor(actor, (s) => s.matches({ awaitingCredentials: { captcha: 'shown' } }));

      actor.send({ type: 'credentials.submit', values: { ...credentials, captcha: '' } });
      expect(selectLoginFieldError('captcha')(actor.getSnapshot())?.key).toBe(VALIDATION_MESSAGES.captchaRequired);
      expect(loadCaptcha.calls).toHaveLength(1);

      actor.send({ type: 'credentials.submit', values: { ...credentials, captcha: 'ab12' } });
      await waitFor(actor, (s) => s.matches('submittingCredentials'));
      expect(submitLogin.calls[1]).toMatchObject({ captcha: 'ab12', captchaId: 'captcha-1' });
      submitLogin.reject(apiError('CAPTCHA_INVALID', { details: { captchaRequired: true } }));
      await waitFor(actor, (s) => s.matches({ awaitingCredentials: { captcha: 'shown' } }));
      expect(loadCaptcha.calls).toHaveLength(2);
      expect(selectLoginError(actor.getSnapshot())?.code).toBe('CAPTCHA_INVALID');
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-10] a captcha that fails to load shows its error and may be refreshed after the throttle', async () => {
    const { actor, clock, submitLogin, loadCaptcha } = startLogin({}, { captcha: apiError('NETWORK') });
    try {
      actor.send({ type: 'credentials.submit', values: credentials });
      await waitFor(actor, (s) => s.matches('submittingCredentials'));
      submitLogin.reject(apiError('INVALID_CREDENTIALS', { details: { captchaRequired: true } }));
      await waitFor(actor, (s) => s.matches({ awaitingCredentials: { captcha: 'shown' } }));
      expect(selectCaptcha(actor.getSnapshot())).toMatchObject({ shown: true, image: null, error: { code: 'NETWORK' } });
      advance(clock, 1000);
      actor.send({ type: 'captcha.refresh' });
      await waitFor(actor, (s) => s.matches({ awaitingCredentials: { captcha: 'shown' } }));
      expect(loadCaptcha.calls).toHaveLength(2);
    } finally {
      actor.stop();
    }
  });

  it.each([
    ['ACCOUNT_LOCKED', 'ERR-23'],
    ['IP_LOCKED', 'ERR-23'],
    ['TOO_MANY_REQUESTS', 'ERR-09'],
    ['NETWORK', 'ERR-18'],
    ['USER_NOT_FOUND', 'ERR-02'],
  ] as const)('[%s][%s] a failure without the captcha flag shows its code and keeps the captcha hidden', async (code, _requirement) => {
    const { actor, submitLogin, loadCaptcha } = startLogin();
    try {
      actor.send({ type: 'credentials.submit', values: credentials });
      await waitFor(actor, (s) => s.matches('submittingCredentials'));
      submitLogin.reject(apiError(code, { retryAfterSeconds: 300 }));
      await waitFor(actor, (s) => s.matches('awaitingCredentials'));
      expect(selectLoginError(actor.getSnapshot())).toMatchObject({ code, retryAfterSeconds: 300 });
      expect(selectCaptcha(actor.getSnapshot()).shown).toBe(false);
      expect(loadCaptcha.calls).toEqual([]);
      expect(actor.getSnapshot().context.values).toBeNull();
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-48][ERR-04] a non-member is refused on the player site', async () => {
    const { actor, submitLogin, actions } = startLogin({ site: 'player' });
    try {
      actor.send({ type: 'credentials.submit', values: credentials });
      await waitFor(actor, (s) => s.matches('submittingCredentials'));
      expect(submitLogin.calls[0]).toMatchObject({ site: 'player' });
      submitLogin.reject(apiError('NOT_MEMBER'));
      await waitFor(actor, (s) => s.matches('awaitingCredentials'));
      expect(selectLoginError(actor.getSnapshot())?.code).toBe('NOT_MEMBER');
      expect(actions.startSession).not.toHaveBeenCalled();
    } finally {
      actor.stop();
    }
  });

  it('[ERR-05] a non-agent is refused on the agent site', async () => {
    const { actor, submitLogin, actions } = startLogin({ site: 'agent' });
    try {
      actor.send({ type: 'credentials.submit', values: credentials });
      await waitFor(actor, (s) => s.matches('submittingCredentials'));
      expect(submitLogin.calls[0]).toMatchObject({ site: 'agent' });
      submitLogin.reject(apiError('NOT_AGENT'));
      await waitFor(actor, (s) => s.matches('awaitingCredentials'));
      expect(selectLoginError(actor.getSnapshot())?.code).toBe('NOT_AGENT');
      expect(actions.startSession).not.toHaveBeenCalled();
    } finally {
      actor.stop();
    }
  });

  it('[SHELL-04][AUTH-16] an agent logging in from the agent page goes to /agentHome', async () => {
    const { actor, submitLogin, actions } = startLogin({ site: 'agent' });
    try {
      actor.send({ type: 'credentials.submit', values: credentials });
      await waitFor(actor, (s) => s.matches('submittingCredentials'));
      submitLogin.resolve(loginResult({}, 41));
      await waitFor(actor, (s) => s.status === 'done');
      expect(paramsOf(actions.navigateTo)).toEqual({ to: '/agentHome' });
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-07][AUTH-35][AUTH-36] the default password forces a change that uses the typed password from memory, then goes to /', async () => {
    const { actor, submitLogin, changePassword, actions } = startLogin();
    try {
      actor.send({ type: 'credentials.submit', values: credentials });
      await waitFor(actor, (s) => s.matches('submittingCredentials'));
      const result = loginResult({ passwordIsDefault: true, mustChangePassword: true });
      submitLogin.resolve(result);
      await waitFor(actor, (s) => s.matches('changingPassword'));
      expect(selectLoginStep(actor.getSnapshot())).toBe('passwordChange');
      expect(paramsOf(actions.startSession)).toEqual({ result, passwordChangePending: true });
      expect(actions.closePopup).not.toHaveBeenCalled();

      const change = selectPasswordChangeRef(actor.getSnapshot())!;
      expect(selectOldPasswordShown(change.getSnapshot())).toBe(false);
      expect(change.getSnapshot().context.username).toBe('player01');
      change.send({ type: 'password.submit', values: { newPassword: 'Better#456', confirmNewPassword: 'Better#456' } });
      await waitFor(change, (s) => s.matches('submitting'));
      expect(changePassword.calls).toEqual([{ oldPassword: 'Secret#123', newPassword: 'Better#456', confirmNewPassword: 'Better#456' }]);
      changePassword.resolve(null);
      await waitFor(actor, (s) => s.status === 'done');
      expect(actions.notifyPasswordChanged).toHaveBeenCalledTimes(1);
      expect(actions.closePopup).toHaveBeenCalledTimes(1);
      expect(paramsOf(actions.navigateTo)).toEqual({ to: '/' });
      expect(actor.getSnapshot().context.values).toBeNull();
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-08][AUTH-35] an expired password forced on a remember-me login asks for the old password', async () => {
    const remembered = { username: 'player01', loginTypeSms: null, hasRememberToken: true };
    const { actor, submitLogin } = startLogin({ remembered, site: 'agent' });
    try {
      actor.send({ type: 'credentials.submit', values: { username: 'player01', password: '', rememberMe: true } });
      await waitFor(actor, (s) => s.matches('submittingCredentials'));
      submitLogin.resolve(loginResult({ passwordExpired: true, mustChangePassword: true }, 1));
      await waitFor(actor, (s) => s.matches('changingPassword'));
      const change = selectPasswordChangeRef(actor.getSnapshot())!;
      expect(selectOldPasswordShown(change.getSnapshot())).toBe(true);
      expect(change.getSnapshot().context.successPath).toBe('/agentHome');
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-08] an sms login the server does not force goes straight in', async () => {
    const { actor, submitLogin, actions } = startLogin();
    try {
      actor.send({ type: 'tab.select', tab: 'sms' });
      actor.send({ type: 'credentials.submit', values: { mobileNum: '912345678', countryDialingCode: '+84', verificationCode: '123456', rememberMe: false } });
      await waitFor(actor, (s) => s.matches('submittingCredentials'));
      submitLogin.resolve(loginResult({ passwordExpired: true, mustChangePassword: false }));
      await waitFor(actor, (s) => s.status === 'done');
      expect(paramsOf(actions.startSession).passwordChangePending).toBe(false);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-40][AUTH-41] a login from an unregistered IP goes through the two-factor step before the session starts', async () => {
    const { actor, submitLogin, verifyTwoFactor, actions } = startLogin();
    try {
      actor.send({ type: 'credentials.submit', values: credentials });
      await waitFor(actor, (s) => s.matches('submittingCredentials'));
      submitLogin.reject(apiError('TWO_FACTOR_REQUIRED', { details: twoFactorChallenge({ methods: ['totp'] }) }));
      await waitFor(actor, (s) => s.matches('twoFactor'));
      expect(selectLoginStep(actor.getSnapshot())).toBe('twoFactor');
      expect(actions.startSession).not.toHaveBeenCalled();

      const step = selectTwoFactorRef(actor.getSnapshot())!;
      step.send({ type: 'code.submit', code: '123456' });
      await waitFor(step, (s) => s.matches('verifying'));
      expect(verifyTwoFactor.calls).toEqual([{ challengeId: 'challenge-1', method: 'totp', code: '123456' }]);
      const result = loginResult({ token: 'after-2fa' });
      verifyTwoFactor.resolve(result);
      await waitFor(actor, (s) => s.status === 'done');
      expect(paramsOf(actions.startSession)).toEqual({ result, passwordChangePending: false });
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-40] TWO_FACTOR_REQUIRED without a readable challenge is shown as an error', async () => {
    const { actor, submitLogin } = startLogin();
    try {
      actor.send({ type: 'credentials.submit', values: credentials });
      await waitFor(actor, (s) => s.matches('submittingCredentials'));
      submitLogin.reject(apiError('TWO_FACTOR_REQUIRED'));
      await waitFor(actor, (s) => s.matches('awaitingCredentials'));
      expect(selectLoginError(actor.getSnapshot())?.code).toBe('TWO_FACTOR_REQUIRED');
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-40] the two-factor step can be cancelled back to the form', async () => {
    const { actor, submitLogin } = startLogin();
    try {
      actor.send({ type: 'credentials.submit', values: credentials });
      await waitFor(actor, (s) => s.matches('submittingCredentials'));
      submitLogin.reject(apiError('TWO_FACTOR_REQUIRED', { details: twoFactorChallenge() }));
      await waitFor(actor, (s) => s.matches('twoFactor'));
      actor.send({ type: 'twoFactor.cancel' });
      expect(selectLoginStep(actor.getSnapshot())).toBe('credentials');
      expect(actor.getSnapshot().context.values).toBeNull();
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-40] an expired two-factor challenge returns to the form with SESSION_EXPIRED', async () => {
    const { actor, clock, submitLogin } = startLogin();
    try {
      actor.send({ type: 'credentials.submit', values: credentials });
      await waitFor(actor, (s) => s.matches('submittingCredentials'));
      submitLogin.reject(apiError('TWO_FACTOR_REQUIRED', { details: twoFactorChallenge({ expiresInSeconds: 60 }) }));
      await waitFor(actor, (s) => s.matches('twoFactor'));
      advance(clock, 60_000, 1000);
      await waitFor(actor, (s) => s.matches('awaitingCredentials'));
      expect(selectLoginError(actor.getSnapshot())?.code).toBe('SESSION_EXPIRED');
    } finally {
      actor.stop();
    }
  });

  it('a crashing password-change step returns to the form with its error', async () => {
    const { actor, submitLogin, changePassword } = startLogin({}, { passwordChangeChild: new Error('storage unavailable') });
    try {
      actor.send({ type: 'credentials.submit', values: credentials });
      await waitFor(actor, (s) => s.matches('submittingCredentials'));
      submitLogin.resolve(loginResult({ mustChangePassword: true, passwordIsDefault: true }));
      await waitFor(actor, (s) => s.matches('changingPassword'));
      const change = selectPasswordChangeRef(actor.getSnapshot())!;
      change.send({ type: 'password.submit', values: { newPassword: 'Better#456', confirmNewPassword: 'Better#456' } });
      await waitFor(change, (s) => s.matches('submitting'));
      changePassword.resolve(null);
      await waitFor(actor, (s) => s.matches('awaitingCredentials'));
      expect(selectLoginError(actor.getSnapshot())?.code).toBe('INTERNAL');
    } finally {
      actor.stop();
    }
  });

  it('a crashing two-factor step returns to the form with its error', async () => {
    const { actor, submitLogin } = startLogin({}, { twoFactorChild: apiError('INTERNAL') });
    try {
      actor.send({ type: 'credentials.submit', values: credentials });
      await waitFor(actor, (s) => s.matches('submittingCredentials'));
      submitLogin.reject(apiError('TWO_FACTOR_REQUIRED', { details: twoFactorChallenge() }));
      await waitFor(actor, (s) => s.matches('awaitingCredentials'));
      expect(selectLoginError(actor.getSnapshot())?.code).toBe('INTERNAL');
    } finally {
      actor.stop();
    }
  });
});
