// Lighthouse (mobile preset: a mid-range phone on a slow 4G link, simulated) on the production build served by
// the real server: `/`, `/rng` and `/agentHome`, beside the bare React + Vite page built and served (compressed)
// in the same run. Chromium is Debian's (/usr/bin/chromium, or CHROME_PATH).
//   npx tsx bench/lighthouse.bench.ts [--long]      (--long: three runs per page, the median kept)
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { benchOptions, median, recordResult, type BenchRow } from './lib/bench-kit';
import { startBenchServer } from './lib/bench-server';
import { buildBaselinePage, buildPlatformClient, serveStatic } from './lib/client-build';

const { long } = benchOptions();
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PAGES = ['/', '/rng', '/agentHome'];
const RUNS = long ? 3 : 1;

interface PageScore {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
}

const audit = async (url: string): Promise<PageScore> => {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const { lhr } = result;
    // A run that could not load the page (its error code, e.g. NO_FCP) measures nothing: it is run again.
    if (lhr.runtimeError) throw new AuditFailed(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    if (lhr.categories.performance?.score == null) throw new AuditFailed('no performance score');
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      fcpMs: numeric('first-contentful-paint'),
    };
  } finally {
    chrome.kill();
  }
};

class AuditFailed extends Error {}
const ATTEMPTS_PER_RUN = 3;

/** One run's score; a run Lighthouse reports as failed is tried again, up to ATTEMPTS_PER_RUN times. */
const auditWithRetries = async (url: string): Promise<PageScore> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(url);
    } catch (error) {
      if (!(error instanceof AuditFailed) || attempt === ATTEMPTS_PER_RUN) throw error;
      console.log(`  ${url}: lighthouse run failed (${error.message}), running it again`);
    }
  }
};

const medianScore = async (url: string): Promise<PageScore> => {
  const runs: PageScore[] = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await auditWithRetries(url));
  const pick = (key: keyof PageScore) => median(runs.map((r) => r[key]));
  return { performance: pick('performance'), lcpMs: pick('lcpMs'), tbtMs: pick('tbtMs'), cls: pick('cls'), fcpMs: pick('fcpMs') };
};

const main = async () => {
  console.log('lighthouse bench: building the client and the baseline page');
  const [dist, baselineDist] = [await buildPlatformClient(), await buildBaselinePage()];
  const baselineServer = await serveStatic(baselineDist);
  let baseline: PageScore;
  try {
    baseline = await medianScore(`${baselineServer.url}/`);
  } finally {
    await baselineServer.close();
  }
  console.log(`  baseline page: performance ${baseline.performance}, LCP ${baseline.lcpMs.toFixed(0)} ms, TBT ${baseline.tbtMs.toFixed(0)} ms, CLS ${baseline.cls.toFixed(3)}`);

  const { server, stop } = await startBenchServer('pglite', { env: { CLIENT_DIST: dist } });
  const rows: BenchRow[] = [];
  try {
    for (const page of PAGES) {
      const s = await medianScore(`${server.url}${page}`);
      console.log(`  ${page}: performance ${s.performance}, LCP ${s.lcpMs.toFixed(0)} ms, TBT ${s.tbtMs.toFixed(0)} ms, CLS ${s.cls.toFixed(3)}`);
      rows.push({
        measure: `${page} performance score`,
        value: s.performance,
        unit: '/100',
        baseline: 'bare React + Vite page',
        baselineValue: baseline.performance,
        ratio: baseline.performance > 0 ? s.performance / baseline.performance : 0,
        target: '≥ 95, LCP < 2 s, TBT < 200 ms, CLS < 0.1',
        met: s.performance >= 95 && s.lcpMs < 2_000 && s.tbtMs < 200 && s.cls < 0.1,
        extra: { 'LCP ms': s.lcpMs, 'TBT ms': s.tbtMs, CLS: s.cls, 'FCP ms': s.fcpMs, 'baseline LCP ms': baseline.lcpMs },
      });
    }
  } finally {
    await stop();
  }
  recordResult({
    name: 'lighthouse',
    title: 'Lighthouse, mobile',
    long,
    rows,
    notes: [`lighthouse's mobile preset (simulated slow 4G and 4x CPU slowdown) in Debian's Chromium, ${RUNS} run(s) per page (median)`],
  });
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
