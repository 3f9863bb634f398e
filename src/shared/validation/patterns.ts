import { isMatch } from 'date-fns';
import { z } from 'zod';

/**
 * The pattern catalogue of spec section 5 (VAL-07..VAL-28). A field rule names one by `patternId`;
 * every test is on the whole value.
 */
const regex = (re: RegExp) => (value: string) => re.test(value);
/** A real calendar date written exactly in `format` (digit for digit, so 2026-1-5 is refused). */
const strictDate = (format: string) => {
  const shape = new RegExp(`^${format.replace(/[A-Za-z]/g, '\\d')}$`);
  return (value: string) => shape.test(value) && isMatch(value, format);
};

// Full-width kana only: the half-width katakana block (U+FF66..U+FF9F) is excluded on purpose.
const HIRAGANA = '\\u3041-\\u309F';
const KATAKANA = '\\u30A0-\\u30FF';

export const PATTERNS = {
  /** VAL-07 */
  ANY: () => true,
  /** VAL-08 */
  LETTER_FIRST_ALNUM: regex(/^[A-Za-z][A-Za-z0-9]*$/),
  /** VAL-09 */
  CHINESE_DIGITS: regex(/^[\p{Script=Han}0-9]+$/u),
  /** VAL-10: zod's own email pattern */
  EMAIL: regex(z.regexes.email),
  /** VAL-11 */
  ALNUM: regex(/^[A-Za-z0-9]+$/),
  /** VAL-12 */
  ALNUM_COMBINED: regex(/^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$/),
  /** VAL-13 */
  DIGITS: regex(/^[0-9]+$/),
  /** VAL-14 */
  ALNUM_UPPER: regex(/^(?=.*[A-Z])[A-Za-z0-9]+$/),
  /** VAL-15 */
  ENGLISH_SPACES: regex(/^[A-Za-z ]+$/),
  /** VAL-16 */
  NO_SPACES: regex(/^\S*$/u),
  /** VAL-17 */
  CHINESE_PUNCTUATION: regex(/^[\p{Script=Han}\p{P}]+$/u),
  /** VAL-18 */
  DATE_YYYY_MM_DD: strictDate('yyyy-MM-dd'),
  /** VAL-19 */
  DATE_MM_DD_YYYY: strictDate('MM-dd-yyyy'),
  /** VAL-20 */
  KOREAN: regex(/^\p{Script=Hangul}+$/u),
  /** VAL-21 */
  THAI: regex(/^\p{Script=Thai}+$/u),
  /** VAL-22 */
  THAI_ENGLISH_SPACES: regex(/^[\p{Script=Thai}A-Za-z ]+$/u),
  /** VAL-23 */
  UPPER_SPACES: regex(/^(?=.*[A-Z])[A-Z ]+$/),
  /** VAL-24: printable ASCII without spaces */
  ALNUM_SYMBOLS: regex(/^[\x21-\x7E]+$/),
  /** VAL-25 */
  PASSWORD_STRONG: regex(/^(?=.*[A-Z])(?=.*[a-z])(?=.*[0-9])(?=.*[^A-Za-z0-9\s])\S+$/),
  /** VAL-26 */
  FULL_NAME: regex(/^[\p{L}\p{M}.'-]+ [\p{L}\p{M}.'-]+$/u),
  /** VAL-27 */
  JAPANESE_FULL_WIDTH: regex(new RegExp(`^[${HIRAGANA}${KATAKANA}\\p{Script=Han}]+$`, 'u')),
  /** VAL-28 */
  UPPER_ONLY: regex(/^[A-Z]+$/),
} as const satisfies Record<string, (value: string) => boolean>;

export type PatternId = keyof typeof PATTERNS;
export const PATTERN_IDS = Object.keys(PATTERNS) as PatternId[];
export const isPatternId = (id: string): id is PatternId => Object.hasOwn(PATTERNS, id);

export const matchesPattern = (id: PatternId, value: string): boolean => PATTERNS[id](value);

/**
 * The mobile field rule's acceptedPattern (VAL-06): `*` accepts anything, otherwise it is a regular
 * expression for the whole number. An operator's pattern that does not compile accepts nothing, so a
 * typo fails closed and shows up at once.
 */
export const matchesAcceptedPattern = (acceptedPattern: string | undefined, value: string): boolean => {
  if (acceptedPattern === undefined || acceptedPattern === '' || acceptedPattern === '*') return true;
  try {
    return new RegExp(`^(?:${acceptedPattern})$`, 'u').test(value);
  } catch {
    return false;
  }
};
