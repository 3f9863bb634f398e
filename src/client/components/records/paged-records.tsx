import type { ReactNode } from 'react';
import { Pager } from './pager';
import { QueryStates, type QueryStatesProps } from './query-states';
import type { RecordFilters } from './use-record-filters';

/** A record list read a page at a time: the loading, error and empty states, the page, and the pager under it. */
export function PagedRecords<T extends { list: unknown[]; totalPages: number }>({
  query,
  filters,
  children,
}: {
  query: QueryStatesProps<T>['query'];
  filters: Pick<RecordFilters<unknown>, 'page' | 'setPage'>;
  children: (data: T) => ReactNode;
}) {
  return (
    <QueryStates query={query} isEmpty={(data) => data.list.length === 0}>
      {(data) => (
        <>
          {children(data)}
          <Pager page={filters.page} totalPages={data.totalPages} onPage={filters.setPage} />
        </>
      )}
    </QueryStates>
  );
}
