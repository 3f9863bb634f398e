import { addDays, differenceInCalendarDays, endOfDay, format, formatISO, isValid, parseISO, startOfDay, subDays } from 'date-fns';
import { RECORD_MAX_RANGE_DAYS } from '@shared/contract/records';

/** Dates as the date inputs hold them: yyyy-MM-dd, in the viewer's time zone. */
export interface DateRange {
  from: string;
  to: string;
}

/** CONST-04: the date filters' presets, each counted from today. */
export const DATE_PRESETS = ['previous7', 'previous30', 'next7', 'next30'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

const DAY_FORMAT = 'yyyy-MM-dd';
const day = (date: Date) => format(date, DAY_FORMAT);

/** Previous N days end today; next N days start today; both span N days, today included. */
export const presetRange = (preset: DatePreset, today: Date = new Date()): DateRange => {
  switch (preset) {
    case 'previous7':
      return { from: day(subDays(today, 6)), to: day(today) };
    case 'previous30':
      return { from: day(subDays(today, 29)), to: day(today) };
    case 'next7':
      return { from: day(today), to: day(addDays(today, 6)) };
    case 'next30':
      return { from: day(today), to: day(addDays(today, 29)) };
  }
};

/** The preset a range equals today, if any (the active preset button). */
export const presetOf = (range: DateRange, today: Date = new Date()): DatePreset | null =>
  DATE_PRESETS.find((preset) => {
    const candidate = presetRange(preset, today);
    return candidate.from === range.from && candidate.to === range.to;
  }) ?? null;

export type DateRangeIssue = 'invalid' | 'endBeforeStart' | 'tooLong';

/** What the server would refuse (records contract): an end before the start, or more than 92 days. */
export const dateRangeIssue = (range: DateRange): DateRangeIssue | null => {
  const from = parseISO(range.from);
  const to = parseISO(range.to);
  if (!isValid(from) || !isValid(to)) return 'invalid';
  if (to < from) return 'endBeforeStart';
  if (differenceInCalendarDays(to, from) + 1 > RECORD_MAX_RANGE_DAYS) return 'tooLong';
  return null;
};

/** The record calls' startTime and endTime: the whole first and last day, with the local offset. */
export const rangeQuery = (range: DateRange): { startTime: string; endTime: string } => ({
  startTime: formatISO(startOfDay(parseISO(range.from))),
  endTime: formatISO(endOfDay(parseISO(range.to))),
});

export { RECORD_MAX_RANGE_DAYS };
