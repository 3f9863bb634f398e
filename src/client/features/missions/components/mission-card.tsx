import { useTranslation } from 'react-i18next';
import type { Mission } from '@shared/contract/missions';
import { Amount } from '@client/components/amount';
import { formatDateTime } from '@client/lib/format';

/** A goal's figure: money for the amounts, a whole count for rounds. */
function GoalFigure({ mission, value }: { mission: Mission; value: number }) {
  return mission.goal === 'BET_ROUNDS' ? <span>{value}</span> : <Amount value={value} />;
}

export interface MissionCardProps {
  mission: Mission;
  /** A trial account sees its progress and cannot claim. */
  trial: boolean;
  claiming: boolean;
  onClaim: (missionId: number) => void;
}

/** One mission: what it asks, the progress bar of the current period, the reward and its claim button (MEMBER-17). */
export function MissionCard({ mission, trial, claiming, onClaim }: MissionCardProps) {
  const { t } = useTranslation('missions');
  const percent = mission.target > 0 ? Math.min(100, Math.floor((mission.progress / mission.target) * 100)) : 0;
  const titleId = `mission-${mission.missionId}-title`;
  return (
    <li className="card mission-card" aria-labelledby={titleId} data-testid={`mission-${mission.missionId}`}>
      <div className="mission-card__head">
        <h4 id={titleId} className="mission-card__title">
          {mission.title}
        </h4>
        <span className="tag mission-card__period">{t(`list.period.${mission.period}`)}</span>
      </div>
      {mission.description && <p className="mission-card__description">{mission.description}</p>}
      <p className="mission-card__goal">
        {t(`list.goal.${mission.goal}`)}: <GoalFigure mission={mission} value={mission.progress} /> / <GoalFigure mission={mission} value={mission.target} />
      </p>
      <div
        className="mission-card__bar"
        role="progressbar"
        aria-label={t('list.progressLabel', { title: mission.title })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span className="mission-card__fill" style={{ width: `${percent}%` }} />
      </div>
      <div className="mission-card__foot">
        <p className="mission-card__reward">
          {t('list.reward')}: {mission.rewardKind === 'POINTS' ? t('list.rewardPoints', { count: mission.reward }) : <Amount value={mission.reward} />}
        </p>
        <p className="mission-card__ends">{t('list.endsAt', { time: formatDateTime(mission.periodEnd) })}</p>
        {mission.claimed ? (
          <button type="button" className="button button--outline" disabled>
            {t('list.claimed')}
          </button>
        ) : mission.claimable ? (
          <button type="button" className="button button--primary" disabled={claiming} onClick={() => onClaim(mission.missionId)}>
            {claiming ? t('list.claiming') : t('list.claim')}
          </button>
        ) : (
          <button type="button" className="button button--outline" disabled title={trial && mission.completed ? t('list.trialHint') : undefined}>
            {t('list.inProgress')}
          </button>
        )}
      </div>
    </li>
  );
}
