import { format } from 'date-fns';

/**
 * Times as yyyy-MM-dd HH:mm:ss in the viewer's time zone (MSG-05). The spec writes `hh`; a
 * 12-hour clock without AM/PM would make 08:00 and 20:00 look alike, so hours count to 24.
 * Money formats live in money.ts, so the home page's jackpot does not fetch a date library.
 */
export const DATE_TIME_FORMAT = 'yyyy-MM-dd HH:mm:ss';

/** An ISO time as DATE_TIME_FORMAT; '—' for none, the text itself when it is not a time. */
export const formatDateTime = (iso: string | null | undefined): string => {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, DATE_TIME_FORMAT);
};
