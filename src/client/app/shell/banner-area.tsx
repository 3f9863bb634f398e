import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BANNER_READ, HOME_BANNER_GROUP } from '@shared/boot-reads';
import { isGameType } from '@shared/contract/games.values';
import type { Banner } from '@shared/contract/system';
import type { QueryClient } from '@tanstack/react-query';
import type { AppApi } from '@client/lib/api-client';
import { prefetchApiQuery, useApiQuery } from '@client/state/queries';
import { setGameType } from '@client/state/ui-state';
import { paths } from '@client/config/paths';
import { safeExternalUrl } from '@client/lib/links';
import { afterNextPaint } from '@client/lib/next-task';
import { bannersThePagePainted } from '@client/app/boot-reads';
import { BannerSlide } from './banner-slide';

// The carousel (swiper) is its own chunk, fetched only when there are banners to show, once the page
// has painted; until it is in, the first banner stands alone in its place, so the page's largest paint
// neither waits for it nor shares the link with it.
const BannerCarousel = lazy(() => import('./banner-carousel'));

/** False until the frame after the first paint of the component that asks. */
const usePaintedOnce = (): boolean => {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted;
};

/** Asks for the banners at startup, beside the texts: the first banner is the page's largest paint, and would otherwise wait for the first render. */
export const prefetchBanners = (queryClient: QueryClient, api: AppApi): Promise<void> => prefetchApiQuery(queryClient, api, 'announcements', BANNER_READ);

/** LOBBY-13: a slide opens its target as its linkageType says. */
const useOpenBanner = () => {
  const navigate = useNavigate();
  return (banner: Banner) => {
    const target = banner.linkTarget;
    if (!target || banner.linkageType === 'NONE') return;
    if (banner.linkageType === 'INTERNAL' && target.startsWith('/')) navigate(target);
    if (banner.linkageType === 'EXTERNAL') {
      const url = safeExternalUrl(target);
      if (url) window.open(url, '_blank', 'noopener,noreferrer');
    }
    if (banner.linkageType === 'GAME_TYPE') {
      if (isGameType(target)) {
        setGameType(target);
        navigate(paths.root.getHref());
      }
    }
  };
};

function WelcomeHero({ compact }: { compact: boolean }) {
  const { t } = useTranslation(['shell', 'common']);
  return (
    <div className={compact ? 'welcome-hero welcome-hero--compact' : 'welcome-hero'}>
      <div className="welcome-hero__text">
        <p className="welcome-hero__eyebrow">{t('common:appName')}</p>
        <p className="welcome-hero__title">{t('shell:banner.title')}</p>
        <p className="welcome-hero__subtitle">{t('shell:banner.subtitle')}</p>
      </div>
      <img src="/static/brand/hero.svg" alt="" className="welcome-hero__art" />
    </div>
  );
}

/** The first banner alone, where the carousel comes: what the page paints first. */
function FirstBanner({ banner, label, onOpen }: { banner: Banner; label: string; onOpen: (banner: Banner) => void }) {
  return (
    <section className="banner-carousel" aria-label={label}>
      <BannerSlide banner={banner} onOpen={onOpen} first />
    </section>
  );
}

/**
 * The banner area under the header: the w_home banners (LOBBY-09), or the site's welcome hero when
 * there are none. Off the home lobby it is a slimmer strip, so the page's own content comes first.
 */
export function BannerArea({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('shell');
  const openBanner = useOpenBanner();
  const announcements = useApiQuery('announcements', BANNER_READ, { placeholderData: bannersThePagePainted() });
  const banners = (announcements.data?.banners ?? []).filter((b) => b.groupName === HOME_BANNER_GROUP);
  const painted = usePaintedOnce();

  return (
    <div className={compact ? 'banner-area banner-area--compact' : 'banner-area'} role="region" aria-label={t('banner.label')}>
      {announcements.isPending ? (
        // Holds the banner's place, so the welcome hero does not flash before the banners arrive.
        <div className="banner-placeholder" />
      ) : banners.length === 0 ? (
        <WelcomeHero compact={compact} />
      ) : !painted ? (
        <FirstBanner banner={banners[0]!} label={t('banner.label')} onOpen={openBanner} />
      ) : (
        <Suspense fallback={<FirstBanner banner={banners[0]!} label={t('banner.label')} onOpen={openBanner} />}>
          <BannerCarousel banners={banners} label={t('banner.label')} onOpen={openBanner} />
        </Suspense>
      )}
    </div>
  );
}
