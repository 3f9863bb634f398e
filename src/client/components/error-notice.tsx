import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toErrorCode } from '@shared/contract/errors';
import { EmptyState } from './empty-state';

/** A failed call, in words (errors:<code>), with a retry. */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation(['errors', 'common']);
  return (
    <EmptyState
      tone="warning"
      icon={TriangleAlert}
      title={t(`errors:${toErrorCode(error)}`)}
      action={
        onRetry && (
          <button type="button" className="button button--outline" onClick={onRetry}>
            {t('common:actions.retry')}
          </button>
        )
      }
    />
  );
}
