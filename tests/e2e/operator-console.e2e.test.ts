import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { operatorCode } from '../helpers/operator-code';
import { launchBrowser, newPlayerPage } from './browser';

const baseUrl = inject('baseUrl');

describe('operator console sign-in in a real browser against the real server', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('refuses a wrong authenticator code with the operator wording, then signs in with the current code', async () => {
    const { context, page } = await newPlayerPage(browser, { lang: 'en' });
    try {
      await page.goto(`${baseUrl}/ops`);
      await page.getByRole('heading', { name: 'Operator sign-in' }).waitFor();
      await page.getByLabel('Username').fill('operator');
      await page.getByLabel('Password').fill(inject('operatorPassword'));
      const right = await operatorCode();
      await page.getByLabel('Authenticator code').fill(String((Number(right) + 1) % 1_000_000).padStart(6, '0'));
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').filter({ hasText: 'The username, password or authenticator code is incorrect.' }).waitFor();

      await page.getByLabel('Authenticator code').fill(await operatorCode());
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
