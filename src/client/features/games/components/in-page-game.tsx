import { MonitorPlay } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScreenLoader } from '@client/components/spinner';
import { ErrorNotice } from '@client/components/error-notice';
import { safeExternalUrl } from '@client/lib/links';
import type { InPageLaunch } from '../use-in-page-launch';

/**
 * A game played inside the page: the launch's gameUrl in an iframe, a spinner while it starts,
 * the reason in words with a retry when it cannot start (GAME_MAINTENANCE and the like).
 */
export function InPageGame({ launch, title, className }: { launch: InPageLaunch; title: string; className?: string }) {
  const { t } = useTranslation(['games', 'common']);
  if (launch.isPending) {
    return (
      <div className={`in-page-game in-page-game--loading ${className ?? ''}`}>
        <ScreenLoader label={t('games:lottery.starting')} />
      </div>
    );
  }
  if (launch.isError) {
    return (
      <div className={`in-page-game in-page-game--failed ${className ?? ''}`}>
        <ErrorNotice error={launch.error} onRetry={() => void launch.refetch()} />
      </div>
    );
  }
  const url = safeExternalUrl(launch.data.gameUrl);
  return (
    <div className={`in-page-game ${className ?? ''}`}>
      {launch.data.freePlay && (
        <p className="in-page-game__note">
          <MonitorPlay size={14} aria-hidden /> {t('games:lottery.freePlay')}
        </p>
      )}
      {url && <iframe className="in-page-game__frame" src={url} title={title} allow="autoplay; fullscreen" />}
    </div>
  );
}
