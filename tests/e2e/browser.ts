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
