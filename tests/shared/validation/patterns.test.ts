import { describe, expect, it } from 'vitest';
import { matchesAcceptedPattern, matchesPattern, PATTERN_IDS, type PatternId } from '@shared/validation/patterns';

/** Checks one catalogue pattern against values it must accept and values it must refuse. */
const check = (pattern: PatternId, accepted: string[], refused: string[]) => {
  for (const value of accepted) expect(matchesPattern(pattern, value), value).toBe(true);
  for (const value of refused) expect(matchesPattern(pattern, value), value).toBe(false);
};

describe('pattern catalogue (spec section 5)', () => {
  it('[VAL-07] ANY, any characters: accepts any input', () => {
    check('ANY', ['', 'anything at all', '😀 ⸻ \t'], []);
  });

  it('[VAL-08] LETTER_FIRST_ALNUM, letter first then letters and digits', () => {
    check('LETTER_FIRST_ALNUM', ['a', 'demo2026', 'Zeta9'], ['9lives', '_under', 'has space', 'dash-ed', '']);
  });

  it('[VAL-09] CHINESE_DIGITS, Chinese characters and digits only', () => {
    check('CHINESE_DIGITS', ['张三', '李四2026', '123'], ['张 三', 'abc', '张三!']);
  });

  it('[VAL-10] EMAIL, email format only', () => {
    check('EMAIL', ['a@b.co', 'first.last+tag@example.com'], ['no-at.example.com', 'a@b', 'a b@c.com', '@example.com']);
  });

  it('[VAL-11] ALNUM, letters or digits only', () => {
    check('ALNUM', ['abc', '123', 'a1B2'], ['a_b', 'a b', 'ä1', '']);
  });

  it('[VAL-12] ALNUM_COMBINED, letters and digits, at least one of each', () => {
    check('ALNUM_COMBINED', ['a1', 'Pass2026'], ['abc', '123', 'a1!']);
  });

  it('[VAL-13] DIGITS, digits only', () => {
    check('DIGITS', ['0', '0901234567'], ['12a', '1 2', '+84', '']);
  });

  it('[VAL-14] ALNUM_UPPER, letters and digits with at least one uppercase', () => {
    check('ALNUM_UPPER', ['Abc1', 'ABC'], ['abc1', 'Abc!', 'A b']);
  });

  it('[VAL-15] ENGLISH_SPACES, English letters and spaces only', () => {
    check('ENGLISH_SPACES', ['John Smith', 'abc'], ['José', 'John3', 'a-b']);
  });

  it('[VAL-16] NO_SPACES, no spaces: refuses any input with a space', () => {
    check('NO_SPACES', ['abc', 'a-b_c!'], ['a b', ' lead', 'tab\there']);
  });

  it('[VAL-17] CHINESE_PUNCTUATION, Chinese characters and punctuation only', () => {
    check('CHINESE_PUNCTUATION', ['你好，世界。', '中文'], ['你好 world', 'abc', '你好1']);
  });

  it('[VAL-18] DATE_YYYY_MM_DD, date written as yyyy-MM-dd only', () => {
    check('DATE_YYYY_MM_DD', ['2026-01-31', '2024-02-29'], ['2026-02-30', '2026-1-05', '31-01-2026', '2023-02-29']);
  });

  it('[VAL-19] DATE_MM_DD_YYYY, date written as MM-dd-yyyy only', () => {
    check('DATE_MM_DD_YYYY', ['01-31-2026', '02-29-2024'], ['2026-01-31', '13-01-2026', '1-31-2026']);
  });

  it('[VAL-20] KOREAN, Korean characters only', () => {
    check('KOREAN', ['한국어', '홍길동'], ['한국 어', 'Korean', '한국1']);
  });

  it('[VAL-21] THAI, Thai characters only', () => {
    check('THAI', ['ภาษาไทย'], ['ภาษา ไทย', 'thai', 'ไทย1']);
  });

  it('[VAL-22] THAI_ENGLISH_SPACES, Thai or English letters and spaces only', () => {
    check('THAI_ENGLISH_SPACES', ['สมชาย Smith', 'only english'], ['สมชาย1', 'a_b']);
  });

  it('[VAL-23] UPPER_SPACES, uppercase letters and spaces with at least one letter', () => {
    check('UPPER_SPACES', ['NGUYEN VAN A', 'A'], ['   ', 'Nguyen', 'ABC1']);
  });

  it('[VAL-24] ALNUM_SYMBOLS, letters, digits and symbols only', () => {
    check('ALNUM_SYMBOLS', ['Abc123!@#', '{secret}'], ['has space', 'ümlaut', '']);
  });

  it('[VAL-25] PASSWORD_STRONG, password needs an uppercase, a lowercase, a digit and a symbol', () => {
    check('PASSWORD_STRONG', ['Demo#2026pass', 'aB3$'], ['demo#2026pass', 'DEMO#2026PASS', 'Demo2026pass', 'Demo#pass', 'De mo#2026']);
  });

  it('[VAL-26] FULL_NAME, full name as first and last parts separated by one space', () => {
    check('FULL_NAME', ['John Smith', 'Nguyễn An'], ['John', 'John  Smith', ' John Smith', 'John Smith3']);
  });

  it('[VAL-27] JAPANESE_FULL_WIDTH, full-width Hiragana, Katakana or Kanji without spaces', () => {
    check('JAPANESE_FULL_WIDTH', ['ひらがな', 'カタカナ', '漢字', 'やまだタロウ'], ['ｶﾀｶﾅ', 'ひら がな', 'abc']);
  });

  it('[VAL-28] UPPER_ONLY, uppercase letters only without spaces', () => {
    check('UPPER_ONLY', ['ABC'], ['ABC DEF', 'Abc', 'ABC1']);
  });

  it('every pattern of the catalogue is covered above', () => {
    const tested: PatternId[] = ['ANY', 'LETTER_FIRST_ALNUM', 'CHINESE_DIGITS', 'EMAIL', 'ALNUM', 'ALNUM_COMBINED', 'DIGITS', 'ALNUM_UPPER', 'ENGLISH_SPACES', 'NO_SPACES', 'CHINESE_PUNCTUATION', 'DATE_YYYY_MM_DD', 'DATE_MM_DD_YYYY', 'KOREAN', 'THAI', 'THAI_ENGLISH_SPACES', 'UPPER_SPACES', 'ALNUM_SYMBOLS', 'PASSWORD_STRONG', 'FULL_NAME', 'JAPANESE_FULL_WIDTH', 'UPPER_ONLY'];
    expect(new Set(tested)).toEqual(new Set(PATTERN_IDS));
  });

  it('[VAL-06] an acceptedPattern of * accepts any number; another is a whole-value regular expression', () => {
    expect(matchesAcceptedPattern('*', 'anything')).toBe(true);
    expect(matchesAcceptedPattern(undefined, '123')).toBe(true);
    expect(matchesAcceptedPattern('(3|5|7|8|9)\\d{8}', '901234567')).toBe(true);
    expect(matchesAcceptedPattern('(3|5|7|8|9)\\d{8}', '101234567')).toBe(false);
    expect(matchesAcceptedPattern('(3|5|7|8|9)\\d{8}', '9012345678')).toBe(false);
  });

  it('[VAL-06] an acceptedPattern that does not compile accepts nothing', () => {
    expect(matchesAcceptedPattern('([', '123')).toBe(false);
  });
});
