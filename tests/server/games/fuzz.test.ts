import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDef } from '@shared/contract/endpoint';
import { gamesEndpoints } from '@shared/contract/games';
import { homeEndpoints } from '@shared/contract/home';
import type { Member } from '../../helpers/money-kit';
import { createGamesKit, SLOT, VN_LOTTO, type GamesKit } from './games-kit';

/**
 * Arbitrary input at every lobby, launch, house-game and game-wallet call: the answer is always an
 * envelope, 2xx or 4xx, never a 500; and whatever got through, the ledger still balances.
 */
const GAME_CALLS: Record<string, EndpointDef> = { ...gamesEndpoints, winnerRankList: homeEndpoints.winnerRankList };

describe('game endpoints under arbitrary input', () => {
  let kit: GamesKit;
  let member: Member;
  let sessions: string[];
  beforeAll(async () => {
    kit = await createGamesKit();
    member = await kit.member();
    await kit.credit(member.id, 100_000);
    sessions = [(await kit.launch(member, SLOT)).session, (await kit.launch(member, VN_LOTTO)).session];
  });
  afterAll(async () => kit.close());

  const nasty = fc.constantFrom('', ' ', 'a\u0000b', 'HOUSE', 'PG', 'RNG', 'slot', 'dice', 'lottery', 'TCG_LOTTO_VN', 'LAST2', 'BIG', '42', '-1', '1e400', 'NaN', '\u0000', '😀', '%_%', "'; drop table games; --", 'x'.repeat(2000));
  const number = fc.oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.double(), fc.constantFrom(0.01, 1, 2.5, 49.5, 99.99, 1e20));
  const scalar = fc.oneof(fc.string(), nasty, number, fc.boolean(), fc.constant(null));
  const params = fc.oneof(
    fc.record({ engine: fc.constantFrom('slot', 'dice', 'crash', 'lottery', 'x'), target: fc.option(number, { nil: undefined }), direction: fc.option(fc.constantFrom('UNDER', 'OVER', 'x'), { nil: undefined }), cashOut: fc.option(number, { nil: undefined }) }),
    scalar,
  );

  const fieldNames = (schema: unknown): string[] => {
    const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
    if (shape) return Object.keys(shape);
    const options = (schema as { options?: unknown[] } | undefined)?.options;
    return options ? [...new Set(options.flatMap(fieldNames))] : [];
  };
  const valueFor = (name: string): fc.Arbitrary<unknown> =>
    name === 'session' ? fc.oneof(fc.constantFrom(...sessions), scalar) : name === 'params' ? params : fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }));
  const fieldsOf = (names: string[]) => fc.record(Object.fromEntries(names.map((n) => [n, fc.option(valueFor(n), { nil: undefined })])), { requiredKeys: [] });

  for (const [key, def] of Object.entries(GAME_CALLS)) {
    it(`${key} (${def.method} ${def.path}) answers arbitrary input with a 2xx or a 4xx envelope`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(fieldsOf(fieldNames(def.body)), fc.anything()), fieldsOf(fieldNames(def.query)), async (body, query) => {
          const res = await kit.call(def.method, def.path, {
            token: def.token === 'none' ? null : member.token,
            query: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, String(v)])),
            ...(def.method === 'GET' || def.method === 'DELETE' ? {} : { body: body ?? {} }),
          });
          expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBeLessThan(500);
          if (res.status >= 400) expect(res.body).toMatchObject({ success: false, value: null, code: expect.any(String) });
        }),
        { numRuns: 25 },
      );
    }, 60_000);
  }

  it('after all of it the journal still sums to zero and no member wallet is below zero', async () => {
    const sum = await kit.t.ctx.db.selectFrom('ledger_postings').select(sql<number>`coalesce(sum(amount), 0)`.as('s')).executeTakeFirstOrThrow();
    expect(Number(sum.s)).toBe(0);
    const negative = await kit.t.ctx.db.selectFrom('ledger_accounts').select('id').where('member_id', 'is not', null).where('balance', '<', 0).execute();
    expect(negative).toEqual([]);
  });
});
