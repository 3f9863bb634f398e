import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { EmptyState } from '@client/components/empty-state';
import { SafeHtml } from '@client/components/safe-html';
import { ScreenLoader } from '@client/components/spinner';
import { useApiQuery } from '@client/state/queries';
import { ErrorNotice } from '@client/components/error-notice';
import { type PopupContentProps } from '@client/state/app-actor';
import { LEGAL_LICENSE_ANCHOR } from '@client/config/menu';

/** The help-centre articles (MEMBER-20) with the one named by the anchor open (SHELL-07). */
export function HelpModalContent({ payload }: PopupContentProps<'helpModal'>) {
  const { t, i18n } = useTranslation('common');
  const help = useApiQuery('helpCenter', { query: { lang: i18n.language, device: 'WEB' } });
  const [chosen, setChosen] = useState<string | null>(null);

  if (help.isPending) return <ScreenLoader label={t('loading')} />;
  if (help.isError) return <ErrorNotice error={help.error} onRetry={() => void help.refetch()} />;
  const articles = help.data.articles;
  if (articles.length === 0) return <EmptyState title={t('in_no_data')} />;
  const selected = articles.find((a) => a.anchor === (chosen ?? payload.anchor)) ?? articles[0]!;

  return (
    <div className="help-center">
      <nav className="help-center__nav" aria-label={t('nav.help')}>
        <ul>
          {articles.map((article) => (
            <li key={article.anchor}>
              <button
                type="button"
                className={clsx('help-center__tab', article.anchor === selected.anchor && 'is-active')}
                aria-current={article.anchor === selected.anchor ? 'true' : undefined}
                onClick={() => setChosen(article.anchor)}
              >
                {article.title}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <article id={selected.anchor} className="help-center__article" aria-labelledby={`help-${selected.anchor}`}>
        <h3 id={`help-${selected.anchor}`}>{selected.title}</h3>
        <SafeHtml html={selected.content} className="rich-text" />
      </article>
    </div>
  );
}

/** The legal licence modal shows the help centre's licence article. */
export function LegalLicenseContent() {
  const anchor = LEGAL_LICENSE_ANCHOR;
  const { t, i18n } = useTranslation('common');
  const help = useApiQuery('helpCenter', { query: { lang: i18n.language, device: 'WEB' } });
  if (help.isPending) return <ScreenLoader label={t('loading')} />;
  if (help.isError) return <ErrorNotice error={help.error} onRetry={() => void help.refetch()} />;
  const article = help.data.articles.find((a) => a.anchor === anchor);
  if (!article) return <EmptyState title={t('in_no_data')} />;
  return (
    <article className="help-center__article">
      <h3>{article.title}</h3>
      <SafeHtml html={article.content} className="rich-text" />
    </article>
  );
}
