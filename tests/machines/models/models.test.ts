import { describe, expect, it } from 'vitest';
import { forgotPasswordModel, forgotPasswordModelEvents } from '../../models/forgot-password.model';
import { freePlayModel, freePlayModelEvents } from '../../models/free-play.model';
import { loginModel, loginModelEvents } from '../../models/login.model';
import { createPathModel } from '../../models/path-model';
import { passwordChangeModel, passwordChangeModelEvents } from '../../models/password-change.model';
import { registrationModel, registrationModelEvents } from '../../models/registration.model';
import { twoFactorModel, twoFactorModelEvents } from '../../models/two-factor.model';

/** The screens each path ends on, in the order getShortestPaths reports them. */
const endStates = (paths: { state: { value: unknown } }[]) => paths.map((path) => String(path.state.value)).sort();

describe('UI path models (replayed by the client path tests)', () => {
  it('[AUTH-02][AUTH-04][AUTH-07][AUTH-10][AUTH-40] the login model reaches each of its 9 screens by one shortest path', () => {
    const paths = createPathModel(loginModel, loginModelEvents).getShortestPaths({ allowDuplicatePaths: true });
    expect(paths).toHaveLength(9);
    expect(endStates(paths)).toEqual(
      [
        'captchaShown',
        'credentialsForm',
        'errorShown',
        'fieldErrorsShown',
        'home',
        'passwordChangeForm',
        'smsCodeSent',
        'smsForm',
        'twoFactorForm',
      ].sort(),
    );
  });

  it('[AUTH-21][AUTH-25][AUTH-26][AUTH-29] the registration model reaches each of its 8 screens by one shortest path', () => {
    const paths = createPathModel(registrationModel, registrationModelEvents).getShortestPaths({ allowDuplicatePaths: true });
    expect(paths).toHaveLength(8);
    expect(endStates(paths)).toEqual(
      ['codeSent', 'errorShown', 'fieldErrorsShown', 'home', 'invitationErrorShown', 'mobileForm', 'termsErrorShown', 'usernameForm'].sort(),
    );
  });

  it('[AUTH-36][VAL-35] the password-change model reaches each of its 5 screens by one shortest path', () => {
    const paths = createPathModel(passwordChangeModel, passwordChangeModelEvents).getShortestPaths({ allowDuplicatePaths: true });
    expect(paths).toHaveLength(5);
    expect(endStates(paths)).toEqual(['confirmationErrorShown', 'errorShown', 'form', 'home', 'passwordRuleErrorShown'].sort());
  });

  it('[AUTH-02][AUTH-31] the login model has 7 simple paths home, one of them through the sms tab', () => {
    const paths = createPathModel(loginModel, loginModelEvents).getSimplePaths({ toState: (state) => state.matches('home') });
    const descriptions = paths.map((path) => path.steps.slice(1).map((step) => step.event.type).join(' > '));
    expect(descriptions).toHaveLength(7);
    expect(descriptions).toContain('tab.select > code.request > credentials.submit');
  });

  it('[AUTH-37][AUTH-38][AUTH-39][AUTH-50] the forgot-password model reaches each of its 14 screens by one shortest path', () => {
    const paths = createPathModel(forgotPasswordModel, forgotPasswordModelEvents).getShortestPaths({ allowDuplicatePaths: true });
    expect(endStates(paths)).toEqual(
      [
        'codeSent',
        'emailErrorShown',
        'emailFieldErrorsShown',
        'emailForm',
        'emailSentShown',
        'home',
        'notOpened',
        'phoneErrorShown',
        'phoneFieldErrorsShown',
        'phoneForm',
        'popupClosed',
        'tabbedEmailForm',
        'tabbedPhoneForm',
        'unavailableShown',
      ].sort(),
    );
  });

  it('[AUTH-37] the forgot-password model reaches the tabbed phone form only with both reset flags on', () => {
    const paths = createPathModel(forgotPasswordModel, forgotPasswordModelEvents).getSimplePaths({ toState: (state) => state.matches('tabbedPhoneForm') });
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(path.steps[1]?.event).toEqual({ type: 'popup.open', flags: 'both' });
  });

  it('[AUTH-40][AUTH-41] the two-factor model reaches each of its 11 screens, and a session by each of the 4 methods', () => {
    const model = createPathModel(twoFactorModel, twoFactorModelEvents);
    expect(endStates(model.getShortestPaths({ allowDuplicatePaths: true }))).toEqual(
      [
        'answerRequiredShown',
        'bankAccountNameForm',
        'credentialsForm',
        'emailCodeSent',
        'emailForm',
        'home',
        'methodChoice',
        'smsCodeSent',
        'smsForm',
        'totpForm',
        'wrongAnswerShown',
      ].sort(),
    );
    const methodsHome = model
      .getSimplePaths({ toState: (state) => state.matches('home') })
      .map((path) => path.steps.find((step) => step.event.type === 'method.select')?.event);
    expect(new Set(methodsHome.map((event) => JSON.stringify(event))).size).toBe(4);
  });

  it('[AUTH-42][AUTH-43] the free-play model reaches each of its 5 screens; the demo starts only with the flag on', () => {
    const model = createPathModel(freePlayModel, freePlayModelEvents);
    expect(endStates(model.getShortestPaths({ allowDuplicatePaths: true }))).toEqual(['errorShown', 'home', 'noOfferShown', 'notOpened', 'offerShown'].sort());
    for (const path of model.getSimplePaths({ toState: (state) => state.matches('home') })) {
      expect(path.steps[1]?.event).toEqual({ type: 'loginPopup.open', freePlay: true });
    }
  });
});
