import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_LOGIN_PERKS, BOOT_READS_ELEMENT_ID, pageReads, type BootRead } from '@shared/boot-reads';
import { http, type ResponseOf } from '@shared/contract/http';
import { DEFAULT_LANGUAGE } from '@shared/i18n/languages';
import { jackpotAt } from '@server/services/games/jackpot';
import agentLogin from '@locales/ty/agent-login.json';
import { createTestApp, type TestApp } from '../../helpers/test-app';

// A built client as `vite build` lays it out: index.html, hashed files under assets/ with their .br and .gz.
const INDEX = `<!doctype html><html lang="vi" data-theme="dark"><head><script type="module" src="/assets/index-Ab12Cd34.js"></script><link rel="modulepreload" crossorigin href="/assets/boot-app-Ij90Kl12.js"></head><body><div id="root"></div>${'<div></div>'.repeat(200)}</body></html>`;
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};\n`;
const ONE_YEAR_IMMUTABLE = 'public, max-age=31536000, immutable';

const writeBuiltClient = (): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const write = (name: string, text: string) => {
    fs.writeFileSync(path.join(dir, name), text);
    fs.writeFileSync(path.join(dir, `${name}.br`), zlib.brotliCompressSync(text));
    fs.writeFileSync(path.join(dir, `${name}.gz`), zlib.gzipSync(text));
  };
  write('index.html', INDEX);
  write('assets/index-Ab12Cd34.js', SCRIPT);
  fs.writeFileSync(path.join(dir, 'assets', 'logo-Ef56Gh78.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\n');
  return dir;
};

describe('the built client and the API on the wire', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = writeBuiltClient();
    t = await createTestApp({ CLIENT_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('serves hashed assets for a year, immutable', async () => {
    for (const url of ['/assets/index-Ab12Cd34.js', '/assets/logo-Ef56Gh78.svg']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(ONE_YEAR_IMMUTABLE);
    }
  });

  it('serves the precompressed brotli copy when the browser takes brotli, gzip otherwise, the plain file to anyone else', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 3);

    const gz = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe(ONE_YEAR_IMMUTABLE);
  });

  it('answers every page path with index.html, compressed and revalidated on each visit', async () => {
    for (const url of ['/promotions', '/member?page=info']) {
      const res = await get(url, { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'br, gzip' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
    }
    expect((await get('/robots.txt')).headers['cache-control']).toBe('no-cache');
  });

  const bannersOf = (reads: BootRead[]) => reads.find((read) => read.key === 'announcements' && !('execution' in (read.input?.query ?? {})))?.value;

  const pageWithReads = async (url: string, headers: Record<string, string> = {}): Promise<{ html: string; reads: BootRead[] }> => {
    const res = await get(url, { accept: 'text/html', 'accept-encoding': 'br', ...headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(res.rawPayload).toString();
    const block = new RegExp(`<script type="application/json" id="${BOOT_READS_ELEMENT_ID}">(.*?)</script>`, 's').exec(html);
    expect(block).not.toBeNull();
    return { html, reads: JSON.parse(block![1]!) as BootRead[] };
  };

  it('[LOBBY-09] a lobby page comes with its first render reads answered as the API answers a visitor, and asks for the first home banner at once', async () => {
    for (const url of ['/', '/home', '/login', '/register', '/rng?vassalage=PG']) {
      const { html, reads } = await pageWithReads(url);
      expect(reads.map(({ key, input }) => ({ key, input }))).toEqual(pageReads(url.split('?')[0]!, DEFAULT_LANGUAGE));
      for (const read of reads) {
        const query = read.input ? `?${new URLSearchParams(read.input.query).toString()}` : '';
        const answer: unknown = (await get(`${http[read.key].path}${query}`)).json().value;
        // The jackpot steps every 3 s, so the page's answer may be one step behind the later call's.
        if (read.key === 'jackpot') expect([answer, jackpotAt(new Date(read.readAt))]).toContainEqual(read.value);
        else expect(read.value).toEqual(answer);
      }
      const first = (bannersOf(reads) as ResponseOf<'announcements'>).banners.find((b) => b.groupName === 'w_home');
      expect(first).toBeDefined();
      // Before the entry script, so the image is asked for as early as the script.
      const preload = `<link rel="preload" as="image" href="${first!.url}" fetchpriority="high">`;
      expect(html.indexOf(preload)).toBeGreaterThan(0);
      expect(html.indexOf(preload)).toBeLessThan(html.search(/<script type="module"|<script defer src="\/static\/start-after-paint.js"/));
    }
  });

  /** What #root holds as the page comes: the markup painted before the client's script runs. */
  const rootOf = (html: string) => /<div id="root">(.*?)<\/div>\s*<div><\/div>/s.exec(html)?.[1] ?? null;

  it('[LOBBY-09] a lobby page paints its first home banner before its script runs: in #root, inert and hidden, with the classes the client draws it with', async () => {
    for (const [url, bannerArea] of [
      ['/', 'banner-area'],
      ['/login', 'banner-area'],
      ['/rng?vassalage=PG', 'banner-area banner-area--compact'],
    ] as const) {
      const { html, reads } = await pageWithReads(url);
      const first = (bannersOf(reads) as ResponseOf<'announcements'>).banners.find((b) => b.groupName === 'w_home')!;
      const root = rootOf(html);
      expect(root).toBe(
        '<div class="site site--menu-shown" aria-hidden="true" inert data-first-paint><div class="site__body"><div class="site-header"></div>' +
          `<div class="${bannerArea}"><div class="banner-carousel"><div class="banner-slide">` +
          `<img src="${first.url}" alt="" class="banner-slide__image" fetchpriority="high"></div></div></div></div></div>`,
      );
      // Painted without them, the page asks for its scripts once the banner has come (public/static/start-after-paint.js).
      expect(html).toContain('<script defer src="/static/start-after-paint.js" data-entry="/assets/index-Ab12Cd34.js" data-preloads="/assets/boot-app-Ij90Kl12.js"></script>');
      expect(html).not.toContain('<script type="module"');
      expect(html).not.toContain('rel="modulepreload"');
    }
  });

  it('[SHELL-04] an agent page paints the agent login\'s promotion before its script runs, in the default language, unless an agent may be signed in', async () => {
    const painted = async (url: string, cookie?: string) => rootOf((await pageWithReads(url, cookie ? { cookie } : {})).html);
    for (const url of ['/agent', '/agentHome', '/agentHome?page=team']) {
      const root = await painted(url);
      expect(root).toMatch(/^<div class="agent-site" aria-hidden="true" inert data-first-paint><div class="agent-login"><section class="agent-login__promo">/);
      expect(root).toContain(`<h1 class="agent-login__title">${agentLogin.title}</h1><p class="agent-login__lead">${agentLogin.lead}</p>`);
      for (const id of AGENT_LOGIN_PERKS) expect(root).toContain(`<p class="agent-login__perk-title">${agentLogin.perks[id].title}</p>`);
      expect(root).toContain(`<section class="agent-login__form card"><h2>${agentLogin.formTitle}</h2></section>`);
    }
    // A browser where an agent signed in may open the center: nothing of the login is painted there, on the login still.
    expect(await painted('/agentHome', 'agent-signed-in=1')).toBe('');
    // A page drawn by its scripts alone asks for them at the browser's usual priority.
    const drawnByScripts = (await pageWithReads('/agentHome', { cookie: 'agent-signed-in=1' })).html;
    expect(drawnByScripts).toContain('<script type="module" src="/assets/index-Ab12Cd34.js">');
    expect(drawnByScripts).toContain('<link rel="modulepreload" crossorigin href="/assets/boot-app-Ij90Kl12.js">');
    expect(await painted('/agent', 'agent-signed-in=1')).toContain('agent-login__title');
    // Another language than the default's would read the default's texts until the client has run.
    expect(await painted('/agent', 'lang=en')).toBe('');
    expect(await painted('/agent', `lang=${DEFAULT_LANGUAGE}`)).toContain('agent-login__title');
  });

  it('[SHELL-53] a page with reads comes in the theme its browser last showed (the theme cookie), the house dark otherwise', async () => {
    const themeOf = async (cookie?: string) => /<html[^>]*data-theme="([^"]*)"/.exec((await pageWithReads('/', cookie ? { cookie } : {})).html)?.[1];
    expect(await themeOf('theme=light')).toBe('light');
    expect(await themeOf('session=x; theme=dark')).toBe('dark');
    expect(await themeOf('theme=purple')).toBe('dark');
    expect(await themeOf()).toBe('dark');
    expect((await get('/', { accept: 'text/html' })).headers.vary).toContain('cookie');
  });

  it('an agent page comes with the site configuration and status and the guests\' popups only, and preloads no banner', async () => {
    const { html, reads } = await pageWithReads('/agentHome?page=team');
    expect(reads.map(({ key, input }) => ({ key, input }))).toEqual([
      { key: 'systemPermission', input: null },
      { key: 'systemStatus', input: null },
      { key: 'announcements', input: { query: { types: 'B,PL,PU,PR', execution: 'B', platform: 'W' } } },
    ]);
    expect(html).not.toContain('rel="preload" as="image"');
  });

  it('an operator text in the home page reads cannot end their block or add markup', async () => {
    const title = '</script><script>alert(1)</script><!--';
    await t.ctx.db.insertInto('banners').values({ group_name: 'w_home', url: '/static/banners/x.svg?a="b"&c=<d>', title, sort: -1 }).execute();
    const { html, reads } = await pageWithReads('/');
    expect(html).not.toContain('<script>alert(1)');
    expect((bannersOf(reads) as ResponseOf<'announcements'>).banners.map((b) => b.title)).toContain(title);
    expect(html).toContain('href="/static/banners/x.svg?a=&quot;b&quot;&amp;c=&lt;d>"');
    expect(html).toContain('<img src="/static/banners/x.svg?a=&quot;b&quot;&amp;c=&lt;d>"');
  });

  it('compresses API answers: brotli first, gzip for browsers without it, nothing for small ones', async () => {
    const br = await get('/lgw/games/game_menus', { 'accept-encoding': 'gzip, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('application/json');
    const menus = JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString());
    expect(menus).toMatchObject({ success: true, code: 'OK' });
    expect(menus.value.length).toBeGreaterThan(0);

    const gz = await get('/lgw/games/game_menus', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(menus);

    const small = await get('/healthz', { 'accept-encoding': 'br, gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('keeps API paths out of the page fallback', async () => {
    const res = await get('/wps/no/such/call', { accept: 'text/html' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
