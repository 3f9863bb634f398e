import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { amountOf, cardTitled, headerBalance, playerSession, scrollUntilShown } from './browser';
import { operatorCall } from './operator';

const baseUrl = inject('baseUrl');


// A member of the demo team that no other browser test signs in as, so these steps share no wallet or entries.
describe('red envelopes, the home lucky draw and a re-sent application in a real browser against the real server', () => {
  let browser: Browser;
  let page: Page;
  let opsToken: string;

  beforeAll(async () => {
    ({ browser, page, opsToken } = await playerSession('maipham', 'Team#2026pass'));
  });
  afterAll(async () => browser?.close());

  it('[MEMBER-15] opens a red envelope from the home screen: the header balance rises by what it held, and the envelope shows as opened', async () => {
    await page.goto(`${baseUrl}/`);
    const strip = page.getByTestId('home-red-envelope');
    await scrollUntilShown(page, strip);
    const before = await headerBalance(page);
    await strip.getByRole('button', { name: 'Open an envelope' }).click();
    const said = await strip.getByText(/^Your envelope held /).innerText();
    const held = amountOf(/held ([\d.,]+)/.exec(said)?.[1] ?? '');
    expect(held).toBeGreaterThanOrEqual(1);
    await expect.poll(() => headerBalance(page)).toBeCloseTo(before + held, 2);

    await page.goto(`${baseUrl}/promotions`);
    const opened = page.getByTestId('red-envelope-1');
    await opened.getByText('Opened', { exact: true }).waitFor();
    await expect(opened.getByRole('button', { name: 'Open an envelope' }).count()).resolves.toBe(0);
  });

  it('[API-51] draws the raffle from the home screen into the live balance', async () => {
    await page.goto(`${baseUrl}/`);
    const strip = page.getByTestId('home-raffle');
    await scrollUntilShown(page, strip);
    const before = await headerBalance(page);
    await strip.getByRole('button', { name: 'Draw now' }).click();
    const won = await strip.getByText(/^You drew /).innerText();
    const prize = amountOf(/: ([\d.,]+) has been credited/.exec(won)?.[1] ?? '');
    expect(prize).toBeGreaterThan(0);
    await expect.poll(() => headerBalance(page)).toBeCloseTo(before + prize, 2);
  });

  it('[MEMBER-12] [MEMBER-04] a rejected application is sent again; the approval reaches the reward centre badge live', async () => {
    const title = 'First deposit bonus 100%';
    const apply = async (label: string, comment: string) => {
      await cardTitled(page, title).getByRole('button', { name: label, exact: true }).click();
      const form = page.getByRole('form', { name: `Apply for ${title}` });
      await form.getByLabel('Comment').fill(comment);
      await form.getByRole('button', { name: 'Send application' }).click();
      await cardTitled(page, title).getByText('Applying', { exact: true }).waitFor();
    };
    const entryId = async () => {
      const applications = await operatorCall<{ list: { entryId: number; account: string }[] }>(opsToken, 'GET', '/ops/promotions/applications?status=APPLYING');
      return applications.list.find((entry) => entry.account === 'maipham')!.entryId;
    };

    await page.goto(`${baseUrl}/promotions`);
    await apply('Apply', 'Deposited yesterday.');
    await operatorCall(opsToken, 'POST', '/ops/promotions/applications/reject', { entryId: await entryId(), reason: 'No receipt attached' });
    // No reload: the operator's answer arrives as promotion:changed.
    await cardTitled(page, title).getByText('Reason: No receipt attached').waitFor();
    await apply('Apply again', 'Receipt number 4471.');

    await page.goto(`${baseUrl}/member?page=securityCenter`);
    const rewardCentre = page.locator('.center-menu a[href="/member?page=rewardCenter"]');
    await rewardCentre.waitFor();
    await expect(rewardCentre.getByTestId('menu-badge').count()).resolves.toBe(0);
    await operatorCall(opsToken, 'POST', '/ops/promotions/applications/approve', { entryId: await entryId() });
    await expect.poll(() => rewardCentre.getByTestId('menu-badge').textContent(), { timeout: 10_000 }).toBe('1');
  });
});
