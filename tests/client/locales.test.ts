import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '@shared/contract/errors';
import { LANGUAGES } from '@shared/i18n/languages';
import enErrors from '@locales/en/errors.json';
import tyErrors from '@locales/ty/errors.json';
import { checkLocales } from '../../scripts/check-locales';

describe('translations', () => {
  it('[ERR-26] every server error code has an English and a TY message', () => {
    for (const messages of [enErrors, tyErrors] as Record<string, string>[]) {
      const missing = API_ERROR_CODES.filter((code) => !messages[code]?.trim());
      expect(missing).toEqual([]);
    }
  });

  it('[SHELL-54] [SHELL-55] TY is complete and every interface language has at least the common labels', () => {
    const { reports, problems } = checkLocales('locales');
    expect(problems).toEqual([]);
    expect(reports.find((r) => r.language === 'ty')?.percent).toBe(100);
    const withCommon = reports.filter((r) => !r.missingNamespaces.includes('common')).map((r) => r.language);
    expect(withCommon).toEqual(expect.arrayContaining(LANGUAGES.map((l) => l.code).filter((c) => c !== 'en')));
  });

  it('the locale check fails on a key that English does not have, and reports completion', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'locales-'));
    fs.mkdirSync(path.join(dir, 'en'));
    fs.mkdirSync(path.join(dir, 'xx'));
    fs.writeFileSync(path.join(dir, 'en', 'common.json'), JSON.stringify({ a: 'A', group: { b: 'B', c: 'C', d: 'D' } }));
    fs.writeFileSync(path.join(dir, 'xx', 'common.json'), JSON.stringify({ a: 'a', group: { b: 'b' }, stray: 'x' }));
    const { reports, problems } = checkLocales(dir);
    expect(reports).toEqual([{ language: 'xx', translated: 2, total: 4, percent: 50, missingNamespaces: [] }]);
    expect(problems).toEqual([expect.stringContaining('"stray" is missing in en/common.json')]);
  });
});
