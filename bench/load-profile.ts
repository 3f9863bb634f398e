/**
 * Where a page's load spends the main thread, for the work on Lighthouse's blocking time (issue 15): builds the
 * client unminified (function names kept; React's production build all the same), serves it with the real server on
 * PGlite, loads the page in Chromium at Lighthouse's 4x CPU slowdown on a phone-sized screen, and prints
 *  - every task over 50 ms (each one's excess is blocking time) with the trace events it spent the most in, and the
 *    style and layout work that script forced in it, with the functions that asked (a style or layout computed in the
 *    middle of a task, not in the browser's own frame),
 *  - every React commit with the components that rendered in it (a frame rendered again for nothing shows here).
 * A diagnosis, not a score: bench/lighthouse.bench.ts measures.
 *
 *   npx tsx bench/load-profile.ts [path, default /] [--dist <a built client to reuse>]
 */
import { parseArgs } from 'node:util';
import { launchBrowser } from '../tests/e2e/browser';
import { startBenchServer } from './lib/bench-server';
import { buildPlatformClient } from './lib/client-build';

const { values, positionals } = parseArgs({ options: { dist: { type: 'string' } }, allowPositionals: true });
const pagePath = positionals[0] ?? '/';
const LONG_TASK_US = 50_000;
const SETTLE_MS = 5_000;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; elementCount?: number; beginData?: { stackTrace?: StackFrame[] } };
}

interface StackFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

/** Forced style or layout under this long is left out of the listing. */
const FORCED_WORK_SHOWN_US = 2_000;

/** A mark in both the trace and the page's clock, which puts the tasks and the commits on the one time line. */
const CLOCK_MARK = 'load-profile-clock';

/** Counts the components each React commit rendered, through the hook React's production build reports commits to. */
const COMMIT_RECORDER = `
(() => {
  performance.mark('${CLOCK_MARK}');
  const commits = (window.__loadProfileCommits = []);
  let previousTree = new Set();
  const PERFORMED_WORK = 1;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    inject: () => 1,
    checkDCE: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    onCommitFiberRoot: (_renderer, root) => {
      // A fiber object that was in the last commit's tree was not visited; a visited one rendered if it did work.
      const tree = new Set();
      const rendered = [];
      const visit = (first) => {
        for (let fiber = first; fiber; fiber = fiber.sibling) {
          tree.add(fiber);
          if (!previousTree.has(fiber) && (fiber.flags & PERFORMED_WORK) && typeof fiber.type === 'function') rendered.push(fiber.type.displayName || fiber.type.name || '(anonymous)');
          visit(fiber.child);
        }
      };
      visit(root.current.child);
      previousTree = tree;
      commits.push({ at: Math.round(performance.now()), rendered });
    },
  };
})();`;

/** The events every task is wrapped in, which say nothing of what it did. */
const TASK_WRAPPERS = ['RunTask', 'ThreadControllerImpl::RunTask', 'AsyncTask Run'];

const ms = (us: number) => `${(us / 1000).toFixed(0)} ms`;

/** The renderer's main thread: the CrRendererMain thread with the most task time. */
const mainThreadEvents = (events: TraceEvent[]): TraceEvent[] => {
  const threadNames = new Map(events.filter((e) => e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args?.name]));
  const taskTime = new Map<string, number>();
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.name === 'RunTask' && threadNames.get(thread) === 'CrRendererMain') taskTime.set(thread, (taskTime.get(thread) ?? 0) + (e.dur ?? 0));
  }
  const main = [...taskTime].sort((a, b) => b[1] - a[1])[0]?.[0];
  return events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.dur !== undefined);
};

const printLongTasks = (events: TraceEvent[], start: number) => {
  const tasks = events.filter((e) => e.name === 'RunTask' && e.dur! > LONG_TASK_US);
  const blocking = tasks.reduce((sum, task) => sum + task.dur! - LONG_TASK_US, 0);
  console.log(`\n-- tasks over 50 ms: ${tasks.length}, their time over 50 ms ${ms(blocking)} (counted from the navigation, not from the first paint)`);
  for (const task of tasks) {
    const inside = new Map<string, number>();
    const forcedLines: string[] = [];
    for (const e of events) {
      if (e.ts < task.ts || e.ts + e.dur! > task.ts + task.dur! || TASK_WRAPPERS.includes(e.name)) continue;
      inside.set(e.name, (inside.get(e.name) ?? 0) + e.dur!);
      const stack = e.args?.beginData?.stackTrace;
      if (!stack?.length || e.dur! < FORCED_WORK_SHOWN_US || (e.name !== 'UpdateLayoutTree' && e.name !== 'Layout')) continue;
      const elements = e.args?.elementCount === undefined ? '' : ` of ${e.args.elementCount} elements`;
      const callers = stack.slice(0, 3).map((frame) => `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}`);
      forcedLines.push(`      forced ${e.name === 'Layout' ? 'layout' : 'style'}${elements}, ${ms(e.dur!)}: ${callers.join(' < ')}`);
    }
    const top = [...inside].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([name, dur]) => `${name} ${ms(dur)}`);
    console.log(`  at ${ms(task.ts - start).padStart(7)}: ${ms(task.dur!).padStart(6)}  ${top.join(', ')}`);
    for (const line of forcedLines) console.log(line);
  }
};

const main = async () => {
  const clientDir = values.dist ?? (await buildPlatformClient({ minify: false }));
  const { server, stop } = await startBenchServer('pglite', { env: { CLIENT_DIST: clientDir } });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    await context.addInitScript({ content: COMMIT_RECORDER });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.stack', 'blink', 'blink.user_timing', 'toplevel'] });
    await page.goto(`${server.url}${pagePath}`, { waitUntil: 'load' });
    await page.waitForTimeout(SETTLE_MS);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    console.log(`load profile of ${pagePath} (a 412x823 screen, 4x CPU slowdown, ${SETTLE_MS / 1000} s after load)`);
    // The page's clock (the commits' times) starts at the navigation; the trace's tasks are timed from there too.
    const markTime = await page.evaluate((name) => performance.getEntriesByName(name)[0]?.startTime ?? 0, CLOCK_MARK);
    const markInTrace = trace.traceEvents.find((e) => e.name === CLOCK_MARK)?.ts ?? 0;
    printLongTasks(mainThreadEvents(trace.traceEvents), markInTrace - markTime * 1000);
    const commits = await page.evaluate(() => (window as unknown as { __loadProfileCommits: { at: number; rendered: string[] }[] }).__loadProfileCommits);
    console.log(`\n-- React commits: ${commits.length}`);
    for (const commit of commits) console.log(`  at ${`${commit.at} ms`.padStart(7)}: ${String(commit.rendered.length).padStart(3)}  ${commit.rendered.slice(0, 12).join(', ')}${commit.rendered.length > 12 ? ', …' : ''}`);
  } finally {
    await browser.close();
    await stop();
  }
};

await main();
