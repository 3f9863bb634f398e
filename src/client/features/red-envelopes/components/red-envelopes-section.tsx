import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '@client/components/error-notice';
import { useApiQuery } from '@client/state/queries';
import { RedEnvelopeCard } from './red-envelope-card';

/** MEMBER-15: the red envelope campaigns on show, above the promotions; nothing while there are none. */
export function RedEnvelopesSection() {
  const { t } = useTranslation('red-envelopes');
  const campaigns = useApiQuery('redEnvelopeList');
  if (campaigns.isError) return <ErrorNotice error={campaigns.error} onRetry={() => void campaigns.refetch()} />;
  if (!campaigns.data || campaigns.data.list.length === 0) return null;
  return (
    <section className="envelope-section" aria-labelledby="red-envelopes-title" id="red-envelopes">
      <h2 id="red-envelopes-title" className="envelope-section__title">
        {t('title')}
      </h2>
      <p className="form-field__hint">{t('subtitle')}</p>
      <ul className="promo-list">
        {campaigns.data.list.map((campaign) => (
          <RedEnvelopeCard key={campaign.campaignId} campaign={campaign} />
        ))}
      </ul>
    </section>
  );
}
