import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Banner } from '@shared/contract/system';
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
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/promotions'));
  });
});
