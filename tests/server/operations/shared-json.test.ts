import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '@server/db/create-db';
import { compressedSharedAnswer, serializeEnvelope } from '@server/http/response-serializer';
import { createReadCache } from '@server/services/read-cache';
import { PRODUCTION_ENV } from '../../helpers/production-env';
import { createTestApp, type TestApp } from '../../helpers/test-app';

/**
 * Production writes the JSON of a value the read caches share (the lobby's catalogue) once per loaded value; what
 * goes out must stay byte for byte what JSON.stringify makes of the answer.
 */
describe('answers with a shared cached value', () => {
  const { db } = createDb({ dataDir: 'memory://' });
  const cache = createReadCache(60_000);

  it('are the same text as JSON.stringify makes, for shared and unshared values alike, after a reload too', async () => {
    const menus = [{ gameCategory: 'RNG', title: 'Slots "é"', cards: [{ id: 1, hot: true, jackpot: null }] }];
    const shared = await cache.get(db, 'menus', async () => menus);
    const answer = { success: true, code: 'OK', message: 'OK', value: shared };
    expect(serializeEnvelope(answer)).toBe(JSON.stringify(answer));
    expect(serializeEnvelope(answer)).toBe(JSON.stringify(answer));

    const unshared = { success: true, code: 'OK', message: 'OK', value: [{ gameCategory: 'LIVE' }] };
    expect(serializeEnvelope(unshared)).toBe(JSON.stringify(unshared));
    expect(serializeEnvelope({ success: true, code: 'OK', message: 'OK', value: null })).toBe('{"success":true,"code":"OK","message":"OK","value":null}');

    // A write flushes the cache; the next load is a new value with its own JSON.
    cache.flush(db);
    const reloaded = await cache.get(db, 'menus', async () => [{ gameCategory: 'LIVE', title: 'Live', cards: [] }]);
    const next = { success: true, code: 'OK', message: 'OK', value: reloaded };
    expect(serializeEnvelope(next)).toBe(JSON.stringify(next));
  });
});

describe('compressed copies of answers with a shared value', () => {
  const { db } = createDb({ dataDir: 'memory://' });
  const cache = createReadCache(60_000);
  const cards = (title: string) => Array.from({ length: 40 }, (_, i) => ({ nodeId: i, title: `${title} ${i}`, iconUrl: `/static/games/${i}.svg` }));
  const BROWSER = 'gzip, deflate, br, zstd';

  it('are made once per loaded value, in brotli for a browser that takes it and gzip for one that takes only gzip, and decode to the answer', async () => {
    const answer = { success: true, code: 'OK', message: 'OK', value: await cache.get(db, 'menus', async () => cards('Slots')) };
    const br = compressedSharedAnswer(answer, BROWSER);
    expect(br?.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(br!.body).toString()).toBe(JSON.stringify(answer));
    expect(compressedSharedAnswer(answer, BROWSER)?.body).toBe(br!.body);

    const gzip = compressedSharedAnswer(answer, 'gzip');
    expect(gzip?.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gzip!.body).toString()).toBe(JSON.stringify(answer));

    cache.flush(db);
    const reloaded = { success: true, code: 'OK', message: 'OK', value: await cache.get(db, 'menus', async () => cards('Live')) };
    expect(zlib.brotliDecompressSync(compressedSharedAnswer(reloaded, BROWSER)!.body).toString()).toBe(JSON.stringify(reloaded));
  });

  it('are not made for a value no cache shares, a client that takes no encoding we make, or an answer too small to compress', async () => {
    const unshared = { success: true, code: 'OK', message: 'OK', value: cards('Fish') };
    expect(compressedSharedAnswer(unshared, BROWSER)).toBeNull();
    const shared = { success: true, code: 'OK', message: 'OK', value: await cache.get(db, 'big', async () => cards('Cards')) };
    expect(compressedSharedAnswer(shared, undefined)).toBeNull();
    expect(compressedSharedAnswer(shared, 'identity')).toBeNull();
    expect(compressedSharedAnswer(shared, 'deflate')).toBeNull();
    const small = { success: true, code: 'OK', message: 'OK', value: await cache.get(db, 'small', async () => ({ amount: 1 })) };
    expect(compressedSharedAnswer(small, BROWSER)).toBeNull();
    expect(compressedSharedAnswer(small, 'gzip')).toBeNull();
  });
});

describe('a production server', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The demo catalogue: a lobby answer of production's size (the house games alone are under the compression threshold).
    t = await createTestApp({}, { ...PRODUCTION_ENV, SEED_DEMO: 'true', CORS_ORIGINS: 'https://partner.example' });
  });
  afterAll(async () => t.close());

  // Its shared reads skip the serializer and @fastify/compress: what goes out must still be what both would make.
  it('answers the lobby\'s shared reads compressed as the browser asks, decoding to the uncompressed JSON, typed and varied as any answer', async () => {
    for (const url of ['/lgw/games/game_menus', '/wps/relay/GLS_hotGames']) {
      const plain = await t.app.inject({ method: 'GET', url });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const headers = { 'accept-encoding': 'gzip, deflate, br', origin: 'https://partner.example' };
      const answers = await Promise.all([1, 2].map(() => t.app.inject({ method: 'GET', url, headers })));
      for (const res of answers) {
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe('br');
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.headers['access-control-allow-origin']).toBe('https://partner.example');
        expect(String(res.headers.vary).toLowerCase().split(/,\s*/)).toEqual(expect.arrayContaining(['origin', 'accept-encoding']));
        expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(plain.body);
      }
      const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    }
  });
});
