import { ArrowUpFromLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '@client/state/queries';
import { EmptyState } from '@client/components/empty-state';
import { QueryStates } from '@client/components/records/query-states';
import { useBalance } from '@client/state/app-actor';
import { TransferForm } from '../../components/transfer-form';
import { useUplineTransfer } from '../../hooks/use-transfers';
import '../../agent.css';

/** transferUpline (WALLET-06): a member sends money from its main wallet to its upline, when the site allows transfers. */
export default function TransferUplinePage() {
  const { t } = useTranslation('agent');
  const upline = useApiQuery('uplineInfo');
  const { balance } = useBalance();
  const send = useUplineTransfer();
  return (
    <div className="member-page">
      <QueryStates query={upline}>
        {({ upline: who, transfersEnabled }) =>
          !who ? (
            <EmptyState icon={ArrowUpFromLine} title={t('upline.none')} />
          ) : !transfersEnabled ? (
            <EmptyState icon={ArrowUpFromLine} tone="warning" title={t('upline.disabled')} />
          ) : (
            <TransferForm
              titleId="upline-transfer-title"
              title={t('upline.title')}
              recipient={who.nickname ? `${who.account} (${who.nickname})` : who.account}
              balance={balance}
              send={send}
            />
          )
        }
      </QueryStates>
    </div>
  );
}
