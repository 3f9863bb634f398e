import { Coins, Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@client/components/empty-state';
import { GameTile } from '@client/components/game-tile';
import { ScreenHeader } from '@client/components/screen-header';
import { ScreenLoader } from '@client/components/spinner';
import { ErrorNotice } from '@client/components/error-notice';
import { SignInPrompt } from '@client/app/shell/sign-in-prompt';
import { useApiQuery } from '@client/state/queries';
import { hasSession, useImageUrl, useSessionInfo } from '@client/state/app-actor';

function PointsBalance() {
  const { t } = useTranslation(['shell', 'common']);
  const balance = useApiQuery('pointsBalance');
  return (
    <div className="stat-card card">
      <Coins aria-hidden size={28} className="stat-card__icon" />
      <div>
        <p className="stat-card__label">{t('shell:pointMall.currentPoints')}</p>
        <p className="stat-card__value">{balance.isSuccess ? balance.data.points.toLocaleString() : '—'}</p>
      </div>
    </div>
  );
}

function Rewards() {
  const imageUrl = useImageUrl();
  const { t } = useTranslation(['shell', 'common']);
  const rewards = useApiQuery('pointsRewardList');
  if (rewards.isPending) return <ScreenLoader label={t('common:loading')} />;
  if (rewards.isError) return <ErrorNotice error={rewards.error} onRetry={() => void rewards.refetch()} />;
  if (rewards.data.list.length === 0) return <EmptyState icon={Store} title={t('common:in_no_data')} />;
  return (
    <ul className="game-grid">
      {rewards.data.list.map((reward) => (
        <li key={reward.rewardId}>
          <GameTile name={reward.name} imageUrl={imageUrl(reward.imageUrl)} caption={t('shell:pointMall.pointsRequired', { points: reward.pointsRequired })} />
        </li>
      ))}
    </ul>
  );
}

/** SHELL-13: the points mall — current points for members, and the goods on offer. */
export default function PointMallScreen() {
  const { t } = useTranslation(['shell', 'common']);
  const session = useSessionInfo();
  return (
    <div className="screen">
      <ScreenHeader icon={Store} title={t('shell:screens.pointMall')} subtitle={t('shell:screens.pointMallSubtitle')} />
      {hasSession(session) ? <PointsBalance /> : <SignInPrompt text={t('shell:pointMall.signInHint')} />}
      <h2 className="section-title">{t('shell:pointMall.rewards')}</h2>
      <Rewards />
    </div>
  );
}
