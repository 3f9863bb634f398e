import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Promotion } from '@shared/contract/promotions';
import { FormAlert } from '@client/components/form';
import type { ApiCallError } from '@client/lib/api-client';
import { formatMoney } from '@client/lib/money';
import { useClaimBonus, useJoinPromotion, useRaffleClaim } from '../hooks/use-promotion-actions';
import { actionOf } from '../promotion-actions';
import { ApplyForm } from './apply-form';
import { PromotionCard } from './promotion-card';

/** Promotions as cards, with the actions their statuses allow: join, apply (a form), claim, draw; each answer said in words. */
export function PromotionList({ promotions, canAct }: { promotions: readonly Promotion[]; canAct: boolean }) {
  const { t, i18n } = useTranslation(['promotions', 'errors']);
  const join = useJoinPromotion();
  const claim = useClaimBonus();
  const raffle = useRaffleClaim();
  const [applying, setApplying] = useState<Promotion | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const money = (amount: number) => formatMoney(amount, i18n.language);
  const busy = join.isPending || claim.isPending || raffle.isPending;

  const act = (promotion: Promotion) => {
    setNotice(null);
    setFailure(null);
    const onError = (error: ApiCallError) => setFailure(t(`errors:${error.code}`));
    const body = { promotionId: promotion.promotionId };
    switch (actionOf(promotion)) {
      case 'join':
        join.mutate(body, { onSuccess: () => setNotice(t('promotions:done.joined', { title: promotion.title })), onError });
        break;
      case 'apply':
      case 'reapply':
        setApplying(promotion);
        break;
      case 'claim':
        claim.mutate(body, { onSuccess: (reply) => setNotice(t('promotions:done.claimed', { amount: money(reply.amount) })), onError });
        break;
      case 'draw':
        raffle.mutate(body, { onSuccess: (reply) => setNotice(t('promotions:done.drawn', { prize: reply.prizeName, amount: money(reply.amount) })), onError });
        break;
      default:
    }
  };

  return (
    <>
      {notice && <FormAlert tone="info">{notice}</FormAlert>}
      {failure && <FormAlert>{failure}</FormAlert>}
      <ul className="promo-list">
        {promotions.map((promotion) => (
          <PromotionCard key={promotion.promotionId} promotion={promotion} canAct={canAct} busy={busy} onAction={act} />
        ))}
      </ul>
      {applying && (
        <ApplyForm
          promotion={applying}
          onClose={() => setApplying(null)}
          onDone={() => {
            setNotice(t('promotions:done.applied', { title: applying.title }));
            setApplying(null);
          }}
        />
      )}
    </>
  );
}
