import type { Page, Request } from 'playwright-core';
import { RECORDER_HOOK, RECORDING_FLAG, type RecordedStep, type SessionRecorderHook } from '@client/dev/session-format';
import type { SessionPage } from './session-replay';

type HookWindow = Window & { [RECORDER_HOOK]?: SessionRecorderHook };

/** Thrown when the page has no recorder: a production build, or a client the recorder is not wired into yet. */
export class NoRecorderError extends Error {}

/**
 * A Chromium page of the development build, recording from its first actor (the replay sets the
 * recorder's flag before the page loads), as a SessionPage: the replay reads its steps and sends
 * recorded user events through the page's recorder hook.
 */
export const openSessionPage = async (page: Page, url: string, screenshot: () => Promise<string>): Promise<SessionPage> => {
  await page.addInitScript(([flag]) => window.sessionStorage.setItem(flag!, 'on'), [RECORDING_FLAG]);
  await page.goto(url);
  try {
    await page.waitForFunction((hook) => (window as HookWindow)[hook as typeof RECORDER_HOOK] !== undefined, RECORDER_HOOK, { timeout: 15_000 });
  } catch {
    throw new NoRecorderError(`${url} has no session recorder (window.${RECORDER_HOOK}): the development build does not record yet`);
  }
  const seen: RecordedStep[] = [];
  // The page's calls waiting for their answers and its code still coming (a lazy screen's chunk); the socket's long
  // polls are not calls.
  const inFlight = new Set<Request>();
  const isCall = (request: Request) =>
    !new URL(request.url()).pathname.startsWith('/socket.io/') && ['fetch', 'xhr', 'script', 'stylesheet'].includes(request.resourceType());
  page.on('request', (request) => void (isCall(request) && inFlight.add(request)));
  page.on('requestfinished', (request) => void inFlight.delete(request));
  page.on('requestfailed', (request) => void inFlight.delete(request));
  return {
    steps: async () => {
      const more = await page.evaluate(([hook, from]) => (window as HookWindow)[hook as typeof RECORDER_HOOK]!.steps(from as number), [RECORDER_HOOK, seen.length] as const);
      seen.push(...more);
      return seen;
    },
    send: (actor, event) => page.evaluate(([hook, name, sent]) => (window as HookWindow)[hook as typeof RECORDER_HOOK]!.send(name as string, sent as RecordedStep['event']), [RECORDER_HOOK, actor, event] as const),
    now: () => page.evaluate(() => performance.now()),
    wait: (ms) => page.waitForTimeout(ms),
    screenshot,
    loading: async () => inFlight.size > 0 || (await page.evaluate(() => document.readyState !== 'complete').catch(() => true)),
  };
};
