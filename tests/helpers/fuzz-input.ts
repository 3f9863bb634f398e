import fc from 'fast-check';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { AppContext } from '@server/app-context';

/** Shared pieces of the fuzz tests: arbitrary bodies and queries shaped like a contract schema. */

/** The field names of an object schema (or of every option of a union of them). */
export const fieldNames = (schema: unknown): string[] => {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (shape) return Object.keys(shape);
  const options = (schema as { options?: unknown[] } | undefined)?.options;
  return options ? [...new Set(options.flatMap(fieldNames))] : [];
};

/** Objects with any of these fields, each absent or an arbitrary value. */
export const fieldsOf = (names: string[], value: fc.Arbitrary<unknown>) =>
  fc.record(Object.fromEntries(names.map((n) => [n, fc.option(value, { nil: undefined })])), { requiredKeys: [] });

/** Query strings: any of these parameters, each absent or an arbitrary string. */
export const queryOf = (names: string[], text: fc.Arbitrary<string>) =>
  fc.record(Object.fromEntries(names.map((n) => [n, fc.option(text, { nil: undefined })])), { requiredKeys: [] });

/** After any input: the journal sums to zero and no member wallet is below zero. */
export const expectLedgerBalanced = async (ctx: AppContext): Promise<void> => {
  const sum = await ctx.db.selectFrom('ledger_postings').select(sql<number>`coalesce(sum(amount), 0)`.as('s')).executeTakeFirstOrThrow();
  expect(Number(sum.s)).toBe(0);
  const negative = await ctx.db.selectFrom('ledger_accounts').select('id').where('member_id', 'is not', null).where('balance', '<', 0).execute();
  expect(negative).toEqual([]);
};
