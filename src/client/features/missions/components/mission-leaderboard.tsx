import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '@client/components/error-notice';
import { EmptyState } from '@client/components/empty-state';
import { RecordTable } from '@client/components/records/record-table';
import { ScreenLoader } from '@client/components/spinner';
import { useApiQuery } from '@client/state/queries';
import { LEADERBOARD_SIZE } from '../hooks/use-missions';

/** MEMBER-17 / API-55: this week's board, names masked by the server, and the caller's own place. */
export function MissionLeaderboard() {
  const { t } = useTranslation(['missions', 'common']);
  const board = useApiQuery('missionLeaderboard', { query: { limitNum: LEADERBOARD_SIZE } });
  return (
    <section className="mission-board" aria-labelledby="mission-board-title">
      <h3 id="mission-board-title" className="mission-section__title">
        {t('missions:leaderboard.title')}
      </h3>
      {board.isPending ? (
        <ScreenLoader label={t('common:loading')} />
      ) : board.isError ? (
        <ErrorNotice error={board.error} onRetry={() => void board.refetch()} />
      ) : (
        <>
          <p className="mission-board__self" data-testid="mission-board-self">
            {board.data.self ? t('missions:leaderboard.self', { rank: board.data.self.rank, score: board.data.self.score }) : t('missions:leaderboard.selfNone')}
          </p>
          {board.data.list.length === 0 ? (
            <EmptyState title={t('missions:leaderboard.empty')} />
          ) : (
            <RecordTable
              caption={t('missions:leaderboard.caption')}
              rows={board.data.list}
              rowKey={(row) => row.rank}
              columns={[
                { id: 'rank', header: t('missions:leaderboard.rank'), cell: (row) => `#${row.rank}` },
                { id: 'member', header: t('missions:leaderboard.member'), cell: (row) => row.customerName },
                { id: 'score', header: t('missions:leaderboard.score'), align: 'end', cell: (row) => row.score },
              ]}
            />
          )}
        </>
      )}
    </section>
  );
}
