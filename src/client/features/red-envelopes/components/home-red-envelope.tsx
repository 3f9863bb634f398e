import { ChevronRight, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { RedEnvelopeCampaign } from '@shared/contract/red-envelopes';
import { paths } from '@client/config/paths';
import { useApiQuery } from '@client/state/queries';
import { RedEnvelopeCard } from './red-envelope-card';

/** The campaign the home strip offers: one the player can open now, else one a deposit would open. */
export const campaignToShow = (campaigns: readonly RedEnvelopeCampaign[]): RedEnvelopeCampaign | undefined =>
  campaigns.find((c) => c.status === 'OPEN') ?? campaigns.find((c) => c.status === 'NOT_ELIGIBLE');

/**
 * The home screen's red envelopes (MEMBER-15): the campaign a player can open now, opened from
 * here, and the way to all of them. Its own chunk, loaded after the home's first render; it shows
 * nothing while no campaign is open to the caller.
 */
export function HomeRedEnvelope() {
  const { t } = useTranslation('red-envelopes');
  const campaigns = useApiQuery('redEnvelopeList');
  const campaign = campaigns.data ? campaignToShow(campaigns.data.list) : undefined;
  if (!campaign) return null;
  return (
    <section className="home-strip" aria-labelledby="home-red-envelope-title" data-testid="home-red-envelope">
      <h2 id="home-red-envelope-title" className="home-strip__title">
        <Mail aria-hidden size={18} /> {t('homeTitle')}
      </h2>
      <RedEnvelopeCard campaign={campaign} as="div" />
      <Link to={`${paths.promotions.getHref()}#red-envelopes`} className="lobby-row__more">
        {t('seeAll')}
        <ChevronRight aria-hidden size={16} />
      </Link>
    </section>
  );
}
