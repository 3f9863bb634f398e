import { useDeferredValue, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameCard } from '@shared/contract/games';
import { EmptyState } from '@client/components/empty-state';
import { ScreenLoader } from '@client/components/spinner';
import { GameCardView } from './game-card';
import { ErrorNotice } from '@client/components/error-notice';

export interface GameGridProps {
  games: readonly GameCard[];
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  /**
   * What follows the cards (a paginator), drawn only with them: under the loader it would be pushed down when the
   * cards come in, a layout shift that phones saw on every category page.
   */
  footer?: ReactNode;
}

/** A loaded list of games: a spinner, the failure with a retry, the no-data text (GAMES-07), or the grid of game cards. */
export function GameGrid({ games, isPending, error, onRetry, footer }: GameGridProps) {
  const { t } = useTranslation('common');
  // A list that arrives is drawn in a transition, which React renders in slices between other work:
  // dozens of cards would otherwise be one long task that holds up the page (until then, the old list or the loader).
  const shownGames = useDeferredValue(games);
  if (isPending) return <ScreenLoader label={t('loading')} />;
  if (error) return <ErrorNotice error={error} onRetry={onRetry} />;
  if (shownGames.length === 0) return games.length > 0 ? <ScreenLoader label={t('loading')} /> : <EmptyState title={t('in_no_data')} />;
  return (
    <>
      <ul className="game-grid">
        {shownGames.map((game) => (
          <li key={game.nodeId}>
            <GameCardView card={game} />
          </li>
        ))}
      </ul>
      {footer}
    </>
  );
}
