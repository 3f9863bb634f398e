import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { Link, useLocation } from 'react-router-dom';
import { EmptyState } from '@client/components/empty-state';
import { paths } from '@client/config/paths';

/** What a route's error boundary shows: the screen failed to render; the rest of the site stays. */
function RouteError({ error }: FallbackProps) {
  const { t } = useTranslation(['shell', 'common']);
  console.error('route error', error);
  return (
    <div className="route-error">
      <EmptyState
        tone="warning"
        icon={TriangleAlert}
        title={t('shell:routeError.title')}
        text={t('shell:routeError.text')}
        action={
          <>
            <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
              {t('shell:routeError.reload')}
            </button>
            <Link to={paths.root.getHref()} className="button button--ghost">
              {t('common:actions.backHome')}
            </Link>
          </>
        }
      />
    </div>
  );
}

/** A route's error boundary; going to another page tries again. */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <ErrorBoundary FallbackComponent={RouteError} resetKeys={[location.pathname, location.search]}>
      {children}
    </ErrorBoundary>
  );
}
