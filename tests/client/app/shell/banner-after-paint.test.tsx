import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Banner } from '@shared/contract/system';
import { renderApp, resetShell } from '../../../helpers/render-app';

/** How many times the carousel's chunk was asked for. */
const carouselChunk = vi.hoisted(() => ({ requests: 0 }));
vi.mock('@client/app/shell/banner-carousel', () => {
  carouselChunk.requests += 1;
  return { default: ({ banners }: { banners: readonly Banner[] }) => <p>carousel of {banners.length}</p> };
});
vi.mock('@client/features/games/use-game-launcher', () => ({
  useGameLauncher: () => ({ launch: vi.fn(), launchVendor: vi.fn() }),
}));

const banner = (id: number): Banner => ({ id, url: `/static/banners/${id}.svg`, linkageType: 'NONE', linkTarget: null, groupName: 'w_home', title: `Banner ${id}` });

/** Animation frames held back: the browser has not painted until they run. */
let frames: FrameRequestCallback[] = [];

beforeEach(() => {
  resetShell();
  frames = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
});
afterEach(() => vi.restoreAllMocks());

describe('the home banner carousel after the first paint (issue 15)', () => {
  it('[LOBBY-10] the first banner is painted alone; the carousel is asked for once the page has painted, and takes its place', async () => {
    await renderApp({ handlers: { announcements: () => ({ banners: [banner(1), banner(2)], player: [], popup: [], promotion: [] }) } });
    await screen.findByRole('button', { name: 'Banner 1' });
    expect(carouselChunk.requests).toBe(0);

    act(() => frames.splice(0).forEach((frame) => frame(performance.now())));
    expect(await screen.findByText('carousel of 2')).toBeInTheDocument();
    expect(carouselChunk.requests).toBe(1);
  });
});
