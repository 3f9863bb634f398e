import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/test-app';

// A built client as `vite build` lays it out: index.html, hashed files under assets/ with their .br and .gz.
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`;
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
    for (const url of ['/', '/rng?vassalage=PG', '/agentHome']) {
      const res = await get(url, { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'br, gzip' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
    }
    expect((await get('/robots.txt')).headers['cache-control']).toBe('no-cache');
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
