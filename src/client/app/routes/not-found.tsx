import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { EmptyState } from '@client/components/empty-state';
import { paths } from '@client/config/paths';

/** Any path the site does not have. */
export default function NotFoundScreen() {
  const { t } = useTranslation(['shell', 'common']);
  const { pathname } = useLocation();
  return (
    <div className="screen not-found">
      <h1 className="not-found__code">404</h1>
      <EmptyState
        icon={Compass}
        title={t('shell:notFound.title')}
        text={t('shell:notFound.text', { path: pathname })}
        action={
          <Link to={paths.root.getHref()} className="button button--primary">
            {t('common:actions.backHome')}
          </Link>
        }
      />
    </div>
  );
}
