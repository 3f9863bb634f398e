import type { PathStep } from '../../models/machine-paths';
import { HOUSE_SLOTS } from '@server/seed/data/games-catalogue';
import { lacks, settleStep, shows, signedIn, type ActorCalls, type DriverFactory } from '../driver-kit';
import type { ReplayPlayer } from '../fixtures';

const CALLS: ActorCalls = {
  addFavourite: { method: 'POST', path: '/wps/relay/GLS_favorites' },
  removeFavourite: { method: 'DELETE', path: '/wps/relay/GLS_favorites' },
};

const GAME = HOUSE_SLOTS[0]!.gameName;

/**
 * The heart of one game card in the slots lobby, as a guest, a trial account (free play) and a
 * registered player. The page is never reloaded once open: the favourites live in the app, so the
 * replay logs in and out through the header, and finds the card with the lobby's search.
 */
export const favouritesDriver: DriverFactory = (context) => {
  const { page, fixtures, note } = context;
  const banner = page.getByRole('banner');
  // The home page may show the same game in more than one row.
  const card = page.getByRole('article', { name: GAME }).first();
  const heart = card.getByRole('button', { name: `Favourite: ${GAME}` });
  let player: ReplayPlayer | null = null;

  const showCard = async () => {
    if (await card.isVisible()) return;
    await banner.getByRole('link', { name: 'Slots' }).first().click();
    await page.getByLabel('Game name').fill(GAME);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await shows(card, `the card of ${GAME}`);
  };

  const openLogin = async () => {
    await banner.getByRole('button', { name: 'Log in' }).click();
    return page.getByRole('dialog', { name: 'Log in' });
  };

  return {
    start: async () => {
      await page.goto(`${context.baseUrl}/rng?name=${encodeURIComponent(GAME)}`);
      await shows(card, `the card of ${GAME}`);
    },
    arrange: async () => undefined,
    perform: async (step: PathStep) => {
      switch (step.key) {
        case 'session.changed:member logs in': {
          player ??= await fixtures.registerPlayer(context.ip);
          note(`logs ${player.username} in through the header's login button`);
          const dialog = await openLogin();
          await dialog.getByLabel('Username', { exact: true }).fill(player.username);
          await dialog.getByLabel('Password', { exact: true }).fill(player.password);
          return dialog.getByRole('button', { name: 'Log in', exact: true }).click();
        }
        case 'session.changed:trial account': {
          const dialog = await openLogin();
          return dialog.getByRole('button', { name: 'Try the free demo' }).click();
        }
        case 'session.changed:logs out':
          await banner.getByRole('button', { name: /, account menu$/ }).click();
          await page.getByRole('menuitem', { name: 'Sign out' }).click();
          return page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
        case 'favourite.toggle:add':
        case 'favourite.toggle:remove':
          await showCard();
          return heart.click();
        default:
          throw new Error(`no way to make ${step.label} happen`);
      }
    },
    settle: async (step) => {
      if (step.event.type === 'favourites.loaded') await context.session.nextCall('GET', '/wps/relay/GLS_favorites');
      else await settleStep(context, step, CALLS, { toggleThrottle: 1000 });
    },
    check: async (step) => {
      const { leaves, screen } = step.state;
      const toggled = step.event.type === 'favourite.toggle';
      if (leaves.includes('guest')) {
        await shows(banner.getByRole('button', { name: 'Log in' }), 'the header of a guest');
        // GAMES-34: a guest's heart asks for the login
        if (toggled) await shows(page.getByRole('dialog', { name: 'Log in' }), 'the login popup');
        return;
      }
      await signedIn(page);
      if (leaves.includes('trial')) {
        // GAMES-36: a trial account's heart is refused
        if (toggled) await shows(page.getByText('Please register an account first'), 'the refusal "Please register an account first"');
        return;
      }
      await lacks(page.getByRole('dialog', { name: 'Log in' }), 'the login popup');
      await showCard();
      const pressed = Number(screen.favourites) > 0 ? 'true' : 'false';
      if ((await heart.getAttribute('aria-pressed')) !== pressed) throw new Error(`the heart is ${pressed === 'true' ? 'not ' : ''}pressed`);
    },
  };
};
