import { errorText, lacks, settleStep, shows, signedIn, type ActorCalls, type DriverFactory } from '../driver-kit';
import type { ReplayPlayer } from '../fixtures';

const CALLS: ActorCalls = {
  sendResetEmail: { method: 'POST', path: '/wps/member/password/email' },
  resetPasswordByPhone: { method: 'POST', path: '/wps/member/password/verification' },
};

/**
 * The forgot-password popup against the real server (both reset flags are on in the seed), for a
 * player registered with an email and a mobile number. The server's refusals are brought on by
 * what is typed: an email that is not the player's, a wrong SMS code.
 */
export const forgotPasswordDriver: DriverFactory = (context) => {
  const { page, fixtures, note } = context;
  const dialog = page.getByRole('dialog', { name: 'Forgot password' });
  const field = (label: string) => dialog.getByLabel(label, { exact: true });
  let player!: ReplayPlayer;
  let right = true;
  return {
    start: async () => {
      const username = fixtures.freshUsername();
      player = await fixtures.registerPlayer(context.ip, { username, email: `${username}@replay.example` });
      note(`registered ${player.username} with ${player.email} and ${player.mobileNum}`);
      await page.goto(`${context.baseUrl}/login`);
      await page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Forgot password?' }).click();
    },
    arrange: async (step) => {
      right = step.event.type.startsWith('xstate.done.actor.');
    },
    perform: async (step) => {
      switch (step.key) {
        case 'method.select:email':
          return dialog.getByRole('tab', { name: 'By email' }).click();
        case 'method.select:mobileNum':
          return dialog.getByRole('tab', { name: 'By mobile' }).click();
        case 'email.submit:valid':
          await field('Username').fill(player.username);
          await field('Email').fill(right ? player.email! : 'someone.else@replay.example');
          note(`typed ${player.username} with ${right ? 'its email' : 'an email that is not its own'}`);
          return dialog.getByRole('button', { name: 'Send reset link' }).click();
        case 'email.submit:blank':
          return dialog.getByRole('button', { name: 'Send reset link' }).click();
        case 'code.request:invalid number':
          await field('Mobile number').fill(step.event.mobileNum);
          return dialog.getByRole('button', { name: 'Send code' }).click();
        case 'phone.submit:valid': {
          await field('Mobile number').fill(player.mobileNum);
          await fixtures.smsCooldown(player.mobileNum);
          await dialog.getByRole('button', { name: 'Send code' }).click();
          await shows(dialog.getByRole('button', { name: /^Resend in/ }), 'the send-code button counting down');
          const code = right ? await fixtures.latestSmsCode(player.mobileNum) : '000000';
          note(right ? `read the SMS code ${code} from the outbox (operator API)` : 'typed a wrong SMS code');
          await field('Verification code').fill(code);
          await field('New password').fill('Reset#2026pass');
          return dialog.getByRole('button', { name: 'Set new password and log in' }).click();
        }
        case 'phone.submit:blank':
          return dialog.getByRole('button', { name: 'Set new password and log in' }).click();
        case 'confirmation.dismiss':
          return dialog.getByRole('button', { name: 'OK' }).click();
        default:
          throw new Error(`no way to make ${step.label} happen`);
      }
    },
    settle: (step) => settleStep(context, step, CALLS),
    check: async (step) => {
      const { leaves, screen } = step.state;
      if (leaves.includes('emailSent')) return shows(dialog.getByRole('status').filter({ hasText: 'Check your email' }), 'the "Check your email" confirmation');
      if (leaves.includes('closed')) {
        await lacks(dialog, 'the forgot-password popup');
        if (screen.tab === 'mobileNum') await signedIn(page);
        return;
      }
      const tab = screen.tab === 'mobileNum' ? 'By mobile' : 'By email';
      await shows(dialog.getByRole('tab', { name: tab, selected: true }), `the ${tab} tab selected`);
      if (screen.error) await shows(dialog.getByRole('alert').filter({ hasText: errorText(String(screen.error)) }), `the error "${errorText(String(screen.error))}"`);
      if (screen['field errors']) await shows(dialog.locator('[aria-invalid="true"]'), 'a field marked wrong');
    },
  };
};
