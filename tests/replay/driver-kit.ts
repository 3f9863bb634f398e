import type { Locator, Page } from 'playwright-core';
import errorsEn from '@locales/en/errors.json';
import { submitLoginPopup } from '../e2e/browser';
import type { MachinePath, PathStep } from '../models/machine-paths';
import type { PathDriver } from '../models/path-runner';
import { clearAnnouncements, type HttpCall, type PathPage } from './browser-session';
import type { Fixtures } from './fixtures';

/** What a machine's browser driver works with for one path. */
export interface DriverContext {
  page: Page;
  session: PathPage;
  baseUrl: string;
  fixtures: Fixtures;
  /** This path's own address: every request of its browser comes from it. */
  ip: string;
  /** Tells the report what the replay arranged on the server for the step being made. */
  note(text: string): void;
}

export type DriverFactory = (context: DriverContext, path: MachinePath) => PathDriver;

/** The server call each invoked actor makes, by actor id: a server step is checked against its answer. */
export type ActorCalls = Record<string, { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string }>;

/** The English text of an error code, as the page shows it. */
export const errorText = (code: string): string => (errorsEn as Record<string, string>)[code] ?? code;

/** The actor a server step answers for: `xstate.done.actor.submitLogin` → `submitLogin`. */
export const actorOf = (step: PathStep) => /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(step.event.type)?.[1] ?? null;

/** The error code a server step fails with, or null when it succeeds. */
export const failureOf = (step: PathStep): string | null => (step.event.type.startsWith('xstate.error.actor.') ? step.event.error.code : null);

/** Whether the path goes through an actor's answer of this variant (`submitLogin`, `default password`...). */
export const pathHas = (path: MachinePath, key: string) => path.steps.some((step) => step.key === key);

/**
 * Settles a step that follows on its own: a server step waits for its call's answer and fails
 * unless the server answered as the path says (success, or the path's error code); a delay waits
 * its time. `delays` gives each named delay's length.
 */
export const settleStep = async (context: DriverContext, step: PathStep, calls: ActorCalls, delays: Record<string, number> = {}): Promise<HttpCall | null> => {
  if (step.kind === 'delay') {
    const name = step.event.type.split('.')[2] ?? '';
    const ms = delays[name];
    if (ms === undefined) throw new Error(`no length known for the delay ${name}`);
    await context.page.waitForTimeout(ms + 250);
    return null;
  }
  const actor = actorOf(step);
  const call = actor ? calls[actor] : undefined;
  if (!call) return null;
  const answered = await context.session.nextCall(call.method, call.path);
  const expected = failureOf(step) ?? 'OK';
  if (answered.code !== expected) throw new Error(`${call.method} ${call.path} answered ${answered.code ?? answered.status}, the path expects ${expected}`);
  return answered;
};

const SCREEN_TIMEOUT_MS = 10_000;

/** Waits until `locator` shows; fails naming `what` the screen should have shown. */
export const shows = async (locator: Locator, what: string, timeout = SCREEN_TIMEOUT_MS) => {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await locator.first().isVisible()) return;
    if (!(await clearAnnouncements(locator.page())) && Date.now() > deadline) throw new Error(`the screen does not show ${what}`);
    await locator.page().waitForTimeout(150);
  }
};

/** Fails when `locator` is on screen now. */
export const lacks = async (locator: Locator, what: string) => {
  await clearAnnouncements(locator.page());
  if (await locator.first().isVisible()) throw new Error(`the screen shows ${what}, which this state does not have`);
};

/** The site header's signed-in look: the account menu instead of the login button. */
export const signedIn = async (page: Page) => shows(page.getByRole('banner').getByRole('button', { name: /, account menu$/ }), 'the account menu of a signed-in player');

/** Logs a player in through the login popup at /login, as a person does. */
export const logInThroughPopup = async (context: DriverContext, player: { username: string; password: string }) => {
  const { page } = context;
  const dialog = await submitLoginPopup(page, context.baseUrl, player.username, player.password);
  await signedIn(page);
  await lacks(dialog, 'the login popup after logging in');
};
