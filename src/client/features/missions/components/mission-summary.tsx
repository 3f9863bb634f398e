import { CheckCircle2, Gift, Target } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MissionSummary as Summary } from '@shared/contract/missions';

/** MEMBER-17 / API-54: how many missions there are, how many are completed, how many rewards wait. */
export function MissionSummary({ summary }: { summary: Summary | undefined }) {
  const { t } = useTranslation('missions');
  const figures = [
    { id: 'total', icon: Target, value: summary?.totalMissions },
    { id: 'completed', icon: CheckCircle2, value: summary?.completedMissions },
    { id: 'claimable', icon: Gift, value: summary?.claimableRewards },
  ] as const;
  return (
    <section className="mission-summary" aria-label={t('summary.label')}>
      {figures.map(({ id, icon: Icon, value }) => (
        <div key={id} className="stat-card card mission-summary__item">
          <Icon aria-hidden size={24} className="stat-card__icon" />
          <div>
            <p className="stat-card__label">{t(`summary.${id}`)}</p>
            <p className="stat-card__value" data-testid={`mission-summary-${id}`}>
              {value ?? '—'}
            </p>
          </div>
        </div>
      ))}
    </section>
  );
}
