import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { headerBalance, newPlayerPage, playerSession, playHouseRound } from './browser';

const baseUrl = inject('baseUrl');


describe('the game lobby in a real browser against the real server', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ browser, page } = await playerSession('demo', 'Demo#2026pass'));
  });
  afterAll(async () => browser?.close());

  it('[GAMES-05] [GAMES-31] [GAMES-22] [WALLET-01] searches a slot, favourites it, plays a round in the game popup and sees the header balance change without a reload', async () => {
    let reloads = 0;
    page.on('load', () => reloads++);
    // Client-side navigation to the slots lobby, through the header's category link.
    await page.getByRole('banner').getByRole('link', { name: 'Slots' }).first().click();
    await page.waitForURL(`${baseUrl}/rng`);

    await page.getByLabel('Game name').fill('  neon fruits  ');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/name=neon(\+|%20)fruits/);
    const card = page.getByRole('article', { name: 'Neon Fruits' });
    await card.waitFor();

    const heart = card.getByRole('button', { name: 'Favourite: Neon Fruits' });
    if ((await heart.getAttribute('aria-pressed')) === 'true') {
      await heart.click();
      await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
      await page.waitForTimeout(1100); // the toggle acts once per second (GAMES-35)
    }
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');

    const before = await headerBalance(page);
    await card.getByRole('button', { name: 'Play Neon Fruits' }).click();
    const popup = page.getByRole('dialog', { name: 'Game' });
    const game = popup.frameLocator('iframe');
    const spin = game.getByRole('button', { name: 'SPIN' });
    // A round that pays back exactly its stake (about one spin in fifteen) leaves the balance where it was, so the
    // header's change can only be seen after one that does not: spin until a round has moved the balance.
    let roundBalance = before;
    for (let spins = 0; roundBalance === before && spins < 5; spins++) {
      roundBalance = await playHouseRound(page, spin);
    }
    expect(roundBalance).not.toBe(before);
    // The live balance shows what the round left, without a reload.
    await expect.poll(() => headerBalance(page), { timeout: 15_000 }).toBe(roundBalance);
    expect(reloads).toBe(0);
    // The game itself says what the round paid, a win or none.
    await game.locator('.message--win, .message--lose').waitFor();

    await popup.getByRole('button', { name: 'Close' }).first().click();
    await page.goto(`${baseUrl}/favorite`);
    await page.getByRole('article', { name: 'Neon Fruits' }).waitFor();
  });

  it('[GAMES-19] a guest who starts a game gets the login popup and no game', async () => {
    const { page: guest, context } = await newPlayerPage(browser, { lang: 'en' });
    await guest.goto(`${baseUrl}/rng`);
    await guest.getByRole('article', { name: 'Dragon Pearl' }).getByRole('button', { name: 'Play Dragon Pearl' }).click();
    await guest.getByRole('dialog', { name: 'Log in' }).waitFor();
    expect(await guest.getByRole('dialog', { name: 'Game' }).count()).toBe(0);
    await context.close();
  });
});
