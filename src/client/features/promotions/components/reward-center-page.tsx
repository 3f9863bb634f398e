import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '@client/components/empty-state';
import { ErrorNotice } from '@client/components/error-notice';
import { ScreenLoader } from '@client/components/spinner';
import { paths } from '@client/config/paths';
import { useApiQuery } from '@client/state/queries';
import { PromotionList } from './promotion-list';

/** MEMBER-13: the reward centre, the promotions open to the player with their statuses and actions, and how many rewards wait. */
export function RewardCenterPage() {
  const { t } = useTranslation(['promotions', 'common']);
  const center = useApiQuery('rewardCenter');
  return (
    // The member center already heads the page with its name; the section only carries it for screen readers.
    // member-page spaces its parts as the other member center pages do; the chip and the link keep their own width in a paragraph each.
    <section className="member-page" aria-label={t('promotions:center.title')}>
      <p className="form-field__hint">{t('promotions:center.subtitle')}</p>
      {center.isPending ? (
        <ScreenLoader label={t('common:loading')} />
      ) : center.isError ? (
        <ErrorNotice error={center.error} onRetry={() => void center.refetch()} />
      ) : (
        <>
          {center.data.claimableCount > 0 && (
            <p>
              <span className="status-tag status-tag--success">{t('promotions:center.claimable', { count: center.data.claimableCount })}</span>
            </p>
          )}
          {center.data.list.length === 0 ? (
            <EmptyState icon={Gift} title={t('promotions:center.empty')} />
          ) : (
            <PromotionList promotions={center.data.list} canAct />
          )}
          <p>
            <Link to={paths.promotions.getHref()} className="button button--outline button--compact">
              {t('promotions:center.browse')}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
