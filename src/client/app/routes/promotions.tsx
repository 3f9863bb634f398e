import { useState } from 'react';
import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { EmptyState } from '@client/components/empty-state';
import { SafeHtml } from '@client/components/safe-html';
import { ScreenHeader } from '@client/components/screen-header';
import { ScreenLoader } from '@client/components/spinner';
import { ErrorNotice } from '@client/components/error-notice';
import { useApiQuery } from '@client/state/queries';

/** SHELL-13: the promotions, filterable by promotion type (MEMBER-10). */
export default function PromotionsScreen() {
  const { t } = useTranslation(['shell', 'common']);
  const [type, setType] = useState<string | null>(null);
  const announcements = useApiQuery('announcements', { query: { types: 'B,PL,PU,PR', platform: 'W' } });
  const promotions = announcements.data?.promotion ?? [];
  const types = [...new Set(promotions.map((p) => p.promotionType).filter((p): p is string => Boolean(p)))];
  const shown = type ? promotions.filter((p) => p.promotionType === type) : promotions;

  return (
    <div className="screen">
      <ScreenHeader icon={Gift} title={t('shell:screens.promotions')} subtitle={t('shell:screens.promotionsSubtitle')} />
      {types.length > 0 && (
        <div className="chip-row" role="group" aria-label={t('shell:screens.promotionTypes')}>
          <button type="button" className={clsx('chip', type === null && 'is-active')} aria-pressed={type === null} onClick={() => setType(null)}>
            {t('shell:games.all')}
          </button>
          {types.map((entry) => (
            <button key={entry} type="button" className={clsx('chip', type === entry && 'is-active')} aria-pressed={type === entry} onClick={() => setType(entry)}>
              {entry}
            </button>
          ))}
        </div>
      )}
      {announcements.isPending ? (
        <ScreenLoader label={t('common:loading')} />
      ) : announcements.isError ? (
        <ErrorNotice error={announcements.error} onRetry={() => void announcements.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState icon={Gift} title={t('common:in_no_data')} />
      ) : (
        <ul className="promo-list">
          {shown.map((promotion) => (
            <li key={promotion.id} className="promo-card card">
              <h2 className="promo-card__title">{promotion.title}</h2>
              {promotion.promotionType && <span className="tag">{promotion.promotionType}</span>}
              <SafeHtml html={promotion.content} className="rich-text promo-card__content" />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
