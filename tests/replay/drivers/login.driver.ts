import type { MachinePath, PathStep } from '../../models/machine-paths';
import { CAPTCHA_TEXT, DEFAULT_PASSWORD } from '../settings';
import { errorText, lacks, pathHas, settleStep, shows, signedIn, type ActorCalls, type DriverFactory } from '../driver-kit';
import type { ReplayPlayer } from '../fixtures';

const CALLS: ActorCalls = {
  solveBotCheck: { method: 'GET', path: '/wps/verification/challenge' },
  submitLogin: { method: 'POST', path: '/wps/session/login' },
  loadCaptcha: { method: 'GET', path: '/wps/captcha' },
};

/**
 * The login popup against the real server. Each path logs in a player registered for it: with the
 * default password when the path is forced to change it, from another address when the path needs
 * the two-factor step. A wrong password is typed where the path's server refuses it; two failed
 * logins through the API first make the third one demand the captcha.
 */
export const loginDriver: DriverFactory = (context, path: MachinePath) => {
  const { page, fixtures, note } = context;
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  const field = (label: string) => dialog.getByLabel(label, { exact: true });
  const submit = () => dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  const needsTwoFactor = pathHas(path, 'xstate.error.actor.submitLogin:TWO_FACTOR_REQUIRED');
  let player!: ReplayPlayer;
  let passwordRight = true;
  let smsCodeRight = true;

  const sendSmsCode = async () => {
    await fixtures.smsCooldown(player.mobileNum);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await shows(dialog.getByRole('button', { name: /^Resend in/ }), 'the send-code button counting down');
  };

  return {
    start: async () => {
      const forcedChange = path.steps.some((step) => step.key === 'xstate.done.actor.submitLogin:default password');
      // A player's registration address is in its registry; the browser's own address is new to it.
      player = await fixtures.registerPlayer(needsTwoFactor ? fixtures.freshIp() : context.ip, forcedChange ? { password: DEFAULT_PASSWORD } : {});
      note(`registered ${player.username} (mobile ${player.mobileNum})${forcedChange ? ' with the default password' : ''}${needsTwoFactor ? ` from ${player.homeIp}, another address than the browser's` : ''}`);
      await page.goto(`${context.baseUrl}/login`);
    },
    arrange: async (step) => {
      if (step.key === 'xstate.error.actor.submitLogin:INVALID_CREDENTIALS') passwordRight = false;
      if (step.key === 'xstate.error.actor.submitLogin:INVALID_CREDENTIALS, captcha required') {
        passwordRight = false;
        await fixtures.failLogins(context.ip, player.username, 2);
        note(`two failed logins of ${player.username} from ${context.ip} through the API: the third failure demands the captcha`);
      }
      if (step.key === 'xstate.error.actor.submitLogin:SMS_CODE_INVALID') smsCodeRight = false;
      if (step.key.startsWith('xstate.done.actor.submitLogin') || step.key.endsWith('TWO_FACTOR_REQUIRED')) passwordRight = true;
    },
    perform: async (step: PathStep) => {
      switch (step.key) {
        case 'credentials.submit:valid':
        case 'credentials.submit:with captcha':
          await field('Username').fill(player.username);
          await field('Password').fill(passwordRight ? player.password : 'Not#theRight1');
          if (step.variant === 'with captcha') await field('Captcha').fill(CAPTCHA_TEXT);
          note(`typed ${player.username} with ${passwordRight ? 'its password' : 'a wrong password'}${step.variant === 'with captcha' ? ` and the captcha ${CAPTCHA_TEXT}` : ''}`);
          return submit();
        case 'credentials.submit:blank':
          return submit();
        case 'credentials.submit:sms code': {
          await field('Mobile number').fill(player.mobileNum);
          await sendSmsCode();
          const code = smsCodeRight ? await fixtures.latestSmsCode(player.mobileNum) : '000000';
          note(smsCodeRight ? `read the SMS code ${code} from the outbox (operator API)` : 'typed a wrong SMS code');
          await field('Verification code').fill(code);
          return submit();
        }
        case 'tab.select:sms':
          return dialog.getByRole('tab', { name: 'Mobile code' }).click();
        case 'tab.select:username':
          return dialog.getByRole('tab', { name: 'Username' }).click();
        case 'captcha.refresh':
          return dialog.getByRole('button', { name: 'Show another captcha' }).click();
        case 'twoFactor.cancel':
          return dialog.getByRole('button', { name: 'Back to login' }).click();
        case 'xstate.done.actor.twoFactor:verified': {
          // The player's one factor is its mobile number, so the step asks for the SMS code at once.
          await sendSmsCode();
          const code = await fixtures.latestSmsCode(player.mobileNum);
          note(`read the two-factor SMS code ${code} from the outbox (operator API)`);
          await field('SMS code').fill(code);
          return dialog.getByRole('button', { name: 'Verify' }).click();
        }
        case 'xstate.done.actor.passwordChange:changed':
          if (await field('Current password').isVisible()) await field('Current password').fill(player.password);
          await field('New password').fill('Changed#2026pass');
          await field('Confirm new password').fill('Changed#2026pass');
          return dialog.getByRole('button', { name: 'Change password' }).click();
        default:
          throw new Error(`no way to make ${step.label} happen`);
      }
    },
    settle: (step) => settleStep(context, step, CALLS, { captchaRefreshThrottle: 1000 }),
    check: async (step) => {
      const { leaves, screen } = step.state;
      if (leaves.includes('authenticated')) {
        await signedIn(page);
        await lacks(dialog, 'the login popup');
        if (new URL(page.url()).pathname !== '/') throw new Error(`signed in at ${page.url()}, not at /`);
        return;
      }
      if (leaves.includes('twoFactor')) return shows(dialog.getByRole('heading', { name: 'Verify it is you' }), 'the two-factor step');
      if (leaves.includes('changingPassword')) return shows(field('New password'), 'the forced password change');
      const tab = screen.tab === 'sms' ? 'Mobile code' : 'Username';
      await shows(dialog.getByRole('tab', { name: tab, selected: true }), `the ${tab} tab selected`);
      if (screen.error) await shows(dialog.getByRole('alert').filter({ hasText: errorText(String(screen.error)) }), `the error "${errorText(String(screen.error))}"`);
      if (screen['field errors']) await shows(dialog.locator('[aria-invalid="true"]'), 'a field marked wrong');
      if (leaves.some((leaf) => leaf.startsWith('awaitingCredentials.captcha.shown'))) {
        await shows(dialog.getByRole('img', { name: 'Captcha image' }), 'the captcha image');
        if (leaves.includes('awaitingCredentials.captcha.shown.ready')) {
          if (!(await dialog.getByRole('button', { name: 'Show another captcha' }).isEnabled())) throw new Error('the captcha cannot be refreshed');
        }
      } else if (tab === 'Username') {
        await lacks(field('Captcha'), 'the captcha');
      }
    },
  };
};
