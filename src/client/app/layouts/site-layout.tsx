import { Fragment, useEffect } from 'react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { BannerArea, prefetchBanners } from '@client/app/shell/banner-area';
import { Footer } from '@client/app/shell/footer';
import { Header } from '@client/app/shell/header';
import { preloadAvatarMenu } from '@client/app/shell/avatar-menu';
import { MiniGame } from '@client/app/shell/mini-game';
import { isAgentViewPath, isGamePagePath, isIndexViewPath, isOpsPath, mainViewKey } from '@client/config/paths';
import type { AppApi } from '@client/lib/api-client';
import { lazyScreen } from '@client/lib/lazy-screen';
import { ChunkFailed, screen } from '../screen';
import { isSideMenuShown, onPathChanged, setSideMenuShown, shellUiStore, useSideMenuShown } from '@client/state/ui-state';

const IndexView = screen(() => import('../routes/home'));

/**
 * The side menu is its own chunk (issue 15): a phone starts with it closed, so a first visit there does not load it
 * with the entry. Where it is shown by default (a wide screen) it is fetched at boot beside the home's chunk.
 * Until it is in, an empty panel of the same size holds its place (the page's margin already leaves room for it).
 */
const SideMenu = lazyScreen(() => import('@client/app/shell/side-menu').then(({ SideMenu }) => ({ default: SideMenu })), {
  fallbacks: {
    loading: <aside id="side-menu" className="side-menu" aria-busy />,
    failed: (retry) => (
      <aside id="side-menu" className="side-menu">
        <ChunkFailed onRetry={retry} />
      </aside>
    ),
  },
});

/** Fetches the side menu's chunk ahead of its first showing (a hover or focus on the menu button). */
export const preloadSideMenu = (): Promise<void> => SideMenu.preload();

/** Every part of the site's frame that is its own chunk (the side menu, the avatar menu's entries): a warm cache, as tests want it. */
export const preloadShellParts = async (): Promise<void> => {
  await Promise.all([preloadSideMenu(), preloadAvatarMenu()]);
};

/**
 * What the first render of a player-site page will wait for, started at boot beside the texts rather than after
 * the first render (issue 15: the banner is the home's largest paint): the banners, on the home paths the home's chunk, and the side menu's where it shows at once.
 */
export const preloadSitePage = async (pathname: string, queryClient: QueryClient, api: AppApi): Promise<void> => {
  if (isOpsPath(pathname) || isAgentViewPath(pathname)) return;
  await Promise.all([
    prefetchBanners(queryClient, api),
    isIndexViewPath(pathname) && IndexView.preload(),
    isSideMenuShown(shellUiStore.get(), isGamePagePath(pathname)) && SideMenu.preload(),
  ]);
};

/**
 * SHELL-19: side menu, header, banner, main content, footer and a mini game. The main content is
 * the one 'index' view on the home paths and a view keyed by the full path elsewhere (SHELL-20).
 */
export function SiteLayout() {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const onGamePage = isGamePagePath(location.pathname);
  const sideMenuShown = useSideMenuShown(onGamePage);
  const onIndexView = isIndexViewPath(location.pathname);

  useEffect(() => onPathChanged(), [location.pathname]);

  return (
    <div className={clsx('site', sideMenuShown ? 'site--menu-shown' : 'site--menu-hidden')}>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      {sideMenuShown && (
        <>
          <SideMenu onClose={() => setSideMenuShown(false, onGamePage)} />
          <div className="side-menu-backdrop" aria-hidden onClick={() => setSideMenuShown(false, onGamePage)} />
        </>
      )}
      <div className="site__body">
        <Header sideMenuShown={sideMenuShown} onToggleSideMenu={() => setSideMenuShown(!sideMenuShown, onGamePage)} onSideMenuIntent={() => void preloadSideMenu()} />
        <BannerArea compact={!onIndexView} />
        <main id="main" className="site__content" tabIndex={-1}>
          {onIndexView ? (
            <>
              <IndexView key="index" />
              <Outlet />
            </>
          ) : (
            <Fragment key={mainViewKey(location)}>
              <Outlet />
            </Fragment>
          )}
        </main>
        <Footer />
      </div>
      <MiniGame />
    </div>
  );
}
