import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
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

/** Signs a player in through the login popup at /login, and waits for the header to show the balance. */
export const signIn = async (page: Page, user: string, password: string) => {
  // Loaded here, not at the top: the replay and the bench import this file outside Vitest.
  const { inject } = await import('vitest');
  await page.goto(`${inject('baseUrl')}/login`);
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Username', { exact: true }).fill(user);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.getByRole('banner').getByTestId('balance-amount').filter({ hasText: /\d/ }).waitFor();
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
