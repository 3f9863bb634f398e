import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Banner } from '@shared/contract/system';
import { QueryClient } from '@tanstack/react-query';
import { preloadSitePage } from '@client/app/layouts/site-layout';
import { createFakeApi } from '../../../helpers/fake-api';
import { renderApp, resetShell } from '../../../helpers/render-app';

// The carousel's chunk (swiper) never arrives here: what shows is what a slow phone shows until it does.
vi.mock('@client/app/shell/banner-carousel', () => new Promise(() => {}));
vi.mock('@client/features/games/use-game-launcher', () => ({
  useGameLauncher: () => ({ launch: vi.fn(), launchVendor: vi.fn() }),
}));

const banner = (id: number, extra: Partial<Banner> = {}): Banner => ({
  id,
  url: `/static/banners/${id}.svg`,
  linkageType: 'NONE',
  linkTarget: null,
  groupName: 'w_home',
  title: `Banner ${id}`,
  ...extra,
});

beforeEach(() => resetShell());

describe('home banner before its carousel loads', () => {
  it('shows the first banner at once, its image fetched first, and it opens its target', async () => {
    const { router } = await renderApp({
      handlers: { announcements: () => ({ banners: [banner(1, { linkageType: 'INTERNAL', linkTarget: '/promotions' }), banner(2)], player: [], popup: [], promotion: [] }) },
    });
    const region = await screen.findByRole('region', { name: 'shell:banner.label' });
    const slide = await within(region).findByRole('button', { name: 'Banner 1' });
    expect(within(region).queryByRole('button', { name: 'Banner 2' })).not.toBeInTheDocument();
    const image = slide.querySelector('img');
    expect(image?.getAttribute('src')).toContain('/static/banners/1.svg');
    expect(image?.getAttribute('fetchpriority')).toBe('high');
    slide.click();
    await vi.waitFor(() => expect(router.location.pathname).toBe('/promotions'));
  });

  it('the banners are asked for at startup, with the very read the banner area makes, and only where there is a banner area', async () => {
    const answer = { banners: [banner(1)], player: [], popup: [], promotion: [] };
    const { api: rendered } = await renderApp({ handlers: { announcements: () => answer } });
    await screen.findByRole('button', { name: 'Banner 1' });
    // The banner area's own read: the one without the popups' execution filter.
    const bannerRead = rendered.callsTo('announcements').find((input) => !('execution' in (input.query ?? {})));
    expect(bannerRead).toBeDefined();

    const queryClient = new QueryClient();
    const api = createFakeApi({ announcements: () => answer });
    const preloaded = preloadSitePage('/', queryClient, api);
    expect(api.callsTo('announcements')).toEqual([bannerRead]);
    await preloaded;
    expect(queryClient.getQueryData(['announcements', bannerRead])).toEqual(answer);

    const elsewhere = createFakeApi();
    for (const path of ['/agentHome', '/ops']) await preloadSitePage(path, new QueryClient(), elsewhere);
    expect(elsewhere.calls).toEqual([]);
  });
});
