import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newPlayerPage, playerSession, signIn } from './browser';
import { operatorCall, operatorToken } from './operator';

const baseUrl = inject('baseUrl');
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations in a page or frame, one line per element (as accessibility.e2e.test.ts counts them). */
const seriousViolations = async (target: Page | Frame): Promise<string[]> => {
  await target.evaluate(axeSource);
  const results = await target.evaluate(() => (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe.run(document));
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}) at ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`));
};

/** Opens the chat room from the side menu. */
const openChatRoom = async (page: Page) => {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('banner').getByTestId('balance-amount').filter({ hasText: /\d/ }).waitFor();
  const sideMenu = page.getByRole('complementary', { name: 'Side menu' });
  if (!(await sideMenu.isVisible())) await page.getByRole('button', { name: 'Show menu' }).click();
  await sideMenu.getByRole('button', { name: 'Chat room' }).click();
  return page.getByRole('dialog', { name: 'Chat room' });
};

// A member of the demo team that no other browser test signs in with.
describe('the chat room in a real browser against the real server', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ browser, page } = await playerSession('minhtran', 'Team#2026pass'));
  });
  afterAll(async () => browser?.close());

  it('[MEMBER-25] [API-52] [API-53] [SHELL-23] a player opens the chat room, picks a room, sends a message and sees it; an operator hides it and it leaves the room', async () => {
    const dialog = await openChatRoom(page);
    // The live model list (API-52): the seeded demo models, online ones marked.
    await dialog.getByRole('button', { name: /^Luna Online Lobby/ }).waitFor();
    await dialog.getByRole('button', { name: /^Lobby\b/ }).click();

    const chat = dialog.frameLocator('iframe[title="Chat: Lobby"]');
    await chat.getByRole('status').filter({ hasText: 'Connected' }).waitFor();
    const text = `Hello from the browser ${Date.now()}`;
    await chat.getByLabel('Your message').fill(text);
    await chat.getByRole('button', { name: 'Send' }).click();
    const mine = chat.getByRole('log', { name: 'Messages' }).getByRole('listitem').filter({ hasText: text });
    await mine.waitFor();
    // The sender's name is masked as the winners board masks it.
    await expect(mine.innerText()).resolves.toContain('mi***n');
    await expect(chat.getByLabel('Your message').inputValue()).resolves.toBe('');

    const opsToken = await operatorToken();
    const listed = await operatorCall<{ list: { messageId: number; body: string }[] }>(opsToken, 'GET', '/ops/chat/messages?roomId=lobby');
    const sent = listed.list.find((m) => m.body === text);
    expect(sent).toBeDefined();
    await operatorCall(opsToken, 'POST', '/ops/chat/messages/hide', { messageId: sent!.messageId });
    await mine.waitFor({ state: 'detached' });
  });

  for (const theme of ['dark', 'light'] as const) {
    it(`[MEMBER-25] the chat room modal and the chat page have no serious or critical axe-core violation, ${theme} theme`, async () => {
      const opened = await newPlayerPage(browser, { lang: 'en', colorScheme: theme });
      await opened.context.addInitScript((value) => localStorage.setItem('theme', value), theme);
      try {
        await signIn(opened.page, 'minhtran', 'Team#2026pass');
        const dialog = await openChatRoom(opened.page);
        await dialog.getByRole('button', { name: /^Sports corner\b/ }).waitFor();
        expect(await seriousViolations(opened.page)).toEqual([]);
        await dialog.getByRole('button', { name: /^Sports corner\b/ }).click();
        const chat = dialog.frameLocator('iframe[title="Chat: Sports corner"]');
        await chat.getByRole('status').filter({ hasText: 'Connected' }).waitFor();
        const frame = opened.page.frames().find((f) => f.url().includes('/chat/sports'));
        expect(frame).toBeDefined();
        await expect(frame!.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe(theme);
        expect(await seriousViolations(frame!)).toEqual([]);
      } finally {
        await opened.context.close();
      }
    });
  }
});
