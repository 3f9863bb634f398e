import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { amountOf, headerBalance, launchBrowser, newPlayerPage, signIn, signInToAgentCenter } from './browser';
import { latestSmsCode, operatorToken } from './operator';

const uniqueDigits = (n: number) => String(Date.now()).slice(-n);

describe('the agent center in a real browser against the real server', () => {
  let browser: Browser;
  let opsToken: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    opsToken = await operatorToken();
  });
  afterAll(async () => browser?.close());

  it('[AGENT-02] [AGENT-09] [AGENT-12] the demo agent signs in at /agent, reads the overview, registers a member and transfers money to it; the member\'s open page shows the new balance without a reload', async () => {
    const { page: agent } = await newPlayerPage(browser, { lang: 'en' });
    await signInToAgentCenter(agent, 'agent', 'Agent#2026pass');

    // The overview of the last 30 days: the seeded team's figures, per day and in total.
    await agent.getByRole('heading', { level: 1, name: 'Team overview' }).waitFor();
    await agent.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'Custom range' }).click();
    await agent.getByRole('group', { name: 'Quick ranges' }).getByRole('button', { name: 'Previous 30 days' }).click();
    const days = agent.getByRole('table', { name: "The team's figures per day" });
    await expect.poll(async () => days.getByRole('row').count()).toBe(30 + 2);
    const totals = days.getByRole('row').last();
    const validBets = amountOf(await totals.getByRole('cell').nth(5).innerText());
    expect(validBets).toBeGreaterThan(0);
    expect(amountOf(await agent.getByText('Direct members', { exact: true }).locator('xpath=following-sibling::dd').innerText())).toBeGreaterThanOrEqual(4);

    // The register center: the player registration's rules and SMS code, with the agent as upline.
    await agent.getByRole('navigation', { name: 'Agent center' }).getByRole('link', { name: 'Register a member' }).click();
    const username = `team${uniqueDigits(6)}`;
    const mobile = `9${uniqueDigits(8)}`;
    const form = agent.getByRole('form', { name: 'Register' });
    await form.getByLabel('Username', { exact: true }).fill(username);
    await form.getByLabel('Password', { exact: true }).fill('Member#2026pass');
    await form.getByLabel('Confirm password').fill('Member#2026pass');
    await form.getByLabel('Mobile number').fill(mobile);
    // Another browser test may have asked for a code from this address moments ago (SMS_IP_COOLDOWN_SECONDS, its default here).
    await new Promise((resolve) => setTimeout(resolve, loadConfig({}).SMS_IP_COOLDOWN_SECONDS * 1000));
    await form.getByRole('button', { name: 'Send code' }).click();
    await form.getByRole('button', { name: /Resend in/ }).waitFor();
    await form.getByLabel('Verification code').fill(await latestSmsCode(opsToken, mobile));
    await form.getByRole('checkbox', { name: 'I confirm that I am 21 years of age or older' }).check();
    await form.getByRole('button', { name: 'Register', exact: true }).click();
    await agent.getByText(`${username} is registered as your direct member.`).waitFor();

    // The new member signs in elsewhere and keeps its page open.
    const { page: member } = await newPlayerPage(browser, { lang: 'en' });
    await signIn(member, username, 'Member#2026pass');
    expect(await headerBalance(member)).toBe(0);
    let reloads = 0;
    member.on('load', () => reloads++);

    // The agent finds the member in its downline and sends it money with the payment password.
    await agent.getByRole('link', { name: 'Go to downline management' }).click();
    const search = agent.getByRole('search', { name: 'Search the team' });
    await search.getByLabel('Account or nickname').fill(username);
    await search.getByRole('button', { name: 'Search' }).click();
    await agent.getByRole('button', { name: `Open ${username}` }).click();
    const transfer = agent.getByRole('form', { name: 'Transfer to this member' });
    await transfer.getByLabel('Amount').fill('25');
    await transfer.getByLabel('Payment password').fill('246810');
    await transfer.getByRole('button', { name: 'Transfer', exact: true }).click();
    await transfer.getByText(`Sent to ${username}:`).waitFor();
    await expect.poll(async () => amountOf(await agent.getByRole('dialog').getByText('Balance', { exact: true }).locator('xpath=following-sibling::dd').innerText())).toBe(25);

    // The member's open page shows the money, pushed over the socket.
    await expect.poll(() => headerBalance(member), { timeout: 15_000 }).toBe(25);
    expect(reloads).toBe(0);
  });
});
