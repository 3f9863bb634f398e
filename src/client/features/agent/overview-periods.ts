import { format, startOfMonth, startOfWeek, subDays } from 'date-fns';
import type { OverviewPeriod } from '@shared/contract/agent';
import type { DateRange } from '@client/components/records/date-range';

const day = (date: Date) => format(date, 'yyyy-MM-dd');

/**
 * The team overview's fixed periods as date ranges in the viewer's time zone (README, "Team
 * overview figures"): today, yesterday, the week so far (weeks start on Monday, as the dividend
 * weeks do) and the month so far. `custom` keeps the range the agent typed.
 */
export const periodRange = (period: Exclude<OverviewPeriod, 'custom'>, today: Date = new Date()): DateRange => {
  switch (period) {
    case 'today':
      return { from: day(today), to: day(today) };
    case 'yesterday':
      return { from: day(subDays(today, 1)), to: day(subDays(today, 1)) };
    case 'thisWeek':
      return { from: day(startOfWeek(today, { weekStartsOn: 1 })), to: day(today) };
    case 'thisMonth':
      return { from: day(startOfMonth(today)), to: day(today) };
  }
};
