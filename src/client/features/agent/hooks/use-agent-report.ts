import { useRecordQuery, type RecordQueryKey } from '@client/components/records/use-record-query';

/** A report's export call takes the page's filters without the paging. */
const withoutPaging = <Q extends { pageNo: number }>(query: Q | null): Omit<Q, 'pageNo'> | null => {
  if (!query) return null;
  const { pageNo: _pageNo, ...filters } = query;
  return filters;
};

/**
 * The state of an agent record page (reports, contract records): the date range, the page's own
 * filters and its page, the call they make, and the same filters without the page for the CSV export.
 */
export const useAgentReport = <K extends RecordQueryKey>(key: K) => {
  const { filters, records } = useRecordQuery(key);
  return { filters, records, exportQuery: withoutPaging(filters.query) };
};
