import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameCard, VendorItem } from '@shared/contract/games';
import type { MemberInfo } from '@shared/contract/member';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { waitFor as waitForActor } from 'xstate';
import { selectOpenModals } from '@machines/app/popup-queue.selectors';
import { SYSTEM_IDS } from '@machines/shared/ids';
import { ApiProvider } from '@client/state/api';
import { AppActorProvider, type AppActor, type PopupQueueRef, type SessionRef } from '@client/state/app-actor';
import { GAME_FAVOURITES_KEY } from '@client/features/games/favourites.actors';
import { GameCardView } from '@client/features/games/components/game-card';
import { VendorCard } from '@client/features/games/components/vendor-card';
import { Toaster } from '@client/app/shell/toaster';
import { createEventBus } from '@client/lib/event-bus';
import { initI18n } from '@client/lib/i18n';
import { accountHandlers, loginResult, memberInfo, refusal, storeSession } from '../../../helpers/accounts-fixture';
import { createFakeApi, type FakeHandlers } from '../../../helpers/fake-api';
import { createFakeSocket } from '../../../helpers/fake-bus';
import { makePermission } from '../../../helpers/permission-fixture';
import { resetShell, startTestApp } from '../../../helpers/render-app';

const launcher = vi.hoisted(() => ({ launch: vi.fn(), launchVendor: vi.fn() }));
vi.mock('@client/features/games/use-game-launcher', () => ({ useGameLauncher: () => launcher, useLaunchGame: () => launcher.launch }));

const game = (overrides: Partial<GameCard> = {}): GameCard => ({
  nodeId: 12,
  vassalage: 'PG',
  gameType: 'RNG',
  gameName: 'Fortune Ox',
  iconUrl: '/static/games/pg/pg_fortune_ox.svg',
  gameClassify: '',
  isGame: 'GAME',
  gameCode: 'PG_FORTUNE_OX',
  isHot: 0,
  supportPlay: 1,
  lottoArea: null,
  ...overrides,
});

const vendor = (overrides: Partial<VendorItem> = {}): VendorItem => ({
  vassalage: 'EVO',
  displayName: 'Evo Live',
  lagerIcon: '/static/games/lobby/evo-live.svg',
  gameType: 'LIVE',
  maintenance: false,
  ...overrides,
});

const deferred = <T,>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

/** The app's providers around what a test renders: the running app actor, its API and cache. */
let wrapper: (props: { children: ReactNode }) => ReactNode;
let app: AppActor;

/** The real session and favourites (the app actor) on a fake API; a guest unless `member` is given. */
const startSite = async ({ member, handlers = {} }: { member?: MemberInfo; handlers?: FakeHandlers } = {}) => {
  await initI18n({ lng: 'en' });
  if (member) storeSession(loginResult({}, member.type));
  const permission = makePermission();
  const api = createFakeApi({ systemPermission: () => permission, ...accountHandlers(member ?? memberInfo()), ...handlers });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const bus = createEventBus(createFakeSocket().socket);
  app = startTestApp({ api, bus, queryClient, router: { navigate: () => undefined } });
  const started = app;
  wrapper = ({ children }) => (
    <ApiProvider api={api}>
      <AppActorProvider app={started} bus={bus}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AppActorProvider>
    </ApiProvider>
  );
  await waitForActor(app, (snapshot) => snapshot.matches('running'));
  const session = app.system.get(SYSTEM_IDS.session) as SessionRef;
  if (member) await waitFor(() => expect(session.getSnapshot().matches({ loggedIn: { role: member.type === 4 ? 'trial' : 'member' } })).toBe(true));
  return { api, invalidate };
};

const renderCard = (card: GameCard) => {
  const user = userEvent.setup();
  render(
    <>
      <GameCardView card={card} />
      <Toaster />
    </>,
    { wrapper },
  );
  return { user, heart: () => screen.getByRole('button', { name: `Favourite: ${card.gameName}` }) };
};

beforeEach(() => {
  resetShell();
  launcher.launch.mockReset();
  launcher.launchVendor.mockReset();
});

afterEach(() => {
  // Unmount before the app actor goes, as a page would.
  cleanup();
  resetShell();
});

describe('game card', () => {
  it('[GAMES-13][GAMES-17] shows the image, start button, vendor icon, name and favourite toggle of the card', async () => {
    await startSite();
    renderCard(game());
    const card = screen.getByRole('article', { name: 'Fortune Ox' });
    expect(within(card).getByRole('heading', { name: 'Fortune Ox' })).toBeVisible();
    expect(card.querySelector('.game-card__image')).toHaveAttribute('src', '/static/games/pg/pg_fortune_ox.svg');
    const vendorLogo = within(card).getByRole('img', { name: 'Provider PG' });
    expect(vendorLogo).toHaveAttribute('src', '/static/vendors/pg.svg');
    // The artwork's size, so the badge has its width before the logo loads (no shift as the lobby fills).
    expect([vendorLogo.getAttribute('width'), vendorLogo.getAttribute('height')]).toEqual(['120', '48']);
    expect(within(card).getByRole('button', { name: 'Play Fortune Ox' })).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Favourite: Fortune Ox', pressed: false })).toBeVisible();
  });

  it('[GAMES-13] the start button launches the card', async () => {
    await startSite();
    const { user } = renderCard(game());
    await user.click(screen.getByRole('button', { name: 'Play Fortune Ox' }));
    expect(launcher.launch).toHaveBeenCalledWith(expect.objectContaining({ nodeId: 12, gameCode: 'PG_FORTUNE_OX' }));
  });

  it('[GAMES-13] an image that fails to load gives way to the fallback image', async () => {
    await startSite();
    renderCard(game());
    const image = document.querySelector('.game-card__image')!;
    act(() => void image.dispatchEvent(new Event('error')));
    expect(document.querySelector('.game-card__image')).toHaveAttribute('src', '/static/games/fallback.svg');
  });

  it.each([
    [1, true],
    [0, false],
  ] as const)('[GAMES-14] isHot = %i shows the hot badge: %s', async (isHot, shown) => {
    await startSite();
    renderCard(game({ isHot }));
    expect(screen.queryByText('Hot') !== null).toBe(shown);
  });

  it('[GAMES-15] supportPlay = 0 offers the free trial, which launches in free play', async () => {
    await startSite();
    const { user } = renderCard(game({ supportPlay: 0 }));
    await user.click(screen.getByRole('button', { name: 'Free trial: Fortune Ox' }));
    expect(launcher.launch).toHaveBeenCalledWith(expect.objectContaining({ nodeId: 12 }), { freePlay: true });
  });

  it('[GAMES-15] supportPlay = 1 offers no free trial', async () => {
    await startSite();
    renderCard(game({ supportPlay: 1 }));
    expect(screen.queryByRole('button', { name: /Free trial/ })).not.toBeInTheDocument();
  });
});

describe('favourite toggle', () => {
  it('[GAMES-33] a member sees the hearts of the favourites the session loaded', async () => {
    await startSite({ member: memberInfo(0), handlers: { favoriteIds: () => ({ nodeIds: [12] }) } });
    renderCard(game());
    expect(await screen.findByRole('button', { name: 'Favourite: Fortune Ox', pressed: true })).toBeVisible();
    expect(JSON.parse(window.localStorage.getItem(GAME_FAVOURITES_KEY)!)).toEqual({ player01: ['12'] });
  });

  it('[GAMES-33] the hearts kept on this device show before the server answers', async () => {
    window.localStorage.setItem(GAME_FAVOURITES_KEY, JSON.stringify({ player01: ['12'] }));
    const load = deferred<{ nodeIds: number[] }>();
    await startSite({ member: memberInfo(0), handlers: { favoriteIds: () => load.promise } });
    renderCard(game());
    expect(await screen.findByRole('button', { name: 'Favourite: Fortune Ox', pressed: true })).toBeVisible();
    act(() => load.resolve({ nodeIds: [] }));
    expect(await screen.findByRole('button', { name: 'Favourite: Fortune Ox', pressed: false })).toBeVisible();
  });

  it('[GAMES-31] adding fills the heart at once, then calls add; a saved change refreshes the favourite lists', async () => {
    const add = deferred<{ nodeIds: number[] }>();
    const { api, invalidate } = await startSite({ member: memberInfo(0), handlers: { addFavorite: () => add.promise } });
    const { user, heart } = renderCard(game());
    await user.click(heart());
    expect(heart()).toHaveAttribute('aria-pressed', 'true');
    expect(api.callsTo('addFavorite')).toEqual([{ body: { nodeId: 12, vendor: 'PG', gameType: 'RNG' } }]);
    await act(async () => add.resolve({ nodeIds: [12] }));
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['favoriteList'] }));
    expect(heart()).toHaveAttribute('aria-pressed', 'true');
  });

  it('[GAMES-31] a failed add rolls the heart back and says why', async () => {
    const add = deferred<{ nodeIds: number[] }>();
    await startSite({ member: memberInfo(0), handlers: { addFavorite: () => add.promise } });
    const { user, heart } = renderCard(game());
    await user.click(heart());
    expect(heart()).toHaveAttribute('aria-pressed', 'true');
    await act(async () => add.reject(refusal('NETWORK', 503)));
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'false'));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Your favourites were not changed: /);
  });

  it('[GAMES-32] removing empties the heart at once, then calls remove with the game in the query', async () => {
    const { api } = await startSite({
      member: memberInfo(0),
      handlers: { favoriteIds: () => ({ nodeIds: [12] }), removeFavorite: () => ({ nodeIds: [] }) },
    });
    const { user, heart } = renderCard(game());
    await screen.findByRole('button', { name: 'Favourite: Fortune Ox', pressed: true });
    await user.click(heart());
    expect(heart()).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(api.callsTo('removeFavorite')).toEqual([{ query: { nodeId: 12, vendor: 'PG', gameType: 'RNG' } }]));
  });

  it('[GAMES-35] a second press straight after the first is ignored', async () => {
    const { api } = await startSite({ member: memberInfo(0), handlers: { addFavorite: () => ({ nodeIds: [12] }), removeFavorite: () => ({ nodeIds: [] }) } });
    const { user, heart } = renderCard(game());
    await user.click(heart());
    await user.click(heart());
    expect(heart()).toHaveAttribute('aria-pressed', 'true');
    expect(api.callsTo('addFavorite')).toHaveLength(1);
    expect(api.callsTo('removeFavorite')).toHaveLength(0);
  });

  it('[GAMES-34] a guest press changes nothing and opens the login popup', async () => {
    const { api } = await startSite();
    const { user, heart } = renderCard(game());
    await user.click(heart());
    expect(heart()).toHaveAttribute('aria-pressed', 'false');
    expect(selectOpenModals((app.system.get(SYSTEM_IDS.popupQueue) as PopupQueueRef).getSnapshot()).map((p) => p.kind)).toContain('loginPopupModal');
    expect(api.callsTo('addFavorite')).toHaveLength(0);
  });

  it('[GAMES-36][ERR-06] a trial account (type 4) is refused with in_need_true_account and nothing changes', async () => {
    const { api } = await startSite({ member: memberInfo(4) });
    const { user, heart } = renderCard(game());
    await user.click(heart());
    expect(await screen.findByRole('alert')).toHaveTextContent('Please register an account first');
    expect(heart()).toHaveAttribute('aria-pressed', 'false');
    expect(api.callsTo('addFavorite')).toHaveLength(0);
  });
});

describe('vendor card', () => {
  it('[GAMES-16] shows the vendor image and a start button that launches the vendor', async () => {
    await startSite();
    const user = userEvent.setup();
    render(<VendorCard vendor={vendor()} />, { wrapper });
    expect(document.querySelector('.vendor-card__image')).toHaveAttribute('src', '/static/games/lobby/evo-live.svg');
    await user.click(screen.getByRole('button', { name: 'Enter Evo Live' }));
    expect(launcher.launchVendor).toHaveBeenCalledTimes(1);
    expect(launcher.launchVendor).toHaveBeenCalledWith(expect.objectContaining({ vassalage: 'EVO', gameType: 'LIVE' }));
  });

  it('[GAMES-16] clicking anywhere on the card launches the vendor', async () => {
    await startSite();
    const user = userEvent.setup();
    render(<VendorCard vendor={vendor()} />, { wrapper });
    await user.click(document.querySelector('.vendor-card__image')!);
    expect(launcher.launchVendor).toHaveBeenCalledWith(expect.objectContaining({ vassalage: 'EVO' }));
  });

  it('[GAMES-16] an RNG vendor has no start button; its card still launches it', async () => {
    await startSite();
    const user = userEvent.setup();
    render(<VendorCard vendor={vendor({ vassalage: 'PG', displayName: 'PG Soft', gameType: 'RNG' })} />, { wrapper });
    expect(screen.queryByRole('button', { name: 'Enter' })).not.toBeInTheDocument();
    expect(screen.queryByText('Enter')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enter PG Soft' }));
    expect(launcher.launchVendor).toHaveBeenCalledTimes(1);
    expect(launcher.launchVendor).toHaveBeenCalledWith(expect.objectContaining({ vassalage: 'PG', gameType: 'RNG' }));
  });
});
