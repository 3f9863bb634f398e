import type { ReactNode } from 'react';
import { DateRangeFilter } from './date-range-filter';
import type { RecordFilters } from './use-record-filters';

/** A record page's frame: the date range and the page's own filters above its list. */
export function RecordPage<F extends Record<string, unknown>>({
  filters,
  extraFilters,
  summary,
  children,
}: {
  filters: RecordFilters<F>;
  extraFilters?: ReactNode;
  summary?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="record-page">
      <div className="record-filters">
        <DateRangeFilter value={filters.range} onChange={filters.setRange} />
        {extraFilters && <div className="record-filters__extra">{extraFilters}</div>}
      </div>
      {summary}
      {filters.query ? children : null}
    </div>
  );
}
