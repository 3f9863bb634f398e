import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDef } from '@shared/contract/endpoint';
import { messagesEndpoints } from '@shared/contract/messages';
import { operatorMoneyEndpoints } from '@shared/contract/operator-money';
import { paymentsEndpoints } from '@shared/contract/payments';
import { recordsEndpoints } from '@shared/contract/records';
import { walletEndpoints } from '@shared/contract/wallet';
import { createMoneyKit, type Member, type MoneyKit } from '../../helpers/money-kit';

/**
 * Arbitrary input at every wallet, payment, record, message and operator money call: the answer is
 * always an envelope, 2xx or 4xx, never a 500; and whatever got through, the ledger still balances.
 */
const nasty = fc.constantFrom('', ' ', 'MAIN', 'PG', 'BANK', 'QR', '0', '-1', '1e400', 'NaN', '9'.repeat(40), '\u0000', '😀', "'; drop table ledger_postings; --", 'x'.repeat(3000));
const text = fc.oneof(fc.string(), nasty);
const number = fc.oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.double(), fc.constantFrom(0.01, 100, 100.005, -0.01, 1e20, 1e308));
const value = fc.oneof(
  { arbitrary: text, weight: 3 },
  { arbitrary: number, weight: 3 },
  { arbitrary: fc.constant(randomUUID()), weight: 1 },
  { arbitrary: fc.oneof(fc.boolean(), fc.constant(null), fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 5 })), weight: 1 },
);

const fieldNames = (schema: unknown): string[] => {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (shape) return Object.keys(shape);
  const options = (schema as { options?: unknown[] } | undefined)?.options;
  return options ? [...new Set(options.flatMap(fieldNames))] : [];
};

const fieldsOf = (names: string[]) => fc.record(Object.fromEntries(names.map((n) => [n, fc.option(value, { nil: undefined })])), { requiredKeys: [] });
const queryOf = (names: string[]) =>
  fc.record(Object.fromEntries(names.map((n) => [n, fc.option(fc.oneof(fc.string(), nasty, number.map(String)), { nil: undefined })])), { requiredKeys: [] });

const TABLES: Record<string, EndpointDef>[] = [walletEndpoints, paymentsEndpoints, recordsEndpoints, messagesEndpoints, operatorMoneyEndpoints];

describe('money endpoints under arbitrary input', () => {
  let kit: MoneyKit;
  let member: Member;
  beforeAll(async () => {
    kit = await createMoneyKit();
    member = await kit.member();
    await kit.credit(member.id, 1_000_00);
    await kit.setPaymentPassword(member);
    await kit.bindBank(member);
  });
  afterAll(async () => kit.close());

  for (const table of TABLES) {
    for (const [key, def] of Object.entries(table)) {
      it(`${key} (${def.method} ${def.path}) answers arbitrary input with a 2xx or a 4xx envelope`, async () => {
        const token = def.token === 'operator' ? kit.operatorToken : def.token === 'none' ? null : member.token;
        await fc.assert(
          fc.asyncProperty(
            fc.oneof(fieldsOf(fieldNames(def.body)), fc.anything()),
            queryOf(fieldNames(def.query)),
            async (body, query) => {
              const res = await kit.call(def.method, def.path, {
                token,
                query: Object.fromEntries(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined)),
                ...(def.method === 'GET' || def.method === 'DELETE' ? {} : { body: body ?? {} }),
              });
              expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBeLessThan(500);
              expect(typeof res.body.success).toBe('boolean');
              if (res.status >= 400) expect(res.body).toMatchObject({ success: false, value: null, code: expect.any(String) });
            },
          ),
          { numRuns: 25 },
        );
      }, 60_000);
    }
  }

  it('after all of it the journal still sums to zero and no member wallet is below zero', async () => {
    const sum = await kit.t.ctx.db.selectFrom('ledger_postings').select(sql<number>`coalesce(sum(amount), 0)`.as('s')).executeTakeFirstOrThrow();
    expect(Number(sum.s)).toBe(0);
    const negative = await kit.t.ctx.db.selectFrom('ledger_accounts').select('id').where('member_id', 'is not', null).where('balance', '<', 0).execute();
    expect(negative).toEqual([]);
  });
});
