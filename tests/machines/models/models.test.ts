import { describe, expect, it } from 'vitest';
import { loginModel, loginModelEvents } from '../../models/login.model';
import { createPathModel } from '../../models/path-model';
import { passwordChangeModel, passwordChangeModelEvents } from '../../models/password-change.model';
import { registrationModel, registrationModelEvents } from '../../models/registration.model';

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
});
