/**
 * npm run replay -- <machine> [path-id...]
 * npm run replay -- --file session.json
 *
 * Replays the registered paths of a machine (or one of them) in Chromium against the real server
 * (a fresh one, on a free port, over a fresh embedded database), and writes one self-contained HTML
 * report: per step the event, the state the path expects, a screenshot, the HTTP calls and socket
 * events, and whether the screen showed that state. With --file it replays a session the
 * development build's recorder saved, on the development build, and marks the first step where
 * the replay diverges from the recording. The last line printed is the report's path.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/browser';
import type { MachinePath, PathStep } from '../models/machine-paths';
import { PathReplayError, replayPath } from '../models/path-runner';
import { findPath, machinePaths } from '../models/paths';
import { parseRecordedSession } from '@client/dev/session-format';
import { openPathPage } from './browser-session';
import { ensureBuild } from './build';
import { DRIVERS } from './drivers';
import { createFixtures, type Fixtures } from './fixtures';
import { attributeTraffic, renderReport, type PathRun, type StepCapture } from './report';
import { startReplayServer } from './replay-server';
import { NoRecorderError, openSessionPage } from './session-page';
import { replaySession } from './session-replay';
import { renderSessionReport, type SessionRun } from './session-report';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PATH_TIMEOUT_MS = 4 * 60_000;

/** The exit code of a machine whose screen the client does not have yet. */
const NOT_AVAILABLE = 3;

const usage = 'usage: npm run replay -- <machine> [path-id...]   (npm run paths lists them)\n       npm run replay -- --file session.json   (a session the recorder saved)';

const replayOne = async (browser: Browser, baseUrl: string, fixtures: Fixtures, path: MachinePath): Promise<PathRun> => {
  const machineDriver = DRIVERS[path.machine];
  if (!machineDriver) throw new Error(`no browser driver for ${path.machine}`);
  const ip = fixtures.freshIp();
  const session = await openPathPage(browser, ip, { keepAnnouncements: machineDriver.keepsAnnouncements });
  const started = Date.now();
  const steps: StepCapture[] = [];
  // A note belongs to the step being made, or to the server step being arranged before it.
  const notes = new Map<number, string[]>();
  let noting = 0;
  const note = (text: string) => void notes.set(noting, [...(notes.get(noting) ?? []), text]);
  const driver = machineDriver.create({ page: session.page, session, baseUrl, fixtures, ip, note }, path);
  const noted =
    (action: (step: PathStep, path: MachinePath) => Promise<unknown>, driven: boolean) =>
    async (step: PathStep, onPath: MachinePath) => {
      noting = step.index;
      if (driven) session.markStep();
      await action(step, onPath);
    };
  let error: string | null = null;
  try {
    const replay = replayPath(
      path,
      {
        ...driver,
        start: async (onPath) => {
          noting = 0;
          session.markStep();
          await driver.start(onPath);
        },
        perform: noted(driver.perform, true),
        arrange: noted(driver.arrange, false),
        ...(driver.settle ? { settle: noted(driver.settle, false) } : {}),
      },
      async (report) => {
        const screenshot = report.verdict === 'not reached' ? null : await session.screenshot().catch(() => null);
        steps.push({ ...report, screenshot, notes: notes.get(report.step.index) ?? [], at: Date.now(), matchedCalls: session.takeMatchedCalls() });
      },
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the path took longer than ${PATH_TIMEOUT_MS / 60_000} minutes`)), PATH_TIMEOUT_MS);
    });
    await Promise.race([replay, timeout]).finally(() => clearTimeout(timer));
  } catch (failure) {
    error = failure instanceof PathReplayError ? failure.message : failure instanceof Error ? (failure.stack ?? failure.message) : String(failure);
  }
  const traffic = await session.traffic();
  await session.close().catch(() => undefined);
  return { path, verdict: error ? 'failed' : 'passed', error, steps: attributeTraffic(steps, traffic), ms: Date.now() - started };
};

const commitOf = () => execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim();

const writeReport = (name: string, startedAt: Date, html: string) => {
  const dir = path.join(ROOT, 'replay-reports');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${startedAt.toISOString().replace(/[:.]/g, '-')}.html`);
  fs.writeFileSync(file, html);
  return file;
};

/** Replays a recorded session on the development build against a fresh server. */
const replayFile = async (file: string) => {
  const session = parseRecordedSession(fs.readFileSync(file, 'utf8'));
  await ensureBuild(ROOT, 'development');
  const startedAt = new Date();
  const replayServer = await startReplayServer(ROOT, 'development');
  let browser: Browser | null = null;
  let run: Omit<SessionRun, 'ms'>;
  try {
    const baseUrl = replayServer.server.url;
    const fixtures = await createFixtures(baseUrl);
    browser = await launchBrowser();
    // The recording's own announcement dismissals are among its steps: the page leaves the popups to them.
    const pathPage = await openPathPage(browser, fixtures.freshIp(), { keepAnnouncements: true, viewport: session.viewport });
    try {
      const page = await openSessionPage(pathPage.page, `${baseUrl}${session.startUrl}`, pathPage.screenshot);
      const result = await replaySession(session, page);
      run = { file, session, result, traffic: await pathPage.traffic(), startedAt, server: replayServer.description, commit: commitOf() };
    } finally {
      await pathPage.close().catch(() => undefined);
    }
  } catch (error) {
    if (!(error instanceof NoRecorderError)) throw error;
    console.error(`replay: ${error.message}; no step was replayed.`);
    process.exitCode = NOT_AVAILABLE;
    return;
  } finally {
    await browser?.close();
    await replayServer.stop();
  }
  const { result } = run;
  const html = renderSessionReport({ ...run, ms: Date.now() - startedAt.getTime() });
  const report = writeReport(`session-${path.basename(file, '.json')}`, startedAt, html);
  const matched = result.steps.filter((step) => step.verdict === 'matched').length;
  const reconnects = result.steps.filter((step) => step.verdict === 'reconnect').length;
  const compared = result.steps.length - reconnects;
  if (reconnects) console.log(`${reconnects} recorded steps were made by a socket reconnect while recording: not compared`);
  if (result.divergedAt === null) console.log(`matched all ${compared} recorded steps`);
  else console.log(`DIVERGED at step ${result.divergedAt}: ${result.steps[result.divergedAt]!.difference}\n${matched} of ${compared} recorded steps matched`);
  console.log(report);
  process.exitCode = result.divergedAt === null ? 0 : 1;
};

const main = async () => {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  if (args[0] === '--file') {
    if (!args[1]) throw new Error(usage);
    return replayFile(args[1]);
  }
  const [machine, ...ids] = args;
  if (!machine || machine.startsWith('-')) throw new Error(usage);
  const entry = machinePaths(machine);
  // Several paths of one machine share one server and browser.
  const paths = ids.length > 0 ? ids.map((id) => findPath(machine, id)) : entry.paths;
  if (!DRIVERS[machine]) {
    // No screen to drive: say so and run nothing, rather than report a pass nobody saw.
    console.error(
      `replay: the ${machine} screen is not available in the client yet, so its paths cannot be replayed in a browser; no path was run.` +
        (entry.provedBy ? `\nIts paths run on the production machines as model tests: npx vitest run ${entry.provedBy}` : ''),
    );
    process.exitCode = NOT_AVAILABLE;
    return;
  }

  await ensureBuild(ROOT);
  const startedAt = new Date();
  const replayServer = await startReplayServer(ROOT);
  let browser: Browser | null = null;
  const runs: PathRun[] = [];
  try {
    const baseUrl = replayServer.server.url;
    const fixtures = await createFixtures(baseUrl);
    browser = await launchBrowser();
    for (const path of paths) {
      const run = await replayOne(browser, baseUrl, fixtures, path);
      runs.push(run);
      console.log(`${run.verdict === 'failed' ? 'FAILED' : 'passed'} ${path.machine} ${path.id} (${(run.ms / 1000).toFixed(1)} s) ${path.description}`);
      if (run.error) console.log(run.error.split('\n').slice(0, 2).map((line) => `  ${line}`).join('\n'));
    }
  } finally {
    await browser?.close();
    await replayServer.stop();
  }

  const html = renderReport({
    title: `Path replay: ${[machine, ...ids].join(' ')}`,
    startedAt,
    ms: Date.now() - startedAt.getTime(),
    server: replayServer.description,
    commit: commitOf(),
    paths: runs,
  });
  const file = writeReport([machine, ...ids].join('-'), startedAt, html);
  const failed = runs.filter((run) => run.verdict === 'failed').length;
  console.log(`${runs.length - failed} of ${runs.length} paths passed`);
  console.log(file);
  process.exitCode = failed > 0 ? 1 : 0;
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
});
