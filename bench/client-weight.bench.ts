// Client weight: the JS and CSS a first visit to each route loads, as Chromium fetches it from the production
// build served by the real server (fresh cache per route, until the network is idle), raw, gzip and brotli; beside
// a bare React 19 + Vite page built in the same run.
//   npx tsx bench/client-weight.bench.ts [--long]      (--long: every route three times, the largest kept)
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { benchOptions, lowerIsBetter, recordResult, type BenchRow } from './lib/bench-kit';
import { startBenchServer } from './lib/bench-server';
import { buildBaselinePage, buildPlatformClient, kb, weightOf, type Weight } from './lib/client-build';

const { long } = benchOptions();
export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const ROUTES = ['/', '/rng', '/live', '/lottery', '/promotions', '/agentHome', '/member'];
/** The goal for the home page's JavaScript (gzip). */
const HOME_BUDGET_KB = 160;

/** The script and style files (paths under the build) that loading `url` fetched. */
const filesFetched = async (url: string, dist: string): Promise<{ js: string[]; css: string[] }> => {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    const js = new Set<string>();
    const css = new Set<string>();
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      const file = path.join(dist, decodeURIComponent(pathname));
      if (!file.startsWith(dist) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) return;
      if (pathname.endsWith('.js')) js.add(file);
      if (pathname.endsWith('.css')) css.add(file);
    });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    return { js: [...js], css: [...css] };
  } finally {
    await browser.close();
  }
};

const main = async () => {
  console.log('client weight bench: building the client and the baseline page');
  const [dist, baselineDist] = [await buildPlatformClient(), await buildBaselinePage()];
  const baselineJs = weightOf(fs.readdirSync(path.join(baselineDist, 'assets')).filter((f) => f.endsWith('.js')).map((f) => path.join(baselineDist, 'assets', f)));
  console.log(`  baseline page: JS ${kb(baselineJs.gzip).toFixed(1)} KB gzip, ${kb(baselineJs.brotli).toFixed(1)} KB brotli`);

  const { server, stop } = await startBenchServer('pglite', { env: { CLIENT_DIST: dist } });
  const rows: BenchRow[] = [];
  try {
    for (const route of ROUTES) {
      let js: Weight = { files: 0, raw: 0, gzip: 0, brotli: 0 };
      let css: Weight = { files: 0, raw: 0, gzip: 0, brotli: 0 };
      for (let i = 0; i < (long ? 3 : 1); i += 1) {
        const fetched = await filesFetched(`${server.url}${route}`, dist);
        const w = weightOf(fetched.js);
        if (w.gzip >= js.gzip) [js, css] = [w, weightOf(fetched.css)];
      }
      console.log(
        `  ${route}: JS ${js.files} files, ${kb(js.raw).toFixed(0)} KB raw, ${kb(js.gzip).toFixed(1)} KB gzip, ${kb(js.brotli).toFixed(1)} KB brotli; CSS ${kb(css.gzip).toFixed(1)} KB gzip`,
      );
      rows.push({
        measure: `${route} JS, gzip`,
        value: kb(js.gzip),
        unit: 'KB',
        baseline: 'bare React + Vite page',
        baselineValue: kb(baselineJs.gzip),
        ratio: lowerIsBetter(js.gzip, baselineJs.gzip),
        ...(route === '/' ? { target: `≤ ${HOME_BUDGET_KB} KB`, met: kb(js.gzip) <= HOME_BUDGET_KB } : {}),
        extra: {
          'JS files': js.files,
          'JS raw KB': kb(js.raw),
          'JS brotli KB': kb(js.brotli),
          'CSS gzip KB': kb(css.gzip),
          'CSS brotli KB': kb(css.brotli),
          'baseline brotli KB': kb(baselineJs.brotli),
        },
      });
    }
  } finally {
    await stop();
  }
  recordResult({
    name: 'client-weight',
    title: 'Client weight',
    long,
    rows,
    notes: [
      'scripts and styles Chromium fetched on a first visit (fresh cache, mobile viewport) until the network was idle; each file compressed alone (gzip -9, brotli 11)',
    ],
  });
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
