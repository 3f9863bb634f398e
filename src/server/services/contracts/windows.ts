import { tz } from '@date-fns/tz';
import { addDays, addHours, addMonths, getDate, setDate, startOfDay, startOfHour, startOfMonth, startOfWeek } from 'date-fns';
import type { Terms } from './terms';

/** A settlement window, half-open: [start, end). */
export interface Window {
  start: Date;
  end: Date;
}

export interface WindowClock {
  /** PLATFORM_TIME_ZONE: days, weeks, half-months and months are counted there. */
  timeZone: string;
  /** REALTIME_SALARY_WINDOW_SECONDS: real-time windows are aligned to the Unix epoch. */
  realtimeSeconds: number;
}

const plain = (d: Date): Date => new Date(d.getTime());

/** The real-time salary window `instant` falls in: REALTIME_SALARY_WINDOW_SECONDS long, aligned to the Unix epoch. */
export const realtimeWindowAt = (instant: Date, seconds: number): Window => {
  const ms = seconds * 1000;
  const start = Math.floor(instant.getTime() / ms) * ms;
  return { start: new Date(start), end: new Date(start + ms) };
};

/**
 * The window of a contract's kind that `instant` falls in (docs/contracts.md, Parties, kinds and
 * terms): a real-time window, a clock hour, a calendar day, or the dividend's period (D a day, W
 * Monday to Sunday, H the 1st to the 15th and the 16th to the month's end, M a month).
 */
export const windowAt = (terms: Terms, instant: Date, clock: WindowClock): Window => {
  if (terms.kind === 'REALTIME') return realtimeWindowAt(instant, clock.realtimeSeconds);
  const zone = { in: tz(clock.timeZone) };
  if (terms.kind === 'HOURLY') {
    const start = startOfHour(instant, zone);
    return { start: plain(start), end: plain(addHours(start, 1, zone)) };
  }
  const period = terms.kind === 'DIVIDEND' ? terms.period : 'D';
  switch (period) {
    case 'D': {
      const start = startOfDay(instant, zone);
      return { start: plain(start), end: plain(addDays(start, 1, zone)) };
    }
    case 'W': {
      const start = startOfWeek(instant, { ...zone, weekStartsOn: 1 });
      return { start: plain(start), end: plain(addDays(start, 7, zone)) };
    }
    case 'H': {
      const month = startOfMonth(instant, zone);
      const secondHalf = setDate(month, 16, zone);
      return getDate(instant, zone) >= 16
        ? { start: plain(secondHalf), end: plain(addMonths(month, 1, zone)) }
        : { start: plain(month), end: plain(secondHalf) };
    }
    case 'M': {
      const start = startOfMonth(instant, zone);
      return { start: plain(start), end: plain(addMonths(start, 1, zone)) };
    }
  }
};

/** The window right after `window`. */
export const nextWindow = (terms: Terms, window: Window, clock: WindowClock): Window => windowAt(terms, window.end, clock);
