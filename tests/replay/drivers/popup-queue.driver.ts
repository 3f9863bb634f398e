import { ANNOUNCEMENTS } from '@server/seed/data/announcements';
import { lacks, shows, type DriverFactory } from '../driver-kit';
import type { ReplayPlayer } from '../fixtures';

/** The seeded popup announcement of each execution code (A members, B guests, F a first login). */
const POPUP_TITLE = Object.fromEntries(ANNOUNCEMENTS.filter((item) => item.type === 'PU' && item.execution).map((item) => [item.execution, item.title])) as Record<
  'A' | 'B' | 'F',
  string
>;

/**
 * The announcement popups of the seeded site: a guest opening it, a returning member, a new member
 * logging in for the first time; closing one, and a guest who closed it earlier in this browser
 * session (the replay opens the site and closes the popup first, as that guest did).
 */
export const popupQueueDriver: DriverFactory = (context) => {
  const { page, fixtures, note } = context;
  const popup = page.getByRole('dialog', { name: 'Announcements' });

  const logIn = async (player: ReplayPlayer) => {
    await page.goto(`${context.baseUrl}/login`);
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByLabel('Username', { exact: true }).fill(player.username);
    await dialog.getByLabel('Password', { exact: true }).fill(player.password);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  };

  return {
    start: async () => {
      note('the site is not open yet: the queue is empty');
    },
    arrange: async (step) => {
      if (step.key !== 'xstate.done.actor.readPopupDismissal:closed before') return;
      await page.goto(`${context.baseUrl}/`);
      await shows(popup.getByText(POPUP_TITLE.B), `the guests' popup "${POPUP_TITLE.B}"`);
      await popup.getByRole('button', { name: 'Close' }).first().click();
      note('opened the site as a guest and closed its announcements popup: this browser session remembers it');
    },
    perform: async (step) => {
      switch (step.key) {
        case 'popups.offer:guest':
          return void (await page.goto(`${context.baseUrl}/`));
        case 'popups.offer:member': {
          const player = await fixtures.registerPlayer(context.ip);
          await fixtures.login(context.ip, player);
          note(`registered ${player.username} and logged it in once through the API; it now logs in again in the browser`);
          return logIn(player);
        }
        case 'popups.offer:first login': {
          const player = await fixtures.registerPlayer(context.ip);
          note(`registered ${player.username}, which logs in for the first time in the browser`);
          return logIn(player);
        }
        case 'popup.close:announcements':
          return popup.getByRole('button', { name: 'Close' }).first().click();
        default:
          throw new Error(`no way to make ${step.label} happen`);
      }
    },
    check: async (step) => {
      const showing = String(step.state.screen.showing ?? '');
      if (!showing) {
        if (step.index > 0) await page.waitForLoadState('networkidle');
        return lacks(popup, 'an announcements popup');
      }
      const codes = showing.split('+') as ('A' | 'B' | 'F')[];
      for (const code of codes) await shows(popup.getByText(POPUP_TITLE[code]), `the popup "${POPUP_TITLE[code]}" (execution ${code})`);
      for (const code of (['A', 'B', 'F'] as const).filter((c) => !codes.includes(c))) await lacks(popup.getByText(POPUP_TITLE[code]), `the popup "${POPUP_TITLE[code]}" (execution ${code})`);
    },
  };
};
