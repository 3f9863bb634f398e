import type { ReactNode } from 'react';
import { PackageX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Amount } from '@client/components/amount';
import { EmptyState } from '@client/components/empty-state';
import { FormAlert } from '@client/components/form';
import { Modal } from '@client/components/modal';
import { StatusTag } from '@client/components/records/status-tag';
import { SafeHtml } from '@client/components/safe-html';
import { ScreenLoader } from '@client/components/spinner';
import { useImageUrl } from '@client/state/app-actor';
import type { MallAccount } from '../hooks/use-mall-account';
import { useRedeem } from '../hooks/use-points-actions';
import { redeemStatusTone, type RedeemStatus } from '../redeem-status';
import type { Reward } from './goods-card';
import { PointsFigure } from './points-figure';
import { RedeemForm } from './redeem-form';

/** After a redeem: its reference number and status, and the way to the redeem history. */
function RedeemDone({ referenceNo, status, onShowHistory, onClose }: { referenceNo: string; status: RedeemStatus; onShowHistory: () => void; onClose: () => void }) {
  const { t } = useTranslation(['points', 'common']);
  return (
    <div className="redeem-done">
      <FormAlert tone="info">{t('points:redeem.done')}</FormAlert>
      <dl className="summary-list">
        <div>
          <dt>{t('points:redeem.reference')}</dt>
          <dd className="redeem-done__reference">{referenceNo}</dd>
        </div>
        <div>
          <dt>{t('points:redeem.statusNow')}</dt>
          <dd>
            <StatusTag tone={redeemStatusTone(status)} label={t(`points:status.${status}`)} />
          </dd>
        </div>
      </dl>
      <div className="money-form__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('common:actions.close')}
        </button>
        <button type="button" className="button button--primary" onClick={onShowHistory}>
          {t('points:redeem.viewHistory')}
        </button>
      </div>
    </div>
  );
}

/**
 * Goods details (MEMBER-05): the image, the operator's HTML description (sanitised), points and cash
 * required and the stock, with the redeem form for a member. The redeem's outcome stays on screen
 * even when the item's refreshed stock reaches 0.
 */
export function GoodsDialog({
  reward,
  account,
  signIn,
  onClose,
  onShowHistory,
}: {
  reward: Reward;
  account: MallAccount;
  signIn: ReactNode;
  onClose: () => void;
  onShowHistory: () => void;
}) {
  const { t } = useTranslation(['points', 'common']);
  const imageUrl = useImageUrl();
  const redeem = useRedeem();
  const action = redeem.isSuccess ? (
    <RedeemDone referenceNo={redeem.data.referenceNo} status={redeem.data.status} onClose={onClose} onShowHistory={onShowHistory} />
  ) : account === 'restoring' ? (
    <ScreenLoader label={t('common:loading')} />
  ) : account === 'visitor' ? (
    signIn
  ) : reward.stock === 0 ? (
    <EmptyState tone="warning" icon={PackageX} title={t('points:goods.outOfStock')} />
  ) : (
    <RedeemForm reward={reward} account={account} redeem={redeem} />
  );
  return (
    <Modal title={reward.name} closeLabel={t('common:actions.close')} onClose={onClose} size="large">
      <div className="goods-detail">
        <div className="art-frame goods-detail__art">
          <img src={imageUrl(reward.imageUrl)} alt="" onError={(e) => e.currentTarget.classList.add('is-broken')} />
        </div>
        <div className="goods-detail__info">
          <dl className="summary-list">
            <div>
              <dt>{t('points:goods.pointsRequired')}</dt>
              <dd>
                <PointsFigure value={reward.pointsRequired} />
              </dd>
            </div>
            {reward.amountRequired > 0 && (
              <div>
                <dt>{t('points:goods.amountRequired')}</dt>
                <dd>
                  <Amount value={reward.amountRequired} />
                </dd>
              </div>
            )}
            <div>
              <dt>{t('points:goods.stockLabel')}</dt>
              <dd>{reward.stock > 0 ? reward.stock : t('points:goods.outOfStock')}</dd>
            </div>
          </dl>
          <section className="goods-detail__description" aria-label={t('points:goods.description')}>
            {reward.description.trim() ? <SafeHtml html={reward.description} className="rich-text" /> : <p className="rich-text">{t('points:goods.noDescription')}</p>}
          </section>
          <div className="goods-detail__action">{action}</div>
        </div>
      </div>
    </Modal>
  );
}
