import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@client/components/empty-state';

/** What a contract page (bonus, daily, hourly and real-time salary) shows until its screen is built: not available yet, never "No data". */
export function ContractPageNotice() {
  const { t } = useTranslation('agent');
  return <EmptyState icon={Hourglass} title={t('notAvailable.title')} text={t('notAvailable.text')} />;
}
