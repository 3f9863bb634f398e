import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@client/components/empty-state';
import { ScreenLoader } from '@client/components/spinner';
import type { MallAccount } from '../hooks/use-mall-account';

/** What only a member sees: a visitor is asked to log in, a trial account to register (in_need_true_account). */
export function MemberOnly({ account, signIn, children }: { account: MallAccount; signIn: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('common');
  if (account === 'restoring') return <ScreenLoader label={t('loading')} />;
  if (account === 'visitor') return <>{signIn}</>;
  if (account === 'trial') return <EmptyState tone="warning" title={t('in_need_true_account')} />;
  return <>{children}</>;
}
