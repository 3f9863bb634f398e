import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { closeAnnouncementsOnTop } from '../replay/browser-session';

/** Debian's Chromium, headless, with no background traffic (this machine has no outside network). */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--disable-component-update'],
  });

/**
 * A fresh browser context and page. Announcement popups (execution B for guests, A for members) may open
 * over any screen at any time; the page closes them as a player would, in either default language.
 */
export const newPlayerPage = async (browser: Browser, options: { viewport?: { width: number; height: number }; colorScheme?: 'dark' | 'light'; lang?: string } = {}) => {
  // Popups open without their animation, so the handler's Close button is steady at once (a moving popup can outlast the click's wait).
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1366, height: 850 },
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: 'reduce',
  });
  if (options.lang) {
    const lang = options.lang;
    await context.addInitScript((code) => localStorage.setItem('lang', code), lang);
  }
  const page = await context.newPage();
  const announcements = page.getByRole('dialog', { name: /^(Announcements|Thông báo chung)$/ });
  await page.addLocatorHandler(announcements, () => closeAnnouncementsOnTop(announcements, /^(Close|Đóng)$/));
  return { context, page };
};

/** Clicks a house game's bet button (SPIN, ROLL…) and returns the balance the round left, from the game's own answer. */
export const playHouseRound = async (page: Page, betButton: Locator): Promise<number> => {
  const [played] = await Promise.all([page.waitForResponse((res) => new URL(res.url()).pathname === '/house/api/play'), betButton.click()]);
  return ((await played.json()) as { value: { balance: number } }).value.balance;
};

/**
 * Fills and sends the login popup at `${baseUrl}/login`; the caller waits for what signing in shows.
 * Needs no Vitest: the replay's drivers use it outside a test run.
 */
export const submitLoginPopup = async (page: Page, baseUrl: string, user: string, password: string) => {
  await page.goto(`${baseUrl}/login`);
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Username', { exact: true }).fill(user);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  return dialog;
};

/** Signs a player in through the login popup at /login, and waits for the header to show the balance. */
export const signIn = async (page: Page, user: string, password: string) => {
  // Loaded here, not at the top: the replay and the bench import this file outside Vitest.
  const { inject } = await import('vitest');
  await submitLoginPopup(page, inject('baseUrl'), user, password);
  await page.getByRole('banner').getByTestId('balance-amount').filter({ hasText: /\d/ }).waitFor();
};

/** Signs in at the agent center's /agent and waits for its home; `baseUrl` is the shared e2e server unless a test runs its own. */
export const signInToAgentCenter = async (page: Page, user: string, password: string, baseUrl?: string) => {
  const url = baseUrl ?? (await import('vitest')).inject('baseUrl');
  await page.goto(`${url}/agent`);
  await page.getByLabel('Username', { exact: true }).fill(user);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in to the agent center' }).click();
  await page.waitForURL(/\/agentHome/);
};

/** What a describe's `beforeAll` opens with `playerSession`. */
export interface PlayerSession {
  browser: Browser;
  context: BrowserContext;
  /** An English player page, signed in. */
  page: Page;
  /** The seeded operator's session on the shared e2e server. */
  opsToken: string;
}

/**
 * A browser with one English player page signed in as `user`, and the operator's session: the opening
 * of a describe whose tests play as one member. Closes the browser itself when a step fails (the
 * describe's `afterAll` has none to close then).
 */
export const playerSession = async (user: string, password: string): Promise<PlayerSession> => {
  const browser = await launchBrowser();
  try {
    // Loaded here, not at the top, for the same reason as `signIn`'s `inject`: operator.ts imports Vitest.
    const { operatorToken } = await import('./operator');
    const opsToken = await operatorToken();
    const { context, page } = await newPlayerPage(browser, { lang: 'en' });
    await signIn(page, user, password);
    return { browser, context, page, opsToken };
  } catch (error) {
    await browser.close();
    throw error;
  }
};

/** A figure as the page shows it (separators, currency sign) as a number; a minus sign is kept. */
export const amountOf = (text: string): number => Number(text.replace(/[^\d.-]/g, ''));

/** The balance the header shows now. */
export const headerBalance = async (page: Page): Promise<number> => amountOf(await page.getByRole('banner').getByTestId('balance-amount').innerText());

/** A card of a list (a promotion, a mission) by its heading. */
export const cardTitled = (page: Page, title: string): Locator => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Scrolls down a screen at a time until `target` is on the page (the home's lower rows and strips mount as they come near). */
export const scrollUntilShown = async (page: Page, target: Locator): Promise<void> => {
  for (let step = 0; step < 60 && (await target.count()) === 0; step += 1) {
    await page.evaluate(() => window.scrollBy(0, window.innerHeight));
    await page.waitForTimeout(150);
  }
  await target.scrollIntoViewIfNeeded();
};
