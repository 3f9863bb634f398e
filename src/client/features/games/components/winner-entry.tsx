import { useTranslation } from 'react-i18next';
import type { WinnerRecord } from '@shared/contract/games';
import { useImageUrl } from '@client/state/app-actor';
import { Amount } from '@client/components/amount';

/** Shown when a winner's game has no icon, or its icon fails to load. */
const FALLBACK_ICON = '/static/brand/mark.svg';

/** The icon of a winner's game, or the site mark when there is none or it fails to load. */
export function WinnerIcon({ iconUrl, className }: { iconUrl: string; className?: string }) {
  const imageUrl = useImageUrl();
  return (
    <img
      className={className}
      src={iconUrl ? imageUrl(iconUrl) : FALLBACK_ICON}
      alt=""
      loading="lazy"
      onError={(e) => {
        if (!e.currentTarget.src.endsWith(FALLBACK_ICON)) e.currentTarget.src = FALLBACK_ICON;
      }}
    />
  );
}

/** LOBBY-19: the game icon and the labelled player, game name and prize. */
export function WinnerEntry({ winner }: { winner: WinnerRecord }) {
  const { t } = useTranslation('games');
  return (
    <article className="winner-entry" aria-label={t('home.winners.entry', { player: winner.customerName, game: winner.gameName })}>
      <WinnerIcon iconUrl={winner.iconUrl} className="winner-entry__icon" />
      <dl className="winner-entry__facts">
        <div className="winner-entry__fact">
          <dt>{t('home.winners.player')}</dt>
          <dd>{winner.customerName}</dd>
        </div>
        <div className="winner-entry__fact">
          <dt>{t('home.winners.game')}</dt>
          <dd className="winner-entry__game">{winner.gameName}</dd>
        </div>
        <div className="winner-entry__fact winner-entry__fact--prize">
          <dt>{t('home.winners.prize')}</dt>
          <dd>
            <Amount value={winner.winAmount} className="winner-entry__prize" />
          </dd>
        </div>
      </dl>
    </article>
  );
}
