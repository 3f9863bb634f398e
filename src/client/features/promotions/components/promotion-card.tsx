import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Promotion } from '@shared/contract/promotions';
import { SafeHtml } from '@client/components/safe-html';
import { formatDateTime } from '@client/lib/format';
import { formatMoney } from '@client/lib/money';
import { actionOf, toneOf } from '../promotion-actions';
import { ApplicationImages } from './application-images';

export interface PromotionCardProps {
  promotion: Promotion;
  /** Signed in with a real account: the actions are offered. */
  canAct: boolean;
  busy: boolean;
  onAction: (promotion: Promotion) => void;
}

/** MEMBER-11: one promotion with its type, period, bonus or prizes, the caller's status and the action that status allows. */
export function PromotionCard({ promotion, canAct, busy, onAction }: PromotionCardProps) {
  const { t, i18n } = useTranslation('promotions');
  const [open, setOpen] = useState(false);
  const money = (amount: number) => formatMoney(amount, i18n.language);
  const action = canAct ? actionOf(promotion) : null;
  const entry = promotion.entry;

  return (
    <li className="promo-card card" data-testid={`promotion-${promotion.promotionId}`}>
      {promotion.imageUrl && <img className="promo-card__image" src={promotion.imageUrl} alt="" loading="lazy" />}
      <h2 className="promo-card__title">{promotion.title}</h2>
      <p className="chip-row">
        <span className="tag">{t(`type.${promotion.type}`)}</span>
        <span className={`status-tag status-tag--${toneOf(promotion.status)}`}>{t(`status.${promotion.status}`)}</span>
      </p>
      <p className="form-field__hint">{t('period', { start: formatDateTime(promotion.startTime), end: formatDateTime(promotion.endTime) })}</p>
      {promotion.bonusAmount > 0 && <p>{t('bonus', { amount: money(promotion.bonusAmount) })}</p>}
      {promotion.needsApplication && <p className="form-field__hint">{t('needsApplication')}</p>}
      {promotion.prizes.length > 0 && (
        <p>
          {t('prizes')}: {promotion.prizes.map((p) => `${p.name} (${money(p.amount)})`).join(', ')}
        </p>
      )}
      {entry?.reason && promotion.status === 'REJECTED' && <p className="form-field__error">{t('rejectReason', { reason: entry.reason })}</p>}
      {entry?.comment && (promotion.status === 'APPLYING' || promotion.status === 'REJECTED') && <p className="form-field__hint">{t('yourComment', { comment: entry.comment })}</p>}
      {entry && <ApplicationImages imageIds={entry.imageIds} />}
      {entry?.prizeName && <p>{t('prizeWon', { prize: entry.prizeName, amount: money(entry.amount) })}</p>}
      <div className="money-form__actions">
        <button type="button" className="button button--outline button--compact" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t('actions.hideDetails') : t('actions.details')}
        </button>
        {action && (
          <button type="button" className="button button--primary button--compact" disabled={busy} onClick={() => onAction(promotion)}>
            {action === 'claim' ? t('actions.claim', { amount: money(entry?.amount ?? 0) }) : t(`actions.${action}`)}
          </button>
        )}
      </div>
      {open && <SafeHtml html={promotion.content} className="rich-text promo-card__content" />}
    </li>
  );
}
