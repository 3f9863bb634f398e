import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiCallError } from '@client/lib/api-client';
import { PLAYER, renderApp, resetShell, TRIAL } from '../../../helpers/render-app';

beforeEach(() => resetShell());

const launched = (gameCode: string, freePlay = false) => ({ gameUrl: `https://games.example.test/house/play/${gameCode}?session=abc`, expiresAt: '2026-11-22T06:00:00Z', freePlay });

describe('seamless game page', () => {
  it('[SHELL-13] hosts the game of ?gameCode&vassalage in the page, launched through the api', async () => {
    const { api } = await renderApp({ path: '/seamless?gameCode=HOUSE_DICE&vassalage=HOUSE', member: PLAYER, handlers: { launchGame: ({ body }) => launched(body!.gameCode) } });
    const main = await screen.findByRole('main');
    expect(await within(main).findByTitle('HOUSE_DICE')).toHaveAttribute('src', 'https://games.example.test/house/play/HOUSE_DICE?session=abc');
    expect(api.callsTo('launchGame')).toEqual([{ body: { gameCode: 'HOUSE_DICE', vassalage: 'HOUSE', device: 'WEB', freePlay: false, language: 'cimode' } }]);
  });

  it('[SHELL-13] passes the game type along when the address names one', async () => {
    const { api } = await renderApp({ path: '/seamless?gameCode=PG_1&vassalage=PG&gameType=RNG', member: PLAYER, handlers: { launchGame: ({ body }) => launched(body!.gameCode) } });
    await screen.findByTitle('PG_1');
    expect(api.callsTo('launchGame')[0]?.body).toMatchObject({ gameCode: 'PG_1', vassalage: 'PG', gameType: 'RNG' });
  });

  it('[SHELL-13] a trial account plays on the demo balance and is told so', async () => {
    await renderApp({ path: '/seamless?gameCode=HOUSE_DICE&vassalage=HOUSE', member: TRIAL, handlers: { launchGame: ({ body }) => launched(body!.gameCode, true) } });
    expect(await screen.findByText(/games:lottery.freePlay/)).toBeInTheDocument();
    expect(screen.getByTitle('HOUSE_DICE')).toBeInTheDocument();
  });

  it('[SHELL-13] a guest is asked to sign in and nothing is launched', async () => {
    const { api } = await renderApp({ path: '/seamless?gameCode=HOUSE_DICE&vassalage=HOUSE', handlers: { launchGame: ({ body }) => launched(body!.gameCode) } });
    expect(await screen.findByText('common:notLoggedIn')).toBeInTheDocument();
    expect(screen.queryByTitle('HOUSE_DICE')).not.toBeInTheDocument();
    expect(api.callsTo('launchGame')).toHaveLength(0);
  });

  it('[SHELL-13] a game under maintenance says so in words and starts on retry', async () => {
    let down = true;
    const { api, user } = await renderApp({
      path: '/seamless?gameCode=HOUSE_CRASH&vassalage=HOUSE',
      member: PLAYER,
      handlers: {
        launchGame: ({ body }) => {
          if (down) throw new ApiCallError('GAME_MAINTENANCE', 503, 'This game is under maintenance');
          return launched(body!.gameCode);
        },
      },
    });
    const main = await screen.findByRole('main');
    expect(await within(main).findByText('errors:GAME_MAINTENANCE')).toBeInTheDocument();
    expect(within(main).queryByTitle('HOUSE_CRASH')).not.toBeInTheDocument();
    down = false;
    await user.click(within(main).getByRole('button', { name: 'common:actions.retry' }));
    expect(await within(main).findByTitle('HOUSE_CRASH')).toBeInTheDocument();
    expect(api.callsTo('launchGame')).toHaveLength(2);
  });

  it('[SHELL-13] shows the real error text in the interface language', async () => {
    await renderApp({
      lng: 'en',
      path: '/seamless?gameCode=HOUSE_CRASH&vassalage=HOUSE',
      member: PLAYER,
      handlers: {
        launchGame: () => {
          throw new ApiCallError('GAME_MAINTENANCE', 503, 'maintenance');
        },
      },
    });
    expect(await screen.findByText('This game is under maintenance. Try one of our other hot games.')).toBeInTheDocument();
  });

  it('[SHELL-13] without a game to host it asks to choose one from the lobby', async () => {
    const { api } = await renderApp({ path: '/seamless?gameCode=HOUSE_DICE', member: PLAYER });
    expect(await screen.findByText('shell:screens.seamlessChoose')).toBeInTheDocument();
    expect(api.callsTo('launchGame')).toHaveLength(0);
  });
});
