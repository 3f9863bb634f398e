import { useState } from 'react';
import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { PROMOTION_TYPES, type PromotionType } from '@shared/contract/promotions';
import { EmptyState } from '@client/components/empty-state';
import { ErrorNotice } from '@client/components/error-notice';
import { FormAlert } from '@client/components/form';
import { ScreenLoader } from '@client/components/spinner';
import { useSessionInfo } from '@client/state/app-actor';
import { useApiQuery } from '@client/state/queries';
import { PromotionList } from './promotion-list';

/** MEMBER-10, MEMBER-11: every promotion on show, filtered by type, each with the caller's status; guests are asked to log in to act. */
export function PromotionsBoard() {
  const { t } = useTranslation(['promotions', 'common']);
  const [type, setType] = useState<PromotionType | null>(null);
  const { status } = useSessionInfo();
  const promotions = useApiQuery('promotionList', type ? { query: { type } } : { query: {} });

  return (
    <>
      <div className="chip-row" role="group" aria-label={t('promotions:filter.label')}>
        <button type="button" className={clsx('chip', type === null && 'is-active')} aria-pressed={type === null} onClick={() => setType(null)}>
          {t('promotions:filter.all')}
        </button>
        {PROMOTION_TYPES.map((entry) => (
          <button key={entry} type="button" className={clsx('chip', type === entry && 'is-active')} aria-pressed={type === entry} onClick={() => setType(entry)}>
            {t(`promotions:type.${entry}`)}
          </button>
        ))}
      </div>
      {status === 'loggedOut' && <FormAlert tone="info">{t('promotions:signInToJoin')}</FormAlert>}
      {promotions.isPending ? (
        <ScreenLoader label={t('common:loading')} />
      ) : promotions.isError ? (
        <ErrorNotice error={promotions.error} onRetry={() => void promotions.refetch()} />
      ) : promotions.data.list.length === 0 ? (
        <EmptyState icon={Gift} title={t('promotions:empty')} />
      ) : (
        <PromotionList promotions={promotions.data.list} canAct={status === 'loggedIn'} />
      )}
    </>
  );
}
