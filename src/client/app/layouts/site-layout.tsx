import { Fragment, useEffect } from 'react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { BannerArea, prefetchBanners } from '@client/app/shell/banner-area';
import { Footer } from '@client/app/shell/footer';
import { Header } from '@client/app/shell/header';
import { MiniGame } from '@client/app/shell/mini-game';
import { SideMenu } from '@client/app/shell/side-menu';
import { isAgentViewPath, isGamePagePath, isIndexViewPath, isOpsPath, mainViewKey } from '@client/config/paths';
import type { AppApi } from '@client/lib/api-client';
import { screen } from '../screen';
import { isSideMenuShown, onPathChanged, setSideMenuShown, useShellUi } from '@client/state/ui-state';

const IndexView = screen(() => import('../routes/home'));

/**
 * What the first render of a player-site page will wait for, started at boot beside the texts rather than after
 * the first render (issue 15: the banner is the home's largest paint): the banners, and on the home paths the home's chunk.
 */
export const preloadSitePage = async (pathname: string, queryClient: QueryClient, api: AppApi): Promise<void> => {
  if (isOpsPath(pathname) || isAgentViewPath(pathname)) return;
  await Promise.all([prefetchBanners(queryClient, api), isIndexViewPath(pathname) && IndexView.preload()]);
};

/**
 * SHELL-19: side menu, header, banner, main content, footer and a mini game. The main content is
 * the one 'index' view on the home paths and a view keyed by the full path elsewhere (SHELL-20).
 */
export function SiteLayout() {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const onGamePage = isGamePagePath(location.pathname);
  const sideMenuShown = isSideMenuShown(useShellUi(), onGamePage);
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
        <Header sideMenuShown={sideMenuShown} onToggleSideMenu={() => setSideMenuShown(!sideMenuShown, onGamePage)} />
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
