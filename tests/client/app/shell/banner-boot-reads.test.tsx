import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNER_READ, BOOT_READS_ELEMENT_ID, GUEST_POPUPS_READ, pageReads, type BootRead } from '@shared/boot-reads';
import { deriveSystemStatus, type Banner } from '@shared/contract/system';
import { DEFAULT_LANGUAGE } from '@shared/i18n/languages';
import { QueryClient } from '@tanstack/react-query';
import { takeBootReads } from '@client/app/boot-reads';
import type { FakeApi } from '../../../helpers/fake-api';
import { makePermission } from '../../../helpers/permission-fixture';
import { announcement } from '../../../helpers/money-fixtures';
import { lobbyHandlers } from '../../features/games/home-fixtures';
import { PLAYER, renderApp, resetShell } from '../../../helpers/render-app';

vi.mock('@client/features/games/use-game-launcher', () => ({
  useGameLauncher: () => ({ launch: vi.fn(), launchVendor: vi.fn() }),
  useLaunchGame: () => vi.fn(),
}));

const banner = (id: number, title: string): Banner => ({ id, url: `/static/banners/${id}.svg`, linkageType: 'NONE', linkTarget: null, groupName: 'w_home', title });

beforeEach(() => resetShell());

// A signed-in player's home loads lazy screens and asks the server first; on a loaded 2-core CI machine that
// has taken over the 5 s a lookup waits by default.
const SLOW_MACHINE = { timeout: 15_000 };

describe('the banners answered with the home page (issue 15)', () => {
  const pageAnswer = { banners: [banner(7, 'From the page')], player: [], popup: [], promotion: [] };
  const apiAnswer = { banners: [banner(8, 'From the API')], player: [], popup: [], promotion: [] };
  const pageRead = (): BootRead => ({ key: 'announcements', input: BANNER_READ, value: pageAnswer, readAt: Date.now() });
  const bannerReads = (api: FakeApi) => api.callsTo('announcements').filter((input) => !('execution' in (input.query ?? {})));

  it('[LOBBY-09] a visitor sees the first banner the page came with, without asking for the banners again', async () => {
    const { api } = await renderApp({ bootReads: [pageRead()], handlers: { announcements: () => apiAnswer } });
    await vi.waitFor(() => within(screen.getAllByRole('region', { name: 'shell:banner.label' })[0]!).getByRole('button', { name: 'From the page' }), SLOW_MACHINE);
    expect(bannerReads(api)).toEqual([]);
    expect(document.getElementById(BOOT_READS_ELEMENT_ID)).toBeNull();
  });

  it('[LOBBY-14] [MSG-08] the site configuration and status, guests\' popups, game menus, lobby categories and jackpot the page came with are not asked for again', async () => {
    const lobby = lobbyHandlers();
    const permission = makePermission();
    const answers: Partial<Record<string, unknown>> = {
      systemPermission: permission,
      systemStatus: { status: deriveSystemStatus(permission), maintenance: false, regionRestriction: false, ip: '203.0.113.7' },
      announcements: pageAnswer,
      gameMenus: [{ gameCategory: 'RNG', title: 'Slots', gameClassify: 'SC', cards: [] }],
      gameType: await lobby.gameType!({} as never),
      jackpot: await lobby.jackpot!({} as never),
    };
    const guestPopups = { banners: [], player: [], popup: [announcement({ id: 2, title: 'Visitors welcome', execution: 'B' })], promotion: [] };
    const bootReads = pageReads('/', DEFAULT_LANGUAGE).map((read) => ({
      ...read,
      value: read.input === GUEST_POPUPS_READ ? guestPopups : answers[read.key],
      readAt: Date.now(),
    }));
    const { api } = await renderApp({ lng: DEFAULT_LANGUAGE, bootReads, handlers: lobbyHandlers({ announcements: () => apiAnswer }) });
    await vi.waitFor(() => screen.getAllByRole('button', { name: 'From the page' }), SLOW_MACHINE);
    await vi.waitFor(() => expect(document.querySelector('.jackpot')).not.toBeNull(), SLOW_MACHINE);
    await vi.waitFor(() => within(screen.getByRole('dialog')).getAllByText('Visitors welcome'), SLOW_MACHINE);
    const asked = ['systemPermission', 'systemStatus', 'announcements', 'gameMenus', 'gameType', 'jackpot'] as const;
    expect(asked.flatMap((key) => api.callsTo(key))).toEqual([]);
  });

  it('[LOBBY-09] a signed-in player asks for the banners as themself: the visitor answer of the page is not used', async () => {
    const { api } = await renderApp({ member: PLAYER, bootReads: [pageRead()], handlers: { announcements: () => apiAnswer } });
    await vi.waitFor(() => within(screen.getAllByRole('region', { name: 'shell:banner.label' })[0]!).getByRole('button', { name: 'From the API' }), SLOW_MACHINE);
    expect(bannerReads(api).length).toBeGreaterThan(0);
  });

  it("[LOBBY-09] a signed-in player's tab shows the page's first banner until its own banners come, with no empty placeholder between", async () => {
    let answerBanners!: () => void;
    const answered = new Promise<void>((resolve) => (answerBanners = resolve));
    const bannerArea = () => screen.getAllByRole('region', { name: 'shell:banner.label' })[0]!;
    await renderApp({ member: PLAYER, bootReads: [pageRead()], handlers: { announcements: async () => (await answered, apiAnswer) } });
    await vi.waitFor(() => within(bannerArea()).getByRole('button', { name: 'From the page' }), SLOW_MACHINE);
    expect(document.querySelector('.banner-placeholder')).toBeNull();
    answerBanners();
    await vi.waitFor(() => within(bannerArea()).getByRole('button', { name: 'From the API' }), SLOW_MACHINE);
  });

  it('an unreadable block is dropped and changes nothing', () => {
    const queryClient = new QueryClient();
    const block = Object.assign(document.createElement('script'), { type: 'application/json', id: BOOT_READS_ELEMENT_ID, textContent: '[{"key":' });
    document.head.append(block);
    takeBootReads(queryClient);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    expect(document.getElementById(BOOT_READS_ELEMENT_ID)).toBeNull();
  });
});
