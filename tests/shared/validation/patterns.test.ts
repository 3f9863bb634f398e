import { describe, expect, it } from 'vitest';
import { matchesAcceptedPattern, matchesPattern, PATTERN_IDS, type PatternId } from '@shared/validation/patterns';

const cases: [string, PatternId, string[], string[]][] = [
  ['VAL-07', 'ANY', ['', 'anything at all', '😀 ⸻ \t'], []],
  ['VAL-08', 'LETTER_FIRST_ALNUM', ['a', 'demo2026', 'Zeta9'], ['9lives', '_under', 'has space', 'dash-ed', '']],
  ['VAL-09', 'CHINESE_DIGITS', ['张三', '李四2026', '123'], ['张 三', 'abc', '张三!']],
  ['VAL-10', 'EMAIL', ['a@b.co', 'first.last+tag@example.com'], ['no-at.example.com', 'a@b', 'a b@c.com', '@example.com']],
  ['VAL-11', 'ALNUM', ['abc', '123', 'a1B2'], ['a_b', 'a b', 'ä1', '']],
  ['VAL-12', 'ALNUM_COMBINED', ['a1', 'Pass2026'], ['abc', '123', 'a1!']],
  ['VAL-13', 'DIGITS', ['0', '0901234567'], ['12a', '1 2', '+84', '']],
  ['VAL-14', 'ALNUM_UPPER', ['Abc1', 'ABC'], ['abc1', 'Abc!', 'A b']],
  ['VAL-15', 'ENGLISH_SPACES', ['John Smith', 'abc'], ['José', 'John3', 'a-b']],
  ['VAL-16', 'NO_SPACES', ['abc', 'a-b_c!'], ['a b', ' lead', 'tab\there']],
  ['VAL-17', 'CHINESE_PUNCTUATION', ['你好，世界。', '中文'], ['你好 world', 'abc', '你好1']],
  ['VAL-18', 'DATE_YYYY_MM_DD', ['2026-01-31', '2024-02-29'], ['2026-02-30', '2026-1-05', '31-01-2026', '2023-02-29']],
  ['VAL-19', 'DATE_MM_DD_YYYY', ['01-31-2026', '02-29-2024'], ['2026-01-31', '13-01-2026', '1-31-2026']],
  ['VAL-20', 'KOREAN', ['한국어', '홍길동'], ['한국 어', 'Korean', '한국1']],
  ['VAL-21', 'THAI', ['ภาษาไทย'], ['ภาษา ไทย', 'thai', 'ไทย1']],
  ['VAL-22', 'THAI_ENGLISH_SPACES', ['สมชาย Smith', 'only english'], ['สมชาย1', 'a_b']],
  ['VAL-23', 'UPPER_SPACES', ['NGUYEN VAN A', 'A'], ['   ', 'Nguyen', 'ABC1']],
  ['VAL-24', 'ALNUM_SYMBOLS', ['Abc123!@#', '{secret}'], ['has space', 'ümlaut', '']],
  ['VAL-25', 'PASSWORD_STRONG', ['Demo#2026pass', 'aB3$'], ['demo#2026pass', 'DEMO#2026PASS', 'Demo2026pass', 'Demo#pass', 'De mo#2026']],
  ['VAL-26', 'FULL_NAME', ['John Smith', 'Nguyễn An'], ['John', 'John  Smith', ' John Smith', 'John Smith3']],
  ['VAL-27', 'JAPANESE_FULL_WIDTH', ['ひらがな', 'カタカナ', '漢字', 'やまだタロウ'], ['ｶﾀｶﾅ', 'ひら がな', 'abc']],
  ['VAL-28', 'UPPER_ONLY', ['ABC'], ['ABC DEF', 'Abc', 'ABC1']],
];

describe('pattern catalogue (spec section 5)', () => {
  for (const [id, pattern, accepted, refused] of cases) {
    it(`[${id}] ${pattern} accepts ${JSON.stringify(accepted)} and refuses ${JSON.stringify(refused)}`, () => {
      for (const value of accepted) expect(matchesPattern(pattern, value), value).toBe(true);
      for (const value of refused) expect(matchesPattern(pattern, value), value).toBe(false);
    });
  }

  it('every pattern of the catalogue is covered above', () => {
    expect(new Set(cases.map(([, p]) => p))).toEqual(new Set(PATTERN_IDS));
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
