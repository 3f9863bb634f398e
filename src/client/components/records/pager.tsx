import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export interface PagerProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  disabled?: boolean;
}

/** Previous and next page, with where the list is; hidden when everything fits on one page. */
export function Pager({ page, totalPages, onPage, disabled = false }: PagerProps) {
  const { t } = useTranslation('records');
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <button type="button" className="icon-button icon-button--small" onClick={() => onPage(page - 1)} disabled={disabled || page <= 1} aria-label={t('pager.previous')}>
        <ChevronLeft aria-hidden size={18} />
      </button>
      <span className="pager__where" aria-live="polite">
        {t('pager.where', { page, totalPages })}
      </span>
      <button
        type="button"
        className="icon-button icon-button--small"
        onClick={() => onPage(page + 1)}
        disabled={disabled || page >= totalPages}
        aria-label={t('pager.next')}
      >
        <ChevronRight aria-hidden size={18} />
      </button>
    </nav>
  );
}
