/** The system area's plain values (see member.values.ts for why a `.values` file): system.ts builds its schemas from them. */

/** 0 open, 1 maintenance, 2 region restricted (spec section 4). */
export type SystemStatusCode = 0 | 1 | 2;

/** Maintenance wins over region restriction (spec section 4). */
export const deriveSystemStatus = (flags: { maintenance: boolean; regionRestriction: boolean }): SystemStatusCode =>
  flags.maintenance ? 1 : flags.regionRestriction ? 2 : 0;

/** A language code such as en or zh-TW. */
export const LANGUAGE_CODE_PATTERN = /^[A-Za-z]{2,3}(-[A-Za-z]{2,4})?$/;
export const isLanguageCode = (value: string): boolean => LANGUAGE_CODE_PATTERN.test(value);
