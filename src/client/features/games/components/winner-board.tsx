import { lazy, Suspense } from 'react';
import { ChevronRight, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '@client/components/empty-state';
import { Spinner } from '@client/components/spinner';
import { paths } from '@client/config/paths';
import { ErrorNotice } from '@client/components/error-notice';
import { useWinners } from '@client/features/games/use-winners';
import { toSlides } from '@client/features/games/winners';

// The slider (swiper) is its own chunk, as for the banners.
const WinnerSlider = lazy(() => import('./winner-slider'));

/** LOBBY-16 to LOBBY-19: the biggest recent wins, two a slide, linked to the full list (LOBBY-20). */
export function WinnerBoard() {
  const { t } = useTranslation(['games', 'common']);
  const { query, winners } = useWinners();
  return (
    <section className="winner-board" aria-labelledby="winner-board-title">
      <div className="winner-board__head">
        <Trophy aria-hidden size={20} className="winner-board__trophy" />
        <h2 id="winner-board-title" className="winner-board__title">
          {t('games:home.winners.title')}
        </h2>
        <Link to={paths.winners.getHref()} className="lobby-row__more">
          {t('games:home.seeAll')}
          <ChevronRight aria-hidden size={16} />
        </Link>
      </div>
      {query.isPending ? (
        <div className="winner-board__status">
          <Spinner label={t('common:loading')} />
        </div>
      ) : query.isError ? (
        <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />
      ) : winners.length === 0 ? (
        <EmptyState icon={Trophy} title={t('games:home.winners.none')} />
      ) : (
        <Suspense fallback={<div className="winner-board__status" />}>
          <WinnerSlider slides={toSlides(winners)} label={t('games:home.winners.title')} />
        </Suspense>
      )}
    </section>
  );
}
