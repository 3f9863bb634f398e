import { useState } from 'react';
import { dateRangeIssue, presetRange, rangeQuery, type DateRange } from './date-range';

export interface RecordFilters<F> {
  range: DateRange;
  page: number;
  extra: F;
  setRange: (range: DateRange) => void;
  setExtra: (extra: F) => void;
  /** Changes the named filters (undefined clears one) and keeps the others. */
  updateExtra: (patch: Partial<F>) => void;
  setPage: (page: number) => void;
  /** The query of the record call; null while the range is one the server would refuse. */
  query: ({ startTime: string; endTime: string; pageNo: number } & F) | null;
}

/** A record page's filters: the date range (previous 7 days at first), its own filters and the page; a new filter starts at page 1. */
export const useRecordFilters = <F extends Record<string, unknown>>(initialExtra: F): RecordFilters<F> => {
  const [range, setRangeState] = useState<DateRange>(() => presetRange('previous7'));
  const [extra, setExtraState] = useState<F>(initialExtra);
  const [page, setPage] = useState(1);
  const setExtra = (next: F) => {
    setExtraState(next);
    setPage(1);
  };
  return {
    range,
    page,
    extra,
    setRange: (next) => {
      setRangeState(next);
      setPage(1);
    },
    setExtra,
    // A cleared filter leaves the query rather than travelling as undefined.
    updateExtra: (patch) => setExtra(Object.fromEntries(Object.entries({ ...extra, ...patch }).filter(([, value]) => value !== undefined)) as F),
    setPage,
    query: dateRangeIssue(range) ? null : { ...rangeQuery(range), pageNo: page, ...extra },
  };
};
