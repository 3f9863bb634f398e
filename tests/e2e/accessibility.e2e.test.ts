import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AGENT_PAGES, MEMBER_PAGES } from '@client/config/center-pages';
import { OPS_PAGES } from '@client/config/paths';
import { OPS_SESSION_KEY } from '@client/features/operator/ops-session';
import { THEMES, type Theme } from '@shared/theme';
import { launchBrowser, newPlayerPage, signIn, signInToAgentCenter } from './browser';

const baseUrl = inject('baseUrl');
// The key src/client/state/ui-state.ts keeps the theme under (that module reads the window as it loads).
const THEME_KEY = 'theme';
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The violations a user meets first: axe-core's serious and critical ones, one line per element. */
const seriousViolations = async (page: Page): Promise<string[]> => {
  // Requests still answering would leave a page's loading state to be checked instead of its content.
  await page.waitForLoadState('networkidle');
  // Evaluated rather than added as a script tag, which the site's Content-Security-Policy refuses.
  await page.evaluate(axeSource);
  const results = await page.evaluate(() => (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe.run(document));
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}) at ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`));
};

/** A page in one theme, chosen the way the header's theme switch remembers it. */
const pageInTheme = async (browser: Browser, theme: Theme, viewport?: { width: number; height: number }) => {
  const opened = await newPlayerPage(browser, { lang: 'en', colorScheme: theme, ...(viewport ? { viewport } : {}) });
  await opened.context.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_KEY, theme] as const);
  return opened;
};

/** The player site's screens a guest sees, and then those only a signed-in member sees. */
const GUEST_PATHS = ['/', '/login', '/register', '/help', '/sports', '/esports', '/lott', '/elott', '/live', '/fish', '/rng', '/pvp', '/lottery', '/seaLottery', '/vnLottery', '/promotions', '/pointMall', '/winners', '/download'];
const MEMBER_PATHS = ['/favorite', '/recent', '/pointMall', ...MEMBER_PAGES.map((id) => `/member?page=${id}`)];

describe('no serious or critical axe-core violation on the player site, the agent center and the operator console, in both themes', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  for (const theme of THEMES) {
    it(`every player site screen, as a guest and as the demo member, ${theme} theme`, { timeout: 360_000 }, async () => {
      const { context, page } = await pageInTheme(browser, theme);
      try {
        const found: Record<string, string[]> = {};
        const check = async (path: string) => {
          await page.goto(`${baseUrl}${path}`);
          await page.getByRole('main').waitFor();
          found[path] = await seriousViolations(page);
        };
        for (const path of GUEST_PATHS) await check(path);

        await signIn(page, 'demo', 'Demo#2026pass');
        for (const path of MEMBER_PATHS) await check(path);

        expect(found).toEqual(Object.fromEntries(Object.keys(found).map((id) => [id, []])));
      } finally {
        await context.close();
      }
    });

    it(`every agent center page and a downline member's dialog with its contracts, ${theme} theme`, { timeout: 180_000 }, async () => {
      const { context, page } = await pageInTheme(browser, theme);
      try {
        await signInToAgentCenter(page, 'agent', 'Agent#2026pass');
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);

        const found: Record<string, string[]> = {};
        for (const id of AGENT_PAGES) {
          await page.goto(`${baseUrl}/agentHome?page=${id}`);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          found[id] = await seriousViolations(page);
        }

        // The demo member holds the agent's real-time salary agreement, so its dialog lists a contract in force.
        await page.goto(`${baseUrl}/agentHome?page=downlineManagmentView`);
        const search = page.getByRole('search', { name: 'Search the team' });
        await search.getByLabel('Account or nickname').fill('demo');
        await search.getByRole('button', { name: 'Search' }).click();
        await page.getByRole('button', { name: 'Open demo' }).click();
        await page.getByRole('dialog', { name: 'demo' }).getByRole('listitem', { name: 'Real-time salary: In force' }).waitFor();
        found['downline member dialog'] = await seriousViolations(page);

        expect(found).toEqual(Object.fromEntries(Object.keys(found).map((id) => [id, []])));
      } finally {
        await context.close();
      }
    });

    it(`every operator console page, ${theme} theme`, { timeout: 180_000 }, async () => {
      const { context, page } = await pageInTheme(browser, theme);
      try {
        // The run's operator session, kept where the console keeps its own (each authenticator code signs in once).
        await context.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [OPS_SESSION_KEY, JSON.stringify(inject('operatorSession'))] as const);
        const found: Record<string, string[]> = {};
        for (const id of OPS_PAGES) {
          await page.goto(`${baseUrl}/ops?page=${id}`);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          found[id] = await seriousViolations(page);
        }
        expect(found).toEqual(Object.fromEntries(Object.keys(found).map((id) => [id, []])));
      } finally {
        await context.close();
      }
    });
  }
});
