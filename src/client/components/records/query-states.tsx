import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@client/components/empty-state';
import { ScreenLoader } from '@client/components/spinner';
import type { ApiCallError } from '@client/lib/api-client';

export interface QueryStatesProps<T> {
  query: Pick<UseQueryResult<T, ApiCallError>, 'data' | 'error' | 'isPending' | 'isError' | 'refetch' | 'isFetching'>;
  /** Nothing to list: the in_no_data state. */
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/** The loading, error (with retry), empty and loaded states every record list shares. */
export function QueryStates<T>({ query, isEmpty, children }: QueryStatesProps<T>) {
  const { t } = useTranslation(['common', 'errors']);
  if (query.isPending) return <ScreenLoader label={t('common:loading')} />;
  if (query.isError) {
    return (
      <EmptyState
        tone="warning"
        icon={TriangleAlert}
        title={t(`errors:${query.error?.code ?? 'INTERNAL'}`)}
        action={
          <button type="button" className="button button--outline button--compact" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {t('common:actions.retry')}
          </button>
        }
      />
    );
  }
  const data = query.data as T;
  if (isEmpty?.(data)) return <EmptyState title={t('common:in_no_data')} />;
  return <>{children(data)}</>;
}
