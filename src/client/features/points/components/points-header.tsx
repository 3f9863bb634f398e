import type { ReactNode } from 'react';
import { Coins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '@client/components/error-notice';
import type { MallAccount } from '../hooks/use-mall-account';
import { usePointsHeld } from '../hooks/use-points-held';
import { MemberOnly } from './member-only';
import { PointsFigure } from './points-figure';

function MemberPoints() {
  const { t } = useTranslation(['points', 'common']);
  const points = usePointsHeld('member');
  if (points.isError) return <ErrorNotice error={points.error} onRetry={() => void points.refetch()} />;
  return (
    <div className="stat-card card points-header">
      <Coins aria-hidden size={28} className="stat-card__icon" />
      <div>
        <p className="stat-card__label">{t('points:header.currentPoints')}</p>
        <p className="stat-card__value" data-testid="points-held">
          {points.isSuccess ? <PointsFigure value={points.data.points} /> : '—'}
        </p>
        <p className="points-header__note">{t('points:header.neverExpire')}</p>
      </div>
    </div>
  );
}

/** MEMBER-05: the points a member holds; a visitor is asked to log in, a trial account to register. */
export function PointsHeader({ account, signIn }: { account: MallAccount; signIn: ReactNode }) {
  return (
    <MemberOnly account={account} signIn={signIn}>
      <MemberPoints />
    </MemberOnly>
  );
}
