import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '@client/components/brand-logo';
import { Spinner } from '@client/components/spinner';
import { useSite, useSiteRef } from '@client/state/app-actor';
import { MaintenancePage, RegionBlockedPage, SiteUnavailablePage } from './system-pages';

/**
 * Renders by the site's configuration and status (SHELL-46 to SHELL-50), which the app actor's
 * site loads once at start: a splash until then, 1 maintenance page, 2 region-blocked page, 0 the
 * site. A status pushed later switches at once. `bypass` lets an area with its own gate through
 * whatever the status (the operator console, which must stay reachable to switch maintenance off).
 */
export function SystemGate({ children, bypass = false }: { children: ReactNode; bypass?: boolean }) {
  const { t } = useTranslation('common');
  const site = useSite();
  const siteRef = useSiteRef();

  if (bypass) return <>{children}</>;
  if (site.phase === 'loading') {
    return (
      <div className="splash">
        <BrandLogo className="splash__logo" />
        <Spinner label={t('loading')} />
      </div>
    );
  }
  if (site.phase === 'failed' || !site.permission) {
    return <SiteUnavailablePage error={{ code: site.error?.code ?? null }} onRetry={() => siteRef.send({ type: 'site.retry' })} />;
  }
  if (site.status === 1) return <MaintenancePage />;
  if (site.status === 2) return <RegionBlockedPage ip={site.permission.location.ip} />;
  return <>{children}</>;
}
