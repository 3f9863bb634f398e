import type { PathStep } from '../../models/machine-paths';
import { HOUSE_SLOTS } from '@server/seed/data/games-catalogue';
import { lacks, logInThroughPopup, settleStep, shows, type ActorCalls, type DriverFactory } from '../driver-kit';

const CALLS: ActorCalls = {
  launchGame: { method: 'POST', path: '/wps/game/launchGame' },
  loadHotGames: { method: 'GET', path: '/wps/relay/GLS_hotGames' },
};

/** A house slot: the built-in provider plays it. */
const HOUSE_GAME = HOUSE_SLOTS[0]!.gameName;

/**
 * Starting games from the slots lobby as a signed-in player: a house slot plays in the game popup;
 * an external vendor's slot (no vendor is connected to the replay's server) is under maintenance
 * and the popup offers other hot games, of which the replay plays a house slot.
 */
export const gameLaunchDriver: DriverFactory = (context) => {
  const { page, fixtures, note } = context;
  const popup = page.getByRole('dialog', { name: 'Game' });
  let vendorGame = '';

  const playFromLobby = async (name: string) => {
    await page.goto(`${context.baseUrl}/rng?name=${encodeURIComponent(name)}`);
    await page.getByRole('article', { name }).getByRole('button', { name: `Play ${name}` }).click();
  };

  return {
    start: async () => {
      const player = await fixtures.registerPlayer(context.ip);
      const games = await fixtures.clientFrom(context.ip).call<{ games: { gameName: string }[] }>('GET', '/wps/relay/GLS_gameList', {
        query: { gameType: 'RNG', vassalage: 'PG', pageSize: 1, language: 'en' },
      });
      vendorGame = games.body.value.games[0]?.gameName ?? '';
      if (!vendorGame) throw new Error('the catalogue lists no PG slot');
      note(`registered ${player.username} and logged it in; the vendor slot is ${vendorGame} (PG, not connected here)`);
      await logInThroughPopup(context, player);
    },
    arrange: async () => undefined,
    perform: async (step: PathStep) => {
      switch (step.key) {
        case 'game.launch:house game':
          if (await popup.getByRole('list', { name: 'Other hot games' }).isVisible()) {
            return popup.getByRole('list', { name: 'Other hot games' }).getByRole('button', { name: new RegExp(`^Play (${HOUSE_SLOTS.map((slot) => slot.gameName).join('|')})$`) }).first().click();
          }
          return playFromLobby(HOUSE_GAME);
        case 'game.launch:vendor game':
          return playFromLobby(vendorGame);
        case 'game.close':
          return popup.getByRole('button', { name: 'Close' }).first().click();
        default:
          throw new Error(`no way to make ${step.label} happen`);
      }
    },
    settle: (step) => settleStep(context, step, CALLS),
    check: async (step) => {
      const { leaves } = step.state;
      if (leaves.includes('idle')) return lacks(popup, 'the game popup');
      if (leaves.includes('active.playing')) return shows(popup.locator('iframe.game-frame'), 'the game playing in the popup');
      if (leaves.includes('active.maintenance.suggesting')) {
        await shows(popup.getByText(`${vendorGame} is under maintenance.`), `"${vendorGame} is under maintenance."`);
        await shows(popup.getByRole('list', { name: 'Other hot games' }), 'other hot games offered');
      }
    },
  };
};
