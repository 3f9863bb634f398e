import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '@client/app/api-context';
import { loadSystem, useSystem } from '@client/app/stores/system-store';
import { BrandLogo } from '@client/components/brand-logo';
import { Spinner } from '@client/components/spinner';
import { MaintenancePage, RegionBlockedPage, SiteUnavailablePage } from './system-pages';

/**
 * Loads the site configuration once, then renders by system status (SHELL-46 to SHELL-50):
 * 1 maintenance page, 2 region-blocked page, 0 the site. A status pushed later switches at once.
 * `bypass` lets an area with its own gate through whatever the status (the operator console,
 * which must stay reachable to switch maintenance off).
 */
export function SystemGate({ children, bypass = false }: { children: ReactNode; bypass?: boolean }) {
  const { t } = useTranslation('common');
  const api = useApi();
  const system = useSystem();

  useEffect(() => {
    if (system.phase === 'idle') void loadSystem(api);
  }, [api, system.phase]);

  if (bypass) return <>{children}</>;
  if (system.phase === 'idle' || system.phase === 'loading') {
    return (
      <div className="splash">
        <BrandLogo className="splash__logo" />
        <Spinner label={t('loading')} />
      </div>
    );
  }
  if (system.phase === 'failed' || !system.permission) return <SiteUnavailablePage error={{ code: system.error }} onRetry={() => void loadSystem(api)} />;
  if (system.status === 1) return <MaintenancePage />;
  if (system.status === 2) return <RegionBlockedPage ip={system.permission.location.ip} />;
  return <>{children}</>;
}
