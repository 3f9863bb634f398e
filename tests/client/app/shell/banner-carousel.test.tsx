import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Banner, BANNER_GROUPS, type Banner as BannerRecord } from '@shared/contract/system';
import { shellUiStore } from '@client/state/ui-state';
import { renderApp, resetShell } from '../../../helpers/render-app';

// The lobby's tabs start vendors through the game launcher, which these tests do not exercise.
vi.mock('@client/features/games/use-game-launcher', () => ({
  useGameLauncher: () => ({ launch: vi.fn(), launchVendor: vi.fn() }),
}));

const banner = (id: number, groupName: BannerRecord['groupName'], extra: Partial<BannerRecord> = {}): BannerRecord => ({
  id,
  url: `/static/banners/${id}.svg`,
  linkageType: 'NONE',
  linkTarget: null,
  groupName,
  title: `Banner ${id}`,
  ...extra,
});

const renderWithBanners = (banners: BannerRecord[]) =>
  renderApp({ handlers: { announcements: () => ({ banners, player: [], popup: [], promotion: [] }) } });

type SwiperElement = HTMLElement & {
  swiper: { params: { autoplay: false | { delay: number }; loop: boolean; speed: number }; autoplay: { running: boolean } };
};

const homeCarousel = async () => {
  const region = await screen.findByRole('region', { name: 'shell:banner.label' });
  await waitFor(() => expect(region.querySelector('.swiper-initialized')).not.toBeNull());
  return { region, swiper: (region.querySelector('.swiper') as SwiperElement).swiper };
};

beforeEach(() => resetShell());

describe('home banner carousel', () => {
  it('[LOBBY-08] a banner has url, linkageType and groupName, the group being w_home, w_leftmenu or w_reg', () => {
    expect(BANNER_GROUPS).toEqual(['w_home', 'w_leftmenu', 'w_reg']);
    expect(Banner.safeParse(banner(1, 'w_reg')).success).toBe(true);
    expect(Banner.safeParse({ ...banner(1, 'w_home'), groupName: 'w_footer' }).success).toBe(false);
    const { url: _url, ...withoutUrl } = banner(1, 'w_home');
    expect(Banner.safeParse(withoutUrl).success).toBe(false);
    const { linkageType: _linkageType, ...withoutLinkage } = banner(1, 'w_home');
    expect(Banner.safeParse(withoutLinkage).success).toBe(false);
  });

  it('[LOBBY-09] the home carousel shows the w_home banners only', async () => {
    await renderWithBanners([banner(1, 'w_home'), banner(2, 'w_leftmenu'), banner(3, 'w_reg'), banner(4, 'w_home')]);
    const { region } = await homeCarousel();
    const slides = within(region).getAllByRole('button', { name: /^Banner \d$/ });
    expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual(['Banner 1', 'Banner 4']);
  });

  it('[LOBBY-10] with more than one banner it autoplays every 5000 ms', async () => {
    await renderWithBanners([banner(1, 'w_home'), banner(2, 'w_home')]);
    const { swiper } = await homeCarousel();
    expect(swiper.params.autoplay).toMatchObject({ delay: 5000 });
    expect(swiper.autoplay.running).toBe(true);
  });

  it('[LOBBY-10] a single banner does not autoplay', async () => {
    await renderWithBanners([banner(1, 'w_home')]);
    const { swiper } = await homeCarousel();
    expect(swiper.autoplay.running).toBe(false);
  });

  it('[LOBBY-11] the carousel loops with a 1000 ms transition', async () => {
    await renderWithBanners([banner(1, 'w_home'), banner(2, 'w_home'), banner(3, 'w_home')]);
    const { swiper } = await homeCarousel();
    expect(swiper.params.loop).toBe(true);
    expect(swiper.params.speed).toBe(1000);
  });

  it('[LOBBY-12] the carousel shows previous/next arrows and a dot per banner', async () => {
    await renderWithBanners([banner(1, 'w_home'), banner(2, 'w_home'), banner(3, 'w_home')]);
    const { region } = await homeCarousel();
    expect(within(region).getByRole('button', { name: 'Previous slide' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Next slide' })).toBeInTheDocument();
    await waitFor(() => expect(region.querySelectorAll('.swiper-pagination-bullet')).toHaveLength(3));
  });

  it('[LOBBY-13] an INTERNAL slide opens its path in the app', async () => {
    const { router, user } = await renderWithBanners([banner(1, 'w_home', { linkageType: 'INTERNAL', linkTarget: '/promotions' })]);
    const { region } = await homeCarousel();
    await user.click(within(region).getByRole('button', { name: 'Banner 1' }));
    expect(router.location.pathname).toBe('/promotions');
  });

  it('[LOBBY-13] an EXTERNAL slide opens its URL in a new window', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = await renderWithBanners([banner(1, 'w_home', { linkageType: 'EXTERNAL', linkTarget: 'https://example.com/offer' })]);
    const { region } = await homeCarousel();
    await user.click(within(region).getByRole('button', { name: 'Banner 1' }));
    expect(open).toHaveBeenCalledWith('https://example.com/offer', '_blank', 'noopener,noreferrer');
    open.mockRestore();
  });

  it('[LOBBY-13] a GAME_TYPE slide shows that game type in the lobby', async () => {
    const { user } = await renderWithBanners([banner(1, 'w_home', { linkageType: 'GAME_TYPE', linkTarget: 'LIVE' })]);
    const { region } = await homeCarousel();
    await user.click(within(region).getByRole('button', { name: 'Banner 1' }));
    expect(await screen.findByRole('tab', { name: 'common:gameTypes.LIVE' })).toHaveAttribute('aria-selected', 'true');
    expect(shellUiStore.get().gameType).toBe('LIVE');
  });

  it('[LOBBY-13] a NONE slide goes nowhere', async () => {
    const { router, user } = await renderWithBanners([banner(1, 'w_home', { linkageType: 'NONE', linkTarget: '/promotions' })]);
    const { region } = await homeCarousel();
    await act(() => user.click(within(region).getByRole('button', { name: 'Banner 1' })));
    expect(router.location.pathname).toBe('/');
  });
});
