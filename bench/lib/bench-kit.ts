// What every bench shares: the --long flag, one result format, printing it with its ratios, writing
// bench/results/<name>.json, and the README's table built from those files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const RESULTS_DIR = path.join(ROOT, 'bench', 'results');

/** `--long`: each bench runs several times longer, for steadier figures. Benches are bounded to seconds otherwise. */
export const benchOptions = () => {
  const { values } = parseArgs({ options: { long: { type: 'boolean', default: false } }, strict: false });
  return { long: Boolean(values.long) };
};

/** One measured figure beside its baseline, measured in the same run. */
export interface BenchRow {
  measure: string;
  value: number;
  unit: string;
  /** What the figure is compared with, and its value in this run. */
  baseline: string;
  baselineValue: number;
  /** value / baselineValue, or its inverse when smaller is better, so that 1.00 means "as good as the baseline". */
  ratio: number;
  /** The goal, in words (e.g. `≥ 0.50, p99 < 20 ms`), and whether this run met it. */
  target?: string;
  met?: boolean;
  /** Further figures (latency percentiles, sizes...). */
  extra?: Record<string, number | string>;
}

export interface BenchResult {
  name: string;
  title: string;
  at: string;
  long: boolean;
  machine: { cpus: number; model: string; loadAverage: number[]; node: string };
  rows: BenchRow[];
  notes: string[];
}

/** The ratio of two figures where bigger is better (throughput). */
export const higherIsBetter = (value: number, baseline: number) => (baseline > 0 ? value / baseline : 0);
/** The ratio of two figures where smaller is better (bytes, milliseconds): baseline / value. */
export const lowerIsBetter = (value: number, baseline: number) => (value > 0 ? baseline / value : 0);

const fmt = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2));

export const formatRow = (row: BenchRow) =>
  `${row.measure}: ${fmt(row.value)} ${row.unit} | ${row.baseline}: ${fmt(row.baselineValue)} ${row.unit} | ratio ${row.ratio.toFixed(2)}` +
  (row.target ? ` | target ${row.target}: ${row.met ? 'met' : 'NOT met'}` : '') +
  (row.extra ? ` | ${Object.entries(row.extra).map(([k, v]) => `${k} ${typeof v === 'number' ? fmt(v) : v}`).join(', ')}` : '');

/** Prints the result and writes bench/results/<name>.json. */
export const recordResult = (result: Omit<BenchResult, 'at' | 'machine'>): BenchResult => {
  const cpus = os.cpus();
  const full: BenchResult = {
    ...result,
    at: new Date().toISOString(),
    machine: { cpus: cpus.length, model: cpus[0]?.model ?? 'unknown', loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))), node: process.version },
  };
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(path.join(RESULTS_DIR, `${result.name}.json`), `${JSON.stringify(full, null, 2)}\n`);
  console.log(`\n== ${result.title}${result.long ? ' (long run)' : ''}`);
  for (const row of full.rows) console.log(`  ${formatRow(row)}`);
  for (const note of full.notes) console.log(`  note: ${note}`);
  console.log(`  -> bench/results/${result.name}.json`);
  return full;
};

export const readResults = (): BenchResult[] =>
  fs.existsSync(RESULTS_DIR)
    ? fs
        .readdirSync(RESULTS_DIR)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => JSON.parse(fs.readFileSync(path.join(RESULTS_DIR, f), 'utf8')) as BenchResult)
    : [];

const README = path.join(ROOT, 'README.md');
const TABLE_START = '<!-- bench-table:start (written by npm run bench) -->';
const TABLE_END = '<!-- bench-table:end -->';

const cell = (s: string) => s.replace(/\|/g, '\\|');

/** The README's bench table, from the latest result file of each bench. */
export const renderTable = (results: BenchResult[]): string => {
  const lines = ['| bench | measure | value | baseline (same run) | ratio | target | run |', '|---|---|---|---|---|---|---|'];
  for (const r of results) {
    for (const row of r.rows) {
      const target = row.target ? `${row.target} ${row.met ? '✔' : '✘'}` : '';
      lines.push(
        `| ${cell(r.title)} | ${cell(row.measure)} | ${fmt(row.value)} ${row.unit} | ${cell(row.baseline)}: ${fmt(row.baselineValue)} ${row.unit} | ${row.ratio.toFixed(2)} | ${cell(target)} | ${r.at.slice(0, 10)}${r.long ? ', long' : ''} |`,
      );
    }
  }
  return lines.join('\n');
};

/** Replaces the table between the README's markers; returns false when the markers are missing. */
export const updateReadmeTable = (): boolean => {
  const text = fs.readFileSync(README, 'utf8');
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  if (start < 0 || end < start) return false;
  const table = renderTable(readResults());
  fs.writeFileSync(README, `${text.slice(0, start + TABLE_START.length)}\n${table}\n${text.slice(end)}`);
  return true;
};

export const percentileOf = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

export const median = (values: number[]) => percentileOf([...values].sort((a, b) => a - b), 50);
