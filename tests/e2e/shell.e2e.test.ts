import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPlayerPage } from './browser';
import { operatorCall, operatorToken } from './operator';

const baseUrl = inject('baseUrl');

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
