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
}

/** A loaded list of games: a spinner, the failure with a retry, the no-data text (GAMES-07), or the grid of game cards. */
export function GameGrid({ games, isPending, error, onRetry }: GameGridProps) {
  const { t } = useTranslation('common');
  if (isPending) return <ScreenLoader label={t('loading')} />;
  if (error) return <ErrorNotice error={error} onRetry={onRetry} />;
  if (games.length === 0) return <EmptyState title={t('in_no_data')} />;
  return (
    <ul className="game-grid">
      {games.map((game) => (
        <li key={game.nodeId}>
          <GameCardView card={game} />
        </li>
      ))}
    </ul>
  );
}
