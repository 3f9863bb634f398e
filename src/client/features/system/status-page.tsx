import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Headset } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '@client/components/brand-logo';
import { preferredCustomerService } from '@client/lib/links';
import { useOpenCustomerService } from '@client/components/use-customer-service';
import { usePermission } from '@client/state/app-actor';

export interface StatusPageProps {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  /** Offer the customer-service button (maintenance and region pages). */
  withCustomerService?: boolean;
  action?: ReactNode;
}

/** A page that replaces the whole site: maintenance, region block, or a site that could not load. */
export function StatusPage({ icon: Icon, title, children, withCustomerService = false, action }: StatusPageProps) {
  const { t } = useTranslation(['shell', 'common']);
  const customerService = usePermission()?.customerService ?? [];
  const openCustomerService = useOpenCustomerService();
  const support = withCustomerService ? preferredCustomerService(customerService) : null;
  return (
    <main className="status-page">
      <div className="status-page__card">
        <div className="status-page__brand" role="img" aria-label={t('common:appName')}>
          <BrandLogo className="status-page__logo" />
        </div>
        <span className="status-page__icon" aria-hidden>
          <Icon size={44} strokeWidth={1.5} />
        </span>
        <h1 className="status-page__title">{title}</h1>
        {children}
        <div className="status-page__actions">
          {support && (
            <button type="button" className="button button--primary" onClick={() => openCustomerService(support)}>
              <Headset aria-hidden size={18} />
              {t('shell:customerService')}
            </button>
          )}
          {action}
        </div>
      </div>
    </main>
  );
}
