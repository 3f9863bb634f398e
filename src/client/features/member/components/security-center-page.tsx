import { useTranslation } from 'react-i18next';
import { useSessionInfo } from '@client/state/app-actor';

/** securityCenter, the member center's default page (MEMBER-01): the account and its nickname. */
export function SecurityCenterPage() {
  const { t } = useTranslation('shell');
  const { member } = useSessionInfo();
  if (!member) return null;
  return (
    <dl className="summary-list">
      <div>
        <dt>{t('member.account')}</dt>
        <dd>{member.account}</dd>
      </div>
      <div>
        <dt>{t('member.nickname')}</dt>
        <dd>{member.nickname || '—'}</dd>
      </div>
    </dl>
  );
}
