import { errorText, lacks, settleStep, shows, signedIn, type ActorCalls, type DriverFactory } from '../driver-kit';
import type { ReplayPlayer } from '../fixtures';
import { DEFAULT_PASSWORD } from '../settings';

const CALLS: ActorCalls = { changePassword: { method: 'POST', path: '/wps/member/password' } };

/**
 * The standalone change-password form, as the real site shows it: a player signed in with the
 * default password reloads the page, and the session's pending change opens the form by itself,
 * asking for the current password (AUTH-07, AUTH-34). A wrong current password is typed where the
 * path's server refuses it.
 */
export const passwordChangeDriver: DriverFactory = (context) => {
  const { page, fixtures, note } = context;
  const form = page.getByRole('form', { name: 'Change password' });
  const field = (label: string) => form.getByLabel(label, { exact: true });
  let player!: ReplayPlayer;
  let currentRight = true;
  return {
    start: async () => {
      player = await fixtures.registerPlayer(context.ip, { password: DEFAULT_PASSWORD });
      note(`registered ${player.username} with the default password, signed in through the login popup, then reloaded /`);
      await page.goto(`${context.baseUrl}/login`);
      const login = page.getByRole('dialog', { name: 'Log in' });
      await login.getByLabel('Username', { exact: true }).fill(player.username);
      await login.getByLabel('Password', { exact: true }).fill(player.password);
      await login.getByRole('button', { name: 'Log in', exact: true }).click();
      await shows(login.getByLabel('New password', { exact: true }), 'the forced change in the login popup');
      await page.goto(`${context.baseUrl}/`);
    },
    arrange: async (step) => {
      currentRight = step.key === 'xstate.done.actor.changePassword:changed';
    },
    perform: async (step) => {
      const { newPassword, confirmNewPassword } = step.event.values as { newPassword: string; confirmNewPassword: string };
      await field('Current password').fill(currentRight ? player.password : 'Not#theRight1');
      await field('New password').fill(newPassword);
      await field('Confirm new password').fill(confirmNewPassword);
      note(`typed ${currentRight ? 'the right' : 'a wrong'} current password`);
      await form.getByRole('button', { name: 'Change password' }).click();
    },
    settle: (step) => settleStep(context, step, CALLS),
    check: async (step) => {
      const { leaves, screen } = step.state;
      if (leaves.includes('changed')) {
        await lacks(form, 'the change-password form');
        await signedIn(page);
        if (new URL(page.url()).pathname !== '/') throw new Error(`changed at ${page.url()}, not at /`);
        return;
      }
      await shows(field('Current password'), 'the change-password form asking for the current password');
      if (await field('Username').inputValue() !== player.username) throw new Error('the form does not show the player\'s username');
      if (screen['field errors']) await shows(form.locator('[aria-invalid="true"]'), 'a field marked wrong');
      if (screen.error) await shows(form.getByRole('alert').filter({ hasText: errorText(String(screen.error)) }), `the error "${errorText(String(screen.error))}"`);
    },
  };
};
