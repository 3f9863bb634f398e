import { describe, expect, it } from 'vitest';
import { createDb } from '@server/db/create-db';
import { serializeEnvelope } from '@server/http/response-serializer';
import { createReadCache } from '@server/services/read-cache';

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
