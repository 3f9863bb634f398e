import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '@client/components/error-notice';
import { EmptyState } from '@client/components/empty-state';
import { ScreenLoader } from '@client/components/spinner';
import { formatMoney } from '@client/lib/money';
import { useSessionInfo } from '@client/state/app-actor';
import { useApiQuery } from '@client/state/queries';
import { showToast } from '@client/state/ui-state';
import { toErrorCode } from '@shared/contract/errors';
import { useClaimMission, useMissionSummary } from '../hooks/use-missions';
import { MissionCard } from './mission-card';
import { MissionLeaderboard } from './mission-leaderboard';
import { MissionSummary } from './mission-summary';
import '../missions.css';

/**
 * missionLeaderboard (MEMBER-17): the mission summary, the missions with their progress and claim
 * buttons, and this week's mission leaderboard. A claim's answer is told in a toast, a refusal in
 * words (errors:<code>); the summary, the list, the board and the badge are then read again.
 */
export function MissionsPage() {
  const { t, i18n } = useTranslation(['missions', 'common', 'errors']);
  const trial = useSessionInfo().status === 'trial';
  const summary = useMissionSummary();
  const missions = useApiQuery('missionList');
  const claim = useClaimMission();
  const onClaim = (missionId: number) =>
    claim.mutate(missionId, {
      onSuccess: (reply) =>
        showToast(
          reply.rewardKind === 'POINTS'
            ? t('missions:list.claimedPoints', { count: reply.reward })
            : t('missions:list.claimedCash', { amount: formatMoney(reply.reward, i18n.language) }),
        ),
      onError: (error) => showToast(t(`errors:${toErrorCode(error)}`), 'warning'),
    });

  return (
    <div className="missions-page">
      <MissionSummary summary={summary.data} />
      <section aria-labelledby="mission-list-title">
        {/* The member center already heads the page "Missions": the list's heading is there for screen readers, keeping h2 > h3 > h4. */}
        <h3 id="mission-list-title" className="visually-hidden">
          {t('missions:list.title')}
        </h3>
        {missions.isPending ? (
          <ScreenLoader label={t('common:loading')} />
        ) : missions.isError ? (
          <ErrorNotice error={missions.error} onRetry={() => void missions.refetch()} />
        ) : missions.data.list.length === 0 ? (
          <EmptyState title={t('missions:list.empty')} />
        ) : (
          <ul className="mission-list">
            {missions.data.list.map((mission) => (
              <MissionCard
                key={mission.missionId}
                mission={mission}
                trial={trial}
                claiming={claim.isPending && claim.variables === mission.missionId}
                onClaim={onClaim}
              />
            ))}
          </ul>
        )}
      </section>
      <MissionLeaderboard />
    </div>
  );
}
