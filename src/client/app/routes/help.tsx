import { useEffect } from 'react';
import { CircleHelp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { EmptyState } from '@client/components/empty-state';
import { ScreenHeader } from '@client/components/screen-header';
import { ScreenLoader } from '@client/components/spinner';
import { ErrorNotice } from '@client/components/error-notice';
import { paths } from '@client/config/paths';
import { useApiQuery } from '@client/state/queries';
import { usePopups } from '@client/state/app-actor';

/** SHELL-07: the help page, with the help modal open at the URL's anchor (#term: the terms). */
export default function HelpScreen() {
  const popups = usePopups();
  const { t, i18n } = useTranslation(['shell', 'common']);
  const { hash } = useLocation();
  const anchor = hash ? decodeURIComponent(hash.slice(1)) : null;
  const help = useApiQuery('helpCenter', { query: { lang: i18n.language, device: 'WEB' } });

  useEffect(() => {
    popups.open('helpModal', { anchor });
  }, [anchor]);
  useEffect(() => () => popups.close('helpModal'), []);

  return (
    <div className="screen">
      <ScreenHeader icon={CircleHelp} title={t('shell:screens.help')} subtitle={t('shell:screens.helpSubtitle')} />
      {help.isPending ? (
        <ScreenLoader label={t('common:loading')} />
      ) : help.isError ? (
        <ErrorNotice error={help.error} onRetry={() => void help.refetch()} />
      ) : help.data.articles.length === 0 ? (
        <EmptyState title={t('common:in_no_data')} />
      ) : (
        <ul className="topic-list">
          {help.data.articles.map((article) => (
            <li key={article.anchor}>
              <Link to={paths.help.getHref(article.anchor)} className="topic-list__item" onClick={() => popups.open('helpModal', { anchor: article.anchor })}>
                {article.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
