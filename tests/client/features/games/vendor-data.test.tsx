import { act, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameCard, VendorCategory, VendorItem } from '@shared/contract/games';
import { sessionCacheKey } from '@client/state/queries';
import { regroupGameMenus, regroupVendorLanes } from '@client/features/games/game-menus';
import { renderApp, resetShell } from '../../../helpers/render-app';

vi.mock('@client/features/games/use-game-launcher', () => ({ useGameLauncher: () => ({ launch: vi.fn(), launchVendor: vi.fn() }) }));

const card = (vassalage: string, gameType: string): GameCard => ({
  nodeId: vassalage.length * 100 + vassalage.charCodeAt(0),
  vassalage,
  gameType,
  gameName: `${vassalage} lobby`,
  iconUrl: `/v/${vassalage}.png`,
  gameClassify: '',
  isGame: 'GAME',
  gameCode: `${vassalage}_LOBBY`,
  isHot: 0,
  supportPlay: 1,
  lottoArea: null,
});
const menu = (gameCategory: string, vendors: [string, string][]): VendorCategory => ({
  gameCategory,
  title: gameCategory.toLowerCase(),
  gameClassify: '',
  cards: vendors.map(([code, type]) => card(code, type)),
});
const vendor = (vassalage: string, gameType: string): VendorItem => ({ vassalage, displayName: `${vassalage} name`, gameType, lagerIcon: `/v/${vassalage}.png`, maintenance: false });
const codes = (menus: VendorCategory[]) => menus.map((m) => [m.gameCategory, m.cards.map((c) => c.vassalage)]);

beforeEach(() => resetShell());

describe('game menus regrouping', { timeout: 20_000 }, () => {
  it('[GAMES-28] moves the e-sports vendors AV, IMES, IA, AI, TF and the cockfight vendors SV3, DS88, DIG, WGB, WS168 out of SPORTS', () => {
    const menus = [
      menu('LIVE', [['EVO', 'LIVE']]),
      menu('SPORTS', [
        ['SABA', 'SPORTS'],
        ['AV', 'ESPORTS'],
        ['SV3', 'COCKFIGHT'],
        ['IMES', 'ESPORTS'],
        ['IA', 'ESPORTS'],
        ['AI', 'ESPORTS'],
        ['TF', 'ESPORTS'],
        ['DS88', 'COCKFIGHT'],
        ['DIG', 'COCKFIGHT'],
        ['WGB', 'COCKFIGHT'],
        ['WS168', 'COCKFIGHT'],
        ['CMD', 'SPORTS'],
      ]),
      menu('LOTT', [['TCG_SEA', 'LOTT']]),
    ];
    const regrouped = regroupGameMenus(menus, (code) => `title of ${code}`);
    expect(codes(regrouped)).toEqual([
      ['LIVE', ['EVO']],
      ['SPORTS', ['SABA', 'CMD']],
      ['ESPORTS', ['AV', 'IMES', 'IA', 'AI', 'TF']],
      ['COCKFIGHT', ['SV3', 'DS88', 'DIG', 'WGB', 'WS168']],
      ['LOTT', ['TCG_SEA']],
    ]);
    expect(regrouped.find((m) => m.gameCategory === 'ESPORTS')?.title).toBe('title of ESPORTS');
    expect(menus[1]!.cards).toHaveLength(12);
  });

  it('[GAMES-28] merges into an ESPORTS category that already exists and leaves menus without SPORTS as they are', () => {
    const regrouped = regroupGameMenus([menu('SPORTS', [['TF', 'ESPORTS'], ['BTI', 'SPORTS']]), menu('ESPORTS', [['XE', 'ESPORTS']])], String);
    expect(codes(regrouped)).toEqual([
      ['SPORTS', ['BTI']],
      ['ESPORTS', ['XE', 'TF']],
    ]);
    const plain = [menu('RNG', [['PG', 'RNG']])];
    expect(codes(regroupGameMenus(plain, String))).toEqual([['RNG', ['PG']]]);
  });

  it('[GAMES-28] the vendor lanes are regrouped the same way', () => {
    const lanes = regroupVendorLanes([{ gameType: 'SPORTS', vendors: [vendor('SABA', 'SPORTS'), vendor('AV', 'SPORTS'), vendor('WGB', 'SPORTS')] }]);
    expect(lanes.map((l) => [l.gameType, l.vendors.map((v) => v.vassalage)])).toEqual([
      ['SPORTS', ['SABA']],
      ['ESPORTS', ['AV']],
      ['COCKFIGHT', ['WGB']],
    ]);
  });

  it('[GAMES-28] [SHELL-34] an e-sports vendor filed under SPORTS shows under E-sports in the side-menu tree', async () => {
    const { user } = await renderApp({
      handlers: { vendorList: () => ({ data: { lanes: [{ gameType: 'SPORTS', vendors: [vendor('SABA', 'SPORTS'), vendor('AV', 'ESPORTS')] }] } }) },
    });
    await screen.findByTestId('index-view');
    const tree = screen.getByRole('list', { name: 'shell:sideMenu.categories' });
    const toggles = await within(tree).findAllByRole('button', { name: 'shell:sideMenu.vendorsOf' });
    expect(toggles).toHaveLength(2);
    await user.click(toggles[1]!);
    expect(within(tree).getByRole('link', { name: 'AV name' })).toHaveAttribute('href', '/esports?vassalage=AV');
    expect(within(tree).queryByRole('link', { name: 'SABA name' })).not.toBeInTheDocument();
  });
});

describe('session caches', { timeout: 20_000 }, () => {
  const lanes = (language: string) => ({ data: { lanes: [{ gameType: 'FISH', vendors: [{ ...vendor('EVO', 'FISH'), displayName: `Evo (${language})` }] }] } });
  const vendorListHandler = (input: { query?: { language?: string } }) => lanes(input.query?.language ?? '');

  it('[GAMES-29] the vendor list is kept in session storage and served from there on the next load', async () => {
    const first = await renderApp({ path: '/fish', handlers: { vendorList: vendorListHandler, gameList: () => ({ games: [], totalPages: 0 }) } });
    await waitFor(() => expect(window.sessionStorage.getItem(sessionCacheKey('vendorList'))).toContain('Evo (cimode)'));
    expect(first.api.callsTo('vendorList')).toHaveLength(1);
    first.unmount();

    const second = await renderApp({ path: '/fish', handlers: { vendorList: vendorListHandler, gameList: () => ({ games: [], totalPages: 0 }) } });
    expect(await screen.findByRole('region', { name: 'games:lobby.vendorMenu' })).toHaveTextContent('Evo (cimode)');
    expect(second.api.callsTo('vendorList')).toHaveLength(0);
  });

  it('[GAMES-29] changing the language flushes the cached vendor list and loads it in the new language', async () => {
    const { api } = await renderApp({ path: '/fish', handlers: { vendorList: vendorListHandler, gameList: () => ({ games: [], totalPages: 0 }) } });
    await waitFor(() => expect(window.sessionStorage.getItem(sessionCacheKey('vendorList'))).toContain('Evo (cimode)'));
    await act(() => i18next.changeLanguage('en'));
    await waitFor(() => expect(api.callsTo('vendorList').at(-1)?.query).toMatchObject({ language: 'en' }));
    await waitFor(() => expect(window.sessionStorage.getItem(sessionCacheKey('vendorList'))).toContain('Evo (en)'));
    expect(window.sessionStorage.getItem(sessionCacheKey('vendorList'))).not.toContain('Evo (cimode)');
  });

  it('[GAMES-30] the hot games are kept in session storage and served from there on the next load', async () => {
    const hot = { list: [{ ...card('PG', 'RNG'), gameName: 'Hot Koi' }] };
    const first = await renderApp({ path: '/fish', handlers: { hotGames: () => hot, gameList: () => ({ games: [], totalPages: 0 }) } });
    await first.user.click(await screen.findByRole('button', { name: 'shell:miniGame.open' }));
    expect(await screen.findByText('Hot Koi')).toBeInTheDocument();
    await waitFor(() => expect(window.sessionStorage.getItem(sessionCacheKey('hotGames'))).toContain('Hot Koi'));
    first.unmount();

    const second = await renderApp({ path: '/fish', handlers: { hotGames: () => hot, gameList: () => ({ games: [], totalPages: 0 }) } });
    await second.user.click(await screen.findByRole('button', { name: 'shell:miniGame.open' }));
    expect(await screen.findByText('Hot Koi')).toBeInTheDocument();
    expect(second.api.callsTo('hotGames')).toHaveLength(0);
  });
});
