import { describe, expect, it } from 'vitest';
import { passwordChangeMachine } from '@machines/auth/password-change.machine';
import { actorDone, actorError, definePaths, userEvent, type MachinePath } from '../../models/machine-paths';
import { machinePaths, PATH_REGISTRY } from '../../models/paths';

/** Each path as its end state and event keys: `authenticated ← credentials.submit:valid, …`. */
const ends = (name: string) => machinePaths(name).paths.map((path) => path.steps.at(-1)!.state.leaves.join(' + '));
const endingIn = (name: string, leaf: string) => machinePaths(name).paths.filter((path) => path.steps.at(-1)!.state.leaves.includes(leaf));
const keys = (path: MachinePath) => path.steps.slice(1).map((step) => step.key);

describe('the path registry: every user-facing flow, walked on its production machine or on a model proved against it', () => {
  it('lists the flows the testers replay, each with paths', () => {
    expect(PATH_REGISTRY.map((entry) => entry.name)).toEqual([
      'login',
      'two-factor',
      'password-change',
      'sms-countdown',
      'registration',
      'forgot-password',
      'free-play',
      'popup-queue',
      'favourites',
      'game-launch',
      'deposit',
      'withdrawal-confirmation',
      'contract',
      'contract-popup',
    ]);
    for (const entry of PATH_REGISTRY) expect(entry.paths.length, entry.name).toBeGreaterThan(2);
  });

  it('ends every path where the machine waits for the user: never on a pending server answer or delay', () => {
    for (const entry of PATH_REGISTRY) {
      for (const path of entry.paths) expect(path.steps.at(-1)!.state.waitingFor, `${entry.name} ${path.id}`).toBeNull();
    }
  });

  it('takes every transition of each walked machine (each event in each state value) on some path', () => {
    for (const entry of PATH_REGISTRY) {
      const taken = new Set(entry.paths.flatMap((path) => path.steps.slice(1).map((step, i) => `${JSON.stringify(path.steps[i]!.state.value)} ${step.key}`)));
      // Each path past the first reaches a screen or takes a transition the ones before it did not.
      expect(entry.transitions.length, entry.name).toBeGreaterThanOrEqual(entry.paths.length - 1);
      expect(entry.transitions.filter((transition) => !taken.has(transition)), entry.name).toEqual([]);
    }
  });

  it('gives each path a short id unique within its machine, and describes it in XState\'s words', () => {
    for (const entry of PATH_REGISTRY) {
      const ids = entry.paths.map((path) => path.id);
      expect(new Set(ids).size, entry.name).toBe(ids.length);
      for (const path of entry.paths) {
        expect(path.id).toMatch(/^[0-9a-f]{8}$/);
        expect(path.description).toMatch(/^Reaches states? "[^"]+"/);
      }
    }
    const login = machinePaths('login').paths.find((path) => keys(path).join(' ') === 'credentials.submit:valid xstate.done.actor.solveBotCheck:solved xstate.done.actor.submitLogin:ok');
    expect(login?.description).toBe(
      'Reaches state "authenticated": credentials.submit (valid) → xstate.done.actor.solveBotCheck (solved) → xstate.done.actor.submitLogin (ok)',
    );
    // Ids are a hash of the machine and the steps: a tester's bookmarked id keeps working.
    expect(login?.id).toBe('318f738b');
  });

  it('keeps a path\'s id when other paths are added to its machine', () => {
    const choices = [
      userEvent({ type: 'password.submit', values: { oldPassword: 'Secret#2026', newPassword: 'N3w#Secret2026', confirmNewPassword: 'N3w#Secret2026' } }, 'valid'),
      actorDone('changePassword', null, 'changed'),
    ];
    const before = definePaths({ name: 'password-change', title: '', machine: passwordChangeMachine, input: { username: 'player01' }, choices });
    const after = definePaths({
      name: 'password-change',
      title: '',
      machine: passwordChangeMachine,
      input: { username: 'player01' },
      choices: [...choices, actorError('changePassword', { code: 'PASSWORD_WRONG' }, 'PASSWORD_WRONG')],
    });
    expect(after.paths.length).toBeGreaterThan(before.paths.length);
    for (const path of before.paths) expect(after.paths.map((p) => p.id)).toContain(path.id);
  });

  it('[AUTH-02][AUTH-07][AUTH-10][AUTH-31][AUTH-40] logs in by password, by SMS code, through the captcha, the two-factor step and the forced password change', () => {
    const intoSession = endingIn('login', 'authenticated').map((path) => keys(path).join(' '));
    expect(intoSession).toContain('credentials.submit:valid xstate.done.actor.solveBotCheck:solved xstate.done.actor.submitLogin:ok');
    expect(intoSession.some((path) => path.startsWith('tab.select:sms credentials.submit:sms code xstate.done.actor.submitLogin:ok'))).toBe(true);
    expect(intoSession.some((path) => path.includes('credentials.submit:with captcha'))).toBe(true);
    expect(intoSession.some((path) => path.endsWith('xstate.done.actor.twoFactor:verified'))).toBe(true);
    expect(intoSession.some((path) => path.endsWith('xstate.done.actor.passwordChange:changed'))).toBe(true);
    expect(ends('login')).toEqual(expect.arrayContaining(['twoFactor', 'changingPassword', 'awaitingCredentials.form.editing + awaitingCredentials.captcha.shown.ready']));
  });

  it('[AUTH-40][AUTH-41] verifies each of the four second factors', () => {
    const methods = endingIn('two-factor', 'verified').map((path) => path.steps.at(-1)!.state.screen.method);
    expect(methods.sort()).toEqual(['bankAccountName', 'email', 'sms', 'totp']);
  });

  it('[AUTH-30][AUTH-31] counts a sent code down one second at a time before it may be sent again', () => {
    const resend = machinePaths('sms-countdown').paths.find((path) => keys(path).includes('xstate.done.actor.requestSmsCode:sent'))!;
    const ticks = resend.steps.filter((step) => step.key.startsWith('xstate.after.countdownTick'));
    expect(ticks).toHaveLength(60);
    expect(ticks.map((step) => step.state.screen['seconds left'])).toEqual([...Array.from({ length: 59 }, (_, i) => 59 - i), 0]);
    expect(resend.steps.at(-1)!.state.leaves).toEqual(['resendable.ready']);
  });

  it('[AUTH-21][AUTH-25][AUTH-26][AUTH-29] registers by username, by mobile and with an affiliate code; refuses unticked terms and a bad code', () => {
    const registered = endingIn('registration', 'registered').map(keys);
    expect(registered.map((path) => path[0])).toEqual(expect.arrayContaining(['registration.submit:valid', 'type.select:mobile', 'registration.submit:affiliate code']));
    const screens = machinePaths('registration').paths.map((path) => path.steps.at(-1)!.state.screen);
    expect(screens).toContainEqual(expect.objectContaining({ 'terms unticked': true, 'field errors': true }));
    expect(screens).toContainEqual(expect.objectContaining({ error: 'INVITATION_CODE_ERROR' }));
  });

  it('[AUTH-38][AUTH-39] resets a password by email (confirmation, then closed) and by SMS code (signed in)', () => {
    const closed = endingIn('forgot-password', 'closed').map((path) => keys(path).join(' '));
    expect(closed).toContain('email.submit:valid xstate.done.actor.sendResetEmail:sent confirmation.dismiss');
    expect(closed).toContain('method.select:mobileNum phone.submit:valid xstate.done.actor.resetPasswordByPhone:signed in');
  });

  it('[MSG-08][MSG-09] shows the announcements of each execution code to its audience, once per session', () => {
    const showing = machinePaths('popup-queue').paths.map((path) => path.steps.at(-1)!.state.screen.showing);
    expect(showing).toEqual(expect.arrayContaining(['B', 'A', 'A+F', null]));
    expect(machinePaths('popup-queue').paths.map((path) => keys(path).join(' '))).toContain('popups.offer:guest xstate.done.actor.readPopupDismissal:closed before');
  });

  it('[GAMES-31][GAMES-32][GAMES-35] adds and removes a favourite as a member, one toggle a second', () => {
    const toggled = machinePaths('favourites').paths.map(keys).find((path) => path.includes('favourite.toggle:remove'))!;
    expect(toggled).toEqual(expect.arrayContaining(['xstate.done.actor.addFavourite:saved', 'xstate.after.toggleThrottle.favourites.member.throttle.closed']));
    expect(toggled.indexOf('xstate.after.toggleThrottle.favourites.member.throttle.closed')).toBeLessThan(toggled.indexOf('favourite.toggle:remove'));
  });

  it('[GAMES-19][GAMES-22] plays a game in the popup, or offers other hot games while it is under maintenance', () => {
    expect(ends('game-launch')).toEqual(expect.arrayContaining(['active.playing', 'active.maintenance.suggesting', 'idle']));
  });

  it('[WALLET-01][WALLET-04] shows a deposit pending, then credited or failed as its result is pushed', () => {
    expect(ends('deposit')).toEqual(expect.arrayContaining(['pending', 'resolved.credited', 'resolved.failed']));
  });

  it('[WALLET-12][WALLET-13][WALLET-15] confirms a withdrawal received, not received with proof, or auto-received; a report is sent only with proof', () => {
    expect(ends('withdrawal-confirmation')).toEqual(expect.arrayContaining(['received', 'notReceived', 'autoReceived']));
    for (const path of endingIn('withdrawal-confirmation', 'notReceived')) expect(keys(path)).toContain('proof.add:png');
  });

  it('[AGENT-18][AGENT-20] walks the contract flows on their models, each proved on the production machines by a model test', () => {
    expect(PATH_REGISTRY.filter((entry) => entry.provedBy).map((entry) => [entry.name, entry.provedBy])).toEqual([
      ['contract', 'tests/machines/models/contract.model.test.ts'],
      ['contract-popup', 'tests/machines/models/contract-popup.model.test.ts'],
    ]);
    expect(ends('contract')).toEqual(expect.arrayContaining(['inForce', 'rejected', 'withdrawn', 'expired', 'terminated']));
    expect(machinePaths('contract').paths.map((path) => keys(path).join(' '))).toContain('upline.offer downline.accept downline.requestTermination upline.refuseTermination');
    expect(ends('contract-popup')).toEqual(expect.arrayContaining(['offerShown', 'terminationShown', 'goneShown', 'offerRetryShown', 'terminationRetryShown', 'closed']));
  });
});
