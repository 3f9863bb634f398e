import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { amountOf, cardTitled, headerBalance, playerSession } from './browser';
import { operatorCall } from './operator';

const baseUrl = inject('baseUrl');

/** A 1x1 png, as a player's photo of a deposit receipt would be. */
const RECEIPT_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');


// A member of the demo team, so these steps share no wallet with the demo player's tests.
describe('promotions, the reward centre and missions in a real browser against the real server', () => {
  let browser: Browser;
  let page: Page;
  let opsToken: string;

  beforeAll(async () => {
    ({ browser, page, opsToken } = await playerSession('lannguyen', 'Team#2026pass'));
  });
  afterAll(async () => browser?.close());

  it('[MEMBER-11] [MEMBER-14] [API-51] joins a promotion and claims its bonus, then draws the raffle once, each into the live balance', async () => {
    await page.goto(`${baseUrl}/promotions`);
    const rebate = cardTitled(page, 'Weekly rebate club');
    await rebate.getByRole('button', { name: 'Join', exact: true }).click();
    await rebate.getByText('Issued', { exact: true }).waitFor();
    const beforeClaim = await headerBalance(page);
    await rebate.getByRole('button', { name: /^Claim / }).click();
    await rebate.getByText('Claimed', { exact: true }).waitFor();
    await expect.poll(() => headerBalance(page)).toBeCloseTo(beforeClaim + 8, 2);

    const raffle = cardTitled(page, 'Lucky draw');
    const beforeDraw = await headerBalance(page);
    await raffle.getByRole('button', { name: 'Draw now' }).click();
    const won = await raffle.getByText(/^You drew /).innerText();
    const prize = amountOf(/\(([^)]+)\)/.exec(won)?.[1] ?? '');
    expect(prize).toBeGreaterThan(0);
    await expect.poll(() => headerBalance(page)).toBeCloseTo(beforeDraw + prize, 2);
    await expect(raffle.getByRole('button', { name: 'Draw now' }).count()).resolves.toBe(0);
  });

  it('[MEMBER-12] [MEMBER-13] applies with a comment and a receipt image; once an operator approves, the reward centre claims the bonus', async () => {
    await page.goto(`${baseUrl}/promotions`);
    const bonus = cardTitled(page, 'First deposit bonus 100%');
    await bonus.getByRole('button', { name: 'Apply', exact: true }).click();
    const form = page.getByRole('form', { name: 'Apply for First deposit bonus 100%' });
    await form.getByLabel('Comment').fill('Deposited 100.00 this morning, receipt attached.');
    await form.getByLabel('Add images').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: RECEIPT_PNG });
    await form.getByRole('list', { name: 'Picked images' }).getByRole('listitem').waitFor();
    await form.getByRole('button', { name: 'Send application' }).click();
    await bonus.getByText('Applying', { exact: true }).waitFor();

    const applications = await operatorCall<{ list: { entryId: number; account: string; status: string }[] }>(opsToken, 'GET', '/ops/promotions/applications?status=APPLYING');
    const mine = applications.list.find((entry) => entry.account === 'lannguyen');
    expect(mine).toBeDefined();
    await operatorCall(opsToken, 'POST', '/ops/promotions/applications/approve', { entryId: mine!.entryId });

    await page.goto(`${baseUrl}/member?page=rewardCenter`);
    const centre = page.getByRole('region', { name: 'Reward centre' });
    const approved = cardTitled(page, 'First deposit bonus 100%');
    await centre.getByText(/rewards? to claim$/).waitFor();
    const before = await headerBalance(page);
    await approved.getByRole('button', { name: /^Claim / }).click();
    await approved.getByText('Claimed', { exact: true }).waitFor();
    await expect.poll(() => headerBalance(page)).toBeCloseTo(before + 88, 2);
  });

  it('[MEMBER-17] [API-54] [API-55] a deposit completes the daily top-up mission; its claim pays the wallet and puts the member on the leaderboard', async () => {
    await page.goto(`${baseUrl}/member?page=depositv2`);
    const deposit = page.getByRole('form', { name: 'Deposit', exact: true });
    await deposit.getByLabel('Amount', { exact: true }).fill('200');
    await deposit.getByRole('button', { name: 'Submit deposit' }).click();
    await page.getByRole('heading', { name: 'Waiting for your payment' }).waitFor();
    const pending = await operatorCall<{ list: { orderId: string }[] }>(opsToken, 'GET', '/ops/deposits?status=PENDING&account=lannguyen');
    await operatorCall(opsToken, 'POST', '/ops/deposits/approve', { orderId: pending.list[0]!.orderId });
    await page.getByRole('heading', { name: 'Deposit credited' }).waitFor();

    await page.goto(`${baseUrl}/member?page=missionLeaderboard`);
    const topUp = cardTitled(page, 'Daily top-up');
    await expect.poll(() => topUp.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    const before = await headerBalance(page);
    await topUp.getByRole('button', { name: 'Claim', exact: true }).click();
    await topUp.getByRole('button', { name: 'Claimed' }).waitFor();
    await expect.poll(() => headerBalance(page)).toBeCloseTo(before + 5, 2);
    await page.getByTestId('mission-board-self').filter({ hasText: /^Your place: #\d+/ }).waitFor();
  });
});
