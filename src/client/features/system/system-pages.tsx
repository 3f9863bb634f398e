import { Construction, ShieldBan, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toErrorCode } from '@shared/contract/errors';
import { StatusPage } from './status-page';

/** SHELL-48: status 1. */
export function MaintenancePage() {
  const { t } = useTranslation('shell');
  return (
    <StatusPage icon={Construction} title={t('game_maintenance')} withCustomerService>
      <p className="status-page__text">{t('info_maintenance')}</p>
    </StatusPage>
  );
}

/** SHELL-49: status 2, with the visitor's IP from the permission response. */
export function RegionBlockedPage({ ip }: { ip: string }) {
  const { t } = useTranslation('shell');
  return (
    <StatusPage icon={ShieldBan} title={t('blockip')} withCustomerService>
      <p className="status-page__ip">{t('yourIp', { ip })}</p>
      <p className="status-page__text">{t('info_ip_block')}</p>
    </StatusPage>
  );
}

/** The site configuration could not be loaded (ERR-18). */
export function SiteUnavailablePage({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['shell', 'errors', 'common']);
  return (
    <StatusPage
      icon={WifiOff}
      title={t(`errors:${toErrorCode(error)}`)}
      action={
        <button type="button" className="button button--primary" onClick={onRetry}>
          {t('common:actions.retry')}
        </button>
      }
    >
      <p className="status-page__text">{t('shell:siteUnavailable')}</p>
    </StatusPage>
  );
}
