// Reports how complete each language's translations are against English (the reference), and
// fails when a language has keys English does not: those would never be typed or shown.
//   npx tsx scripts/check-locales.ts [localesDir]
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const REFERENCE_LANGUAGE = 'en';

export interface LanguageReport {
  language: string;
  translated: number;
  total: number;
  /** 0–100, rounded down, so 100 means every English key is translated. */
  percent: number;
  missingNamespaces: string[];
}

export interface LocaleCheck {
  reports: LanguageReport[];
  /** Anything that fails the check: unreadable files, keys unknown to English, non-string values. */
  problems: string[];
}

type Tree = { [key: string]: Tree | string };

/** `{ a: { b: 'x' } }` → `['a.b']`; a value that is neither text nor an object is a problem. */
const flatten = (tree: Tree, prefix: string, problems: string[], where: string): string[] =>
  Object.entries(tree).flatMap(([key, value]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') return [name];
    if (value && typeof value === 'object' && !Array.isArray(value)) return flatten(value, name, problems, where);
    problems.push(`${where}: "${name}" is neither text nor a group of keys`);
    return [];
  });

const readKeys = (file: string, problems: string[]): Set<string> | null => {
  try {
    const tree = JSON.parse(fs.readFileSync(file, 'utf8')) as Tree;
    return new Set(flatten(tree, '', problems, file));
  } catch (error) {
    problems.push(`${file}: ${(error as Error).message}`);
    return null;
  }
};

const namespacesIn = (dir: string): string[] =>
  fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();

export const checkLocales = (localesDir: string): LocaleCheck => {
  const problems: string[] = [];
  const referenceDir = path.join(localesDir, REFERENCE_LANGUAGE);
  const reference = new Map<string, Set<string>>();
  for (const ns of namespacesIn(referenceDir)) reference.set(ns, readKeys(path.join(referenceDir, `${ns}.json`), problems) ?? new Set());
  const total = [...reference.values()].reduce((sum, keys) => sum + keys.size, 0);

  const languages = fs
    .readdirSync(localesDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== REFERENCE_LANGUAGE)
    .map((e) => e.name)
    .sort();

  const reports = languages.map((language): LanguageReport => {
    const dir = path.join(localesDir, language);
    let translated = 0;
    for (const ns of namespacesIn(dir)) {
      const file = path.join(dir, `${ns}.json`);
      const keys = readKeys(file, problems);
      if (!keys) continue;
      const known = reference.get(ns);
      if (!known) {
        problems.push(`${file}: namespace "${ns}" does not exist in ${REFERENCE_LANGUAGE}`);
        continue;
      }
      for (const key of keys) {
        if (known.has(key)) translated += 1;
        else problems.push(`${file}: "${key}" is missing in ${REFERENCE_LANGUAGE}/${ns}.json`);
      }
    }
    const missingNamespaces = [...reference.keys()].filter((ns) => !fs.existsSync(path.join(dir, `${ns}.json`)));
    return { language, translated, total, percent: total === 0 ? 100 : Math.floor((translated / total) * 100), missingNamespaces };
  });
  return { reports, problems };
};

const main = () => {
  const dir = path.resolve(process.argv[2] ?? 'locales');
  const { reports, problems } = checkLocales(dir);
  const width = Math.max(...reports.map((r) => r.language.length), 8);
  console.log(`${'language'.padEnd(width)}  done  keys`);
  for (const r of reports.sort((a, b) => b.percent - a.percent || a.language.localeCompare(b.language))) {
    const missing = r.missingNamespaces.length ? `  (no ${r.missingNamespaces.join(', ')})` : '';
    console.log(`${r.language.padEnd(width)}  ${String(r.percent).padStart(3)}%  ${r.translated}/${r.total}${missing}`);
  }
  if (problems.length > 0) {
    console.error(`\n${problems.length} problem(s):`);
    for (const p of problems) console.error(`  ${p}`);
    process.exitCode = 1;
  }
};

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
