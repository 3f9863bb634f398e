import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '@client/state/queries';
import { EmptyState } from '@client/components/empty-state';
import { QueryStates } from '@client/components/records/query-states';
import { isReferralEnabled, usePublicState } from '@client/state/app-actor';
import { ReferralCard } from '../../components/referral-card';
import '../../agent.css';

function MemberReferral() {
  const { t } = useTranslation('agent');
  const referral = useApiQuery('memberReferral');
  return (
    <QueryStates query={referral}>
      {(data) => (
        <ReferralCard titleId="member-referral-title" title={t('referral.memberTitle')} code={data.referralCode} link={data.link}>
          <p className="referral-card__stats">{t('referral.invited', { count: data.invited })}</p>
        </ReferralCard>
      )}
    </QueryStates>
  );
}

/** referral, invite friends (MEMBER-18, SHELL-36): the member's link and its QR code while the site offers referral. */
export default function ReferralPage() {
  const { t } = useTranslation('agent');
  const referralEnabled = isReferralEnabled(usePublicState());
  return (
    <div className="member-page">
      <p className="member-page__lead">{t('referral.memberLead')}</p>
      {referralEnabled ? <MemberReferral /> : <EmptyState icon={Gift} title={t('referral.off')} />}
    </div>
  );
}
