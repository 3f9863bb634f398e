import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { amountOf, headerBalance, playerSession } from './browser';
import { operatorCall } from './operator';

const baseUrl = inject('baseUrl');

/** A 1x1 png, as a player's screenshot of a bank statement would be. */
const PROOF_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const memberPage = (page: Page, name: string) => page.getByRole('navigation', { name: 'Member center' }).getByRole('link', { name: new RegExp(`^${name}`) }).click();

describe('money and messages in a real browser against the real server', () => {
  let browser: Browser;
  let page: Page;
  let opsToken: string;

  beforeAll(async () => {
    ({ browser, page, opsToken } = await playerSession('demo', 'Demo#2026pass'));
  });
  afterAll(async () => browser?.close());

  it('[WALLET-04] [WALLET-01] [MSG-11] an operator approves a deposit: the open page shows it credited, the new balance and the message, without a reload', async () => {
    const before = await headerBalance(page);
    await page.goto(`${baseUrl}/member?page=depositv2`);
    const form = page.getByRole('form', { name: 'Deposit', exact: true });
    await form.getByLabel('Amount', { exact: true }).fill('500');
    await form.getByRole('button', { name: 'Submit deposit' }).click();
    await page.getByRole('heading', { name: 'Waiting for your payment' }).waitFor();
    // Client-side navigation is fine; a document load would be a reload.
    let reloads = 0;
    page.on('load', () => reloads++);

    const pending = await operatorCall<{ list: { orderId: string; account: string }[] }>(opsToken, 'GET', '/ops/deposits?status=PENDING&account=demo');
    await operatorCall(opsToken, 'POST', '/ops/deposits/approve', { orderId: pending.list[0]!.orderId });

    await page.getByRole('heading', { name: 'Deposit credited' }).waitFor();
    await expect.poll(() => headerBalance(page)).toBe(before + 500);
    await memberPage(page, 'Platform messages');
    await page.getByRole('list', { name: 'Platform messages' }).getByRole('button', { name: /Deposit credited/ }).first().waitFor();

    await operatorCall(opsToken, 'POST', '/ops/messages', { accounts: ['demo'], title: 'Live hello from the operator', content: 'Pushed while the page was open.' });
    await page.getByRole('list', { name: 'Platform messages' }).getByRole('listitem').first().filter({ hasText: 'Live hello from the operator' }).waitFor();
    expect(reloads).toBe(0);
  });

  it('[WALLET-12] [WALLET-13] [WALLET-14] a paid-out withdrawal is reported not received with a proof image, and shows what arrived', async () => {
    await page.goto(`${baseUrl}/member?page=withdraw`);
    const passwordForm = page.getByRole('form', { name: 'Set a withdrawal password' });
    const withdrawForm = page.getByRole('form', { name: 'Withdraw', exact: true });
    await passwordForm.or(withdrawForm).first().waitFor();
    if (await passwordForm.isVisible()) {
      await passwordForm.getByLabel('Withdrawal password', { exact: true }).fill('246810');
      await passwordForm.getByLabel('Confirm withdrawal password').fill('246810');
      await passwordForm.getByRole('button', { name: 'Save password' }).click();
    }
    await withdrawForm.waitFor();
    if (await page.getByRole('region', { name: 'Bank accounts' }).getByText('No bank account yet').isVisible()) {
      await page.getByRole('button', { name: 'Add bank account' }).click();
      const add = page.getByRole('form', { name: 'Add bank account' });
      await add.getByLabel('Bank name').fill('ACB');
      await add.getByLabel('Account holder').fill('Demo Player');
      await add.getByLabel('Account number').fill('1234567890');
      await add.getByLabel('Withdrawal password').fill('246810');
      await add.getByRole('button', { name: 'Save account' }).click();
      await page.getByRole('region', { name: 'Bank accounts' }).getByText('****7890').waitFor();
    }
    await withdrawForm.getByLabel('Amount', { exact: true }).fill('300');
    await withdrawForm.getByLabel('Withdrawal password').fill('246810');
    await withdrawForm.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await withdrawForm.getByText(/is on hold until it is approved/).waitFor();

    const pending = await operatorCall<{ list: { withdrawalId: string }[] }>(opsToken, 'GET', '/ops/withdrawals?status=PENDING&account=demo');
    const withdrawalId = pending.list[0]!.withdrawalId;
    await operatorCall(opsToken, 'POST', '/ops/withdrawals/approve', { withdrawalId });
    await operatorCall(opsToken, 'POST', '/ops/withdrawals/disburse', { withdrawalId });

    const list = page.getByRole('region', { name: 'My withdrawals' });
    await list.getByRole('button', { name: 'Confirm receipt' }).first().click();
    await list.getByRole('button', { name: 'Not received' }).click();
    await list.locator('input[type="file"]').setInputFiles({ name: 'statement.png', mimeType: 'image/png', buffer: PROOF_PNG });
    await list.getByLabel('Amount that did arrive (optional)').fill('100');
    await list.getByRole('button', { name: 'Send report' }).click();

    await list.getByText('Your report was sent. Our team will check your proof.').waitFor();
    await list.getByText('Not received', { exact: true }).first().waitFor();
    await list.getByRole('img', { name: 'Proof image 1' }).waitFor();
    const outstanding = list.getByText('Outstanding').locator('xpath=following-sibling::dd');
    expect(await outstanding.first().innerText()).toContain('200.00');
  });

  it('[MEMBER-05] [MEMBER-07] [MEMBER-08] [API-59] [API-63] the player redeems goods for points, the operator approves it, and points convert into the live balance', async () => {
    // The withdrawal test above set the demo player's withdrawal password. Bets placed by other tests earn points every few
    // minutes; earning is paused so the points counted here move only by what this test does.
    const settings = await operatorCall<Record<string, unknown>>(opsToken, 'GET', '/ops/points/settings');
    await operatorCall(opsToken, 'POST', '/ops/points/settings', { ...settings, earnPointsPerUnit: 0 });
    const pointsHeld = async () => amountOf(await page.getByTestId('points-held').innerText());
    await page.goto(`${baseUrl}/pointMall`);
    await page.getByTestId('points-held').filter({ hasText: /\d/ }).waitFor();
    const before = await pointsHeld();

    await page.getByRole('button', { name: 'Details of Coffee voucher 50K' }).click();
    const goods = page.getByRole('dialog', { name: 'Coffee voucher 50K' });
    const redeem = goods.getByRole('form', { name: 'Redeem' });
    await redeem.getByLabel('Receiving address').fill('12 Nguyen Hue, District 1, Ho Chi Minh City');
    await redeem.getByLabel('Mobile number').fill('0901234567');
    await redeem.getByLabel('Withdrawal password').fill('246810');
    await redeem.getByRole('button', { name: 'Redeem', exact: true }).click();
    await goods.getByText('Your redeem request was submitted.').waitFor();
    const referenceNo = (await goods.getByText(/^PM\d+$/).innerText()).trim();
    await expect.poll(pointsHeld).toBe(before - 2000);

    const orders = await operatorCall<{ list: { referenceNo: string; status: string }[] }>(opsToken, 'GET', '/ops/points/redeems?status=PROCESSING&account=demo');
    expect(orders.list.map((order) => order.referenceNo)).toContain(referenceNo);
    await operatorCall(opsToken, 'POST', '/ops/points/redeems/approve', { referenceNo, note: 'Sent by SMS' });

    await goods.getByRole('button', { name: 'View redeem history' }).click();
    const row = page.getByRole('row').filter({ hasText: referenceNo });
    await row.waitFor();
    await expect.poll(async () => row.innerText()).toContain('Approved');

    const balanceBefore = await headerBalance(page);
    await page.getByRole('tab', { name: 'Points rules' }).click();
    const convert = page.getByRole('form', { name: 'Convert points into balance' });
    await convert.getByLabel('Points to convert').fill('1234');
    await convert.getByText(/12\.34/).first().waitFor();
    await convert.getByLabel('Withdrawal password').fill('246810');
    await convert.getByRole('button', { name: 'Convert', exact: true }).click();
    await convert.getByText(/^Converted 1,234 points/).waitFor();
    await expect.poll(() => headerBalance(page)).toBeCloseTo(balanceBefore + 12.34, 2);
    await expect.poll(pointsHeld).toBe(before - 2000 - 1234);
    await operatorCall(opsToken, 'POST', '/ops/points/settings', settings);
  });
});
