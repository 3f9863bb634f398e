import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPlayerPage, signInToAgentCenter } from './browser';
import { operatorCall, operatorToken } from './operator';

const baseUrl = inject('baseUrl');

/** Holds every client script back until the returned release is called: what the page paints before any script runs. */
const holdScripts = async (page: Page): Promise<() => void> => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
};

/** The page's largest contentful paint so far: its image's url ('' for text) and its element's class. */
const largestPaint = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ url: string; elementClass: string }>((resolve) =>
        new PerformanceObserver((list) => {
          const entry = list.getEntries().at(-1) as PerformanceEntry & { url: string; element: Element | null };
          resolve({ url: entry.url, elementClass: entry.element?.className ?? '' });
        }).observe({ type: 'largest-contentful-paint', buffered: true }),
      ),
  );

/** What a sign-in needs next: the online part, the socket client and the payload encryption (create-app-actor.ts). */
const SIGN_IN_PARTS = ['online-logic', 'socket-client', 'crypto'];
const signInPartOf = (url: string) => SIGN_IN_PARTS.find((name) => new RegExp(`/assets/${name}-[\\w-]+\\.js$`).test(new URL(url).pathname));
/** Resolves once the page has asked for every sign-in part. */
const allSignInPartsAsked = (page: Page) => Promise.all(SIGN_IN_PARTS.map((name) => page.waitForRequest((request) => signInPartOf(request.url()) === name)));

const setMaintenance = (token: string, on: boolean) => operatorCall(token, 'PUT', '/ops/system/maintenance', { on });

describe('the shell in a real browser against the real server', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('[SHELL-01][SHELL-53][SHELL-55] loads home in the default language, switches theme and language, and remembers both', async () => {
    const { context, page } = await newPlayerPage(browser, { colorScheme: 'dark' });
    await page.goto(baseUrl);
    // Default language TY: the guest header shows its login and register buttons.
    await page.getByRole('banner').getByRole('button', { name: 'Đăng nhập' }).waitFor();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');

    await page.getByRole('button', { name: /light theme|sáng/i }).first().click();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');

    await page.locator('select').filter({ has: page.locator('option[value="en"]') }).first().selectOption('en');
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    await page.reload();
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).waitFor();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
    await context.close();
  });

  it('[LOBBY-09] a phone paints the first home banner before any script has run, in the place the client then draws it', async () => {
    const { context, page } = await newPlayerPage(browser, { viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    const releaseScripts = await holdScripts(page);
    await page.goto(baseUrl, { waitUntil: 'commit' });
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('[data-first-paint] img');
      return image !== null && image.complete && image.naturalWidth > 0;
    });
    // The page's largest paint is that banner, while the client's scripts are still held back. Measured once painted:
    // the element is there as soon as it is parsed, and laid out without the page's stylesheet until that has come.
    expect((await largestPaint(page)).url).toContain('/static/banners/');
    const firstPaint = await page.locator('[data-first-paint] img').boundingBox();
    expect(await page.locator('[data-first-paint]').count()).toBe(1);

    releaseScripts();
    await page.getByRole('banner').getByRole('button', { name: 'Đăng nhập' }).waitFor();
    expect(await page.locator('[data-first-paint]').count()).toBe(0);
    // The client draws the first banner alone, then swaps in the carousel (a looping carousel moves its slides
    // around in the markup): the banner on screen, whichever element it is, settles where the pre-paint was.
    const bannerOnScreen = () =>
      page.evaluate(() => {
        const onScreen = [...document.querySelectorAll('.banner-slide__image')]
          .map((image) => image.getBoundingClientRect())
          .find((box) => box.width > 0 && box.left >= 0 && box.right <= window.innerWidth);
        return onScreen && { x: onScreen.x, y: onScreen.y, width: onScreen.width, height: onScreen.height };
      });
    await expect.poll(bannerOnScreen, { timeout: 15_000 }).toEqual(firstPaint);
    await context.close();
  });

  it('[SHELL-04] [SHELL-05] a visitor\'s phone paints the agent login\'s promotion before any script has run, where the client then draws it', async () => {
    const { context, page } = await newPlayerPage(browser, { viewport: { width: 390, height: 844 }, colorScheme: 'light' });
    const releaseScripts = await holdScripts(page);
    await page.goto(`${baseUrl}/agentHome`, { waitUntil: 'commit' });
    const promoBoxes = () =>
      page.evaluate(() =>
        ['.agent-login__title', '.agent-login__lead', '.agent-login__perks'].map((selector) => {
          const box = document.querySelector(selector)?.getBoundingClientRect();
          return box && { x: box.x, y: box.y, width: box.width, height: box.height };
        }),
      );
    await page.locator('[data-first-paint] .agent-login__lead').waitFor();
    // The page's largest paint is the promotion's lead, while the client's scripts are still held back. Measured once
    // painted: the element is there as soon as it is parsed, and laid out without the page's stylesheet until that has come.
    expect((await largestPaint(page)).elementClass).toBe('agent-login__lead');
    const painted = await promoBoxes();

    releaseScripts();
    await page.getByRole('heading', { name: 'Đăng nhập đại lý' }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/agent`);
    expect(await page.locator('[data-first-paint]').count()).toBe(0);
    expect(await promoBoxes()).toEqual(painted);
    await context.close();
  });

  it('[SHELL-05] once an agent has signed in, the agent center\'s page no longer comes with the login painted in it', async () => {
    const { context, page } = await newPlayerPage(browser, { lang: 'en' });
    const agentCenterPage = async () => (await page.request.get(`${baseUrl}/agentHome`)).text();
    // The default language's cookie, so only the agent's sign-in tells the server apart.
    await context.addCookies([{ name: 'lang', value: 'ty', url: baseUrl }]);
    expect(await agentCenterPage()).toContain('agent-login__title');
    await signInToAgentCenter(page, 'agent', 'Agent#2026pass', baseUrl);
    await context.addCookies([{ name: 'lang', value: 'ty', url: baseUrl }]);
    expect(await agentCenterPage()).not.toContain('agent-login__title');
    await context.close();
  });

  it('a visitor\'s home loads none of what a sign-in needs; the login popup asks for all of it as it opens', async () => {
    const { context, page } = await newPlayerPage(browser, { lang: 'en' });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(baseUrl);
    const logIn = page.getByRole('banner').getByRole('button', { name: 'Log in' });
    await logIn.waitFor();
    await page.waitForLoadState('networkidle');
    expect(requested.filter(signInPartOf)).toEqual([]);

    const asked = allSignInPartsAsked(page);
    await logIn.click();
    await page.getByRole('dialog', { name: 'Log in' }).getByLabel('Username', { exact: true }).waitFor();
    // Nothing has been submitted: the popup's opening alone asked for them.
    await asked;
    await context.close();
  });

  it('a login on the home page reads what is the member\'s, the balance beside the member info, not again the lobby every visitor shares', async () => {
    const { context, page } = await newPlayerPage(browser, { lang: 'en' });
    await page.goto(baseUrl);
    const logIn = page.getByRole('banner').getByRole('button', { name: 'Log in' });
    await logIn.waitFor();
    await page.waitForLoadState('networkidle');
    const calls: string[] = [];
    /** The member info's answer and the balance's call, in the order they happened. */
    const memberReads: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() === 'GET' && /^\/(wps|lgw)\//.test(pathname)) calls.push(pathname);
      if (pathname === '/wps/v2/wallets/balance') memberReads.push('balance asked');
    });
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/wps/member/info') memberReads.push('member info answered');
    });
    await logIn.click();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByLabel('Username', { exact: true }).fill('vyhoang');
    await dialog.getByLabel('Password', { exact: true }).fill('Team#2026pass');
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('banner').getByTestId('balance-amount').filter({ hasText: /\d/ }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(calls).toContain('/wps/v2/wallets/balance');
    // The header's balance does not wait for the member info and then one more round trip (then read again once the
    // socket is in, so no push is missed).
    expect(memberReads.slice(0, 2)).toEqual(['balance asked', 'member info answered']);
    // The menus, the game lists, the jackpot and the winners on screen are every visitor's: the login kept them.
    expect(calls.filter((path) => /game_menus|GLS_gameList|GLS_gameType|GLS_jackpot|GLS_winnerRankList/.test(path))).toEqual([]);
    await context.close();
  });

  it('the agent login asks for what a sign-in needs with its form, before anyone signs in', async () => {
    const { context, page } = await newPlayerPage(browser, { lang: 'en' });
    const asked = allSignInPartsAsked(page);
    await page.goto(`${baseUrl}/agent`);
    await page.getByLabel('Username', { exact: true }).waitFor();
    await asked;
    await context.close();
  });

  it('[SHELL-44] a phone lays out the footer only as it comes near: skipped while screens below, its links and partners shown once scrolled to', async () => {
    const { context, page } = await newPlayerPage(browser, { viewport: { width: 390, height: 844 }, lang: 'en' });
    await page.goto(baseUrl);
    const footer = page.getByRole('contentinfo');
    const aboutUs = footer.getByRole('link', { name: 'About us' });
    await aboutUs.waitFor({ state: 'attached' });
    // content-visibility: auto: neither laid out nor painted while far from the viewport (from the first frame on, once
    // the browser has seen where it is).
    const rendered = () => aboutUs.evaluate((link) => link.checkVisibility({ contentVisibilityAuto: true }));
    await expect.poll(rendered).toBe(false);
    await footer.scrollIntoViewIfNeeded();
    await expect.poll(rendered).toBe(true);
    await expect.poll(() => aboutUs.isVisible()).toBe(true);
    expect(await footer.getByRole('img', { name: 'PG' }).isVisible()).toBe(true);
    await aboutUs.click();
    await page.waitForURL(/\/help/);
    await context.close();
  });

  it('[SHELL-48] shows the maintenance page while an operator has maintenance on, and the site again after', async () => {
    const token = await operatorToken();
    const { context, page } = await newPlayerPage(browser, { viewport: { width: 390, height: 844 }, lang: 'en' });
    try {
      await setMaintenance(token, true);
      await page.goto(`${baseUrl}/rng`);
      await page.getByRole('heading', { name: 'System maintenance' }).waitFor();
      await page.getByRole('button', { name: /customer service/i }).waitFor();
      expect(await page.getByRole('banner').count()).toBe(0);
    } finally {
      await setMaintenance(token, false);
    }
    await page.reload();
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).waitFor();
    await context.close();
  });
});
