import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@shared/contract/http';
import { formatMoney } from '@client/lib/money';
import { useImageUrl } from '@client/state/app-actor';
import { formatPoints } from '../points-rules';

export type Reward = ResponseOf<'pointsRewardList'>['list'][number];

/** One item of the mall: image, name, points (and cash when it costs any), and its stock. */
export function GoodsCard({ reward, onOpen }: { reward: Reward; onOpen: () => void }) {
  const { t, i18n } = useTranslation('points');
  const imageUrl = useImageUrl();
  const nameId = useId();
  const outOfStock = reward.stock === 0;
  return (
    <article className="art-card goods-card" aria-labelledby={nameId}>
      <div className="art-frame goods-card__art">
        <img src={imageUrl(reward.imageUrl)} alt="" loading="lazy" onError={(e) => e.currentTarget.classList.add('is-broken')} />
        {outOfStock && <span className="goods-card__sold-out" aria-hidden>{t('goods.outOfStock')}</span>}
      </div>
      <div className="goods-card__info">
        <h3 id={nameId} className="goods-card__name">
          {reward.name}
        </h3>
        <p className="goods-card__price">
          <span className="goods-card__points">{t('goods.points', { points: formatPoints(reward.pointsRequired, i18n.language) })}</span>
          {reward.amountRequired > 0 && <span className="goods-card__cash">{t('goods.plusCash', { amount: formatMoney(reward.amountRequired, i18n.language) })}</span>}
        </p>
        <p className="goods-card__stock">{outOfStock ? t('goods.outOfStock') : t('goods.stock', { count: reward.stock })}</p>
        <button type="button" className="button button--outline button--compact goods-card__open" onClick={onOpen} aria-label={t('goods.viewNamed', { name: reward.name })}>
          {t('goods.view')}
        </button>
      </div>
    </article>
  );
}
