import { useState } from 'react';
import { Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import type { GameType } from '@shared/contract/games';
import { Amount } from '@client/components/amount';
import { EmptyState } from '@client/components/empty-state';
import { ScreenHeader } from '@client/components/screen-header';
import { ScreenLoader } from '@client/components/spinner';
import { useLobbyCategories } from '@client/features/games/use-lobby-categories';
import { useWinners } from '@client/features/games/use-winners';
import { WinnerIcon } from '@client/features/games/components/winner-entry';
import { ErrorNotice } from '@client/components/error-notice';

const ALL = 'ALL';
type CategoryChoice = typeof ALL | GameType;

/** LOBBY-20: the winners list and leaderboard, biggest win first, filterable by game category. */
export default function WinnersScreen() {
  const { t } = useTranslation(['games', 'common']);
  const categories = useLobbyCategories();
  const [category, setCategory] = useState<CategoryChoice>(ALL);
  const { query, winners } = useWinners(category);
  const choices: readonly CategoryChoice[] = [ALL, ...categories];

  return (
    <div className="screen winners-screen">
      <ScreenHeader icon={Trophy} title={t('games:home.leaderboard.title')} subtitle={t('games:home.leaderboard.subtitle')} />
      <div className="chip-row" role="group" aria-label={t('games:home.leaderboard.categories')}>
        {choices.map((entry) => (
          <button
            key={entry}
            type="button"
            className={clsx('chip', category === entry && 'is-active')}
            aria-pressed={category === entry}
            onClick={() => setCategory(entry)}
          >
            {entry === ALL ? t('games:home.leaderboard.all') : t(`common:gameTypes.${entry}`)}
          </button>
        ))}
      </div>
      {query.isPending ? (
        <ScreenLoader label={t('common:loading')} />
      ) : query.isError ? (
        <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />
      ) : winners.length === 0 ? (
        <EmptyState icon={Trophy} title={t('games:home.winners.none')} />
      ) : (
        <table className="leaderboard">
          <caption className="visually-hidden">{t('games:home.leaderboard.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('games:home.leaderboard.rank')}</th>
              <th scope="col">{t('games:home.winners.game')}</th>
              <th scope="col">{t('games:home.winners.player')}</th>
              <th scope="col" className="leaderboard__prize-head">
                {t('games:home.winners.prize')}
              </th>
            </tr>
          </thead>
          <tbody>
            {winners.map((winner, index) => (
              <tr key={winner.recordId} className={clsx('leaderboard__row', index < 3 && `leaderboard__row--top${index + 1}`)}>
                <td>
                  <span className="leaderboard__rank">{index + 1}</span>
                </td>
                <td>
                  <span className="leaderboard__game">
                    <WinnerIcon iconUrl={winner.iconUrl} />
                    {winner.gameName}
                  </span>
                </td>
                <td>{winner.customerName}</td>
                <td className="leaderboard__prize">
                  <Amount value={winner.winAmount} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
