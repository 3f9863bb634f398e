import type { EndpointKey, QueryOf } from '@shared/contract/http';
import type { CallInput } from '@client/lib/api-client';
import { useApiQuery } from '@client/state/queries';
import { useRecordFilters } from './use-record-filters';

type QueryKeys<K extends EndpointKey> = keyof NonNullable<QueryOf<K>>;

/** The record calls: a date range and a page in the query. */
export type RecordQueryKey = { [K in EndpointKey]: 'startTime' extends QueryKeys<K> ? ('pageNo' extends QueryKeys<K> ? K : never) : never }[EndpointKey];

/** A record call's own filters: its query without the date range and the paging, which useRecordFilters keeps. */
export type OwnFiltersOf<K extends RecordQueryKey> = Omit<NonNullable<QueryOf<K>>, 'startTime' | 'endTime' | 'pageNo' | 'pageSize'>;

/** A record page's filters and its call, asked for only while the range is one the server takes. */
export const useRecordQuery = <K extends RecordQueryKey>(key: K) => {
  // Every own filter is optional, so none at first is a valid start; TypeScript cannot see that through the generic key.
  const filters = useRecordFilters<OwnFiltersOf<K>>({} as OwnFiltersOf<K>);
  // filters.query is the call's query by construction (range, page and OwnFiltersOf<K>), again past what the generic key lets TypeScript prove.
  const records = useApiQuery(key, { query: filters.query ?? undefined } as CallInput<K>, { enabled: filters.query !== null });
  return { filters, records };
};
