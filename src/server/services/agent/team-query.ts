import { sql, type RawBuilder } from 'kysely';
import { AGENT_TYPES } from '@shared/contract/socket';
import type { AccountStatus, DownlineKind } from '@shared/contract/agent';

/** Filters shared by the agent's lists and reports. */
export interface ScopeFilters {
  /** Part of the account name or nickname. */
  account?: string | undefined;
  /** Levels below the agent (1 = direct members). */
  level?: number | undefined;
}

export interface MemberFilters extends ScopeFilters {
  kind?: DownlineKind | undefined;
  status?: AccountStatus | undefined;
}

/** A LIKE pattern that finds `text` anywhere, with the pattern characters in it taken literally. */
const containsPattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The filters as one condition over a query that joins the caller's member_tree rows as `t` and
 * the downline member as `m`.
 */
export const scopeCondition = (filters: MemberFilters): RawBuilder<boolean> => {
  const parts: RawBuilder<unknown>[] = [];
  if (filters.level !== undefined) parts.push(sql`t.depth = ${filters.level}`);
  if (filters.account !== undefined) {
    const pattern = containsPattern(filters.account);
    parts.push(sql`(lower(m.account) like ${pattern} or lower(m.nickname) like ${pattern})`);
  }
  const agentTypes = sql.join([...AGENT_TYPES]);
  if (filters.kind === 'AGENT') parts.push(sql`m.type in (${agentTypes})`);
  if (filters.kind === 'MEMBER') parts.push(sql`m.type not in (${agentTypes})`);
  if (filters.status === 'ACTIVE') parts.push(sql`m.status = 'active'`);
  if (filters.status === 'DISABLED') parts.push(sql`m.status <> 'active'`);
  return parts.length ? sql<boolean>`(${sql.join(parts, sql` and `)})` : sql<boolean>`true`;
};

/** Days are counted in the UTC offset the client wrote its startTime with (its local time zone). */
export const utcOffsetMinutesOf = (iso: string | undefined): number => {
  const match = iso ? /([+-])(\d{2}):?(\d{2})$/.exec(iso) : null;
  if (!match) return 0;
  const [, sign, hours, minutes] = match as unknown as [string, string, string, string];
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
};

export const formatUtcOffset = (minutes: number): string => {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
};

const DAY_MS = 86_400_000;

/** The calendar day number (days since 1970-01-01) of an instant at a UTC offset. */
export const dayNumberAt = (instant: Date, offsetMinutes: number): number => Math.floor((instant.getTime() + offsetMinutes * 60_000) / DAY_MS);

/** yyyy-MM-dd of a day number. */
export const dateOfDayNumber = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The same day number, computed by the database for a timestamp column. */
export const dayNumberSql = (column: string, offsetMinutes: number) =>
  sql<number>`floor((extract(epoch from ${sql.ref(column)}) + ${offsetMinutes * 60}) / 86400)::int`;

/** yyyy-MM-dd HH:mm:ss of an instant at a UTC offset (the CSV files' times). */
export const formatAtOffset = (instant: Date | string, offsetMinutes: number): string =>
  new Date(new Date(instant).getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');
