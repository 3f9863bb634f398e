import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router-dom';
import { EmptyState } from '@client/components/empty-state';
import { paths } from '@client/config/paths';

/** A route's error boundary: the screen failed to render; the rest of the site stays. */
export function RouteError() {
  const { t } = useTranslation(['shell', 'common']);
  const error = useRouteError();
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
