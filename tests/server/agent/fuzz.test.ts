import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentEndpoints, memberAgentEndpoints, operatorAgentEndpoints } from '@shared/contract/agent';
import type { EndpointDef } from '@shared/contract/endpoint';
import { expectLedgerBalanced, fieldNames, fieldsOf, queryOf } from '../../helpers/fuzz-input';
import { createMoneyKit, type MoneyKit } from '../../helpers/money-kit';
import { addMember, AGENT, credit, PLAYER, TEST_PAYMENT_PASSWORD, type TreeMember } from './agent-kit';

/**
 * Arbitrary input at every call of the agent area: always an envelope, 2xx or 4xx, never a 500;
 * whatever got through, the ledger still balances and no wallet went below zero.
 */
const nasty = fc.constantFrom('', ' ', '0', '-1', '1', '2', '1e400', 'NaN', '9'.repeat(40), '\u0000', '😀', '%', '_', '\\', "'; drop table member_tree; --", 'x'.repeat(3000), TEST_PAYMENT_PASSWORD);
const number = fc.oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.double(), fc.constantFrom(0.01, 1, 100.005, -0.01, 1e20, 1e308));
const value = fc.oneof(fc.string(), nasty, number, fc.constant(randomUUID()), fc.boolean(), fc.constant(null), fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 4 }));
const queryText = fc.oneof(fc.string(), nasty, number.map(String));

const TABLES: Record<string, EndpointDef>[] = [agentEndpoints, memberAgentEndpoints, operatorAgentEndpoints];

describe('agent calls under arbitrary input', () => {
  let kit: MoneyKit;
  let agent: TreeMember;
  let member: TreeMember;
  beforeAll(async () => {
    kit = await createMoneyKit();
    agent = await addMember(kit.t.ctx, { type: AGENT, paymentPassword: true });
    member = await addMember(kit.t.ctx, { type: PLAYER, uplineId: agent.id, paymentPassword: true });
    await credit(kit.t.ctx, agent.id, 50_00);
    await credit(kit.t.ctx, member.id, 50_00);
  });
  afterAll(async () => kit.close());

  for (const table of TABLES) {
    for (const [key, def] of Object.entries(table)) {
      it(`${key} (${def.method} ${def.path}) answers arbitrary input with a 2xx or a 4xx envelope`, async () => {
        const token = def.token === 'operator' ? kit.operatorToken : def.token === 'agent' ? agent.token : member.token;
        await fc.assert(
          fc.asyncProperty(fc.oneof(fieldsOf(fieldNames(def.body), value), fc.anything()), queryOf(fieldNames(def.query), queryText), async (body, query) => {
            const res = await kit.call(def.method, def.path, {
              token,
              query: Object.fromEntries(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined)),
              ...(def.method === 'GET' ? {} : { body: body ?? {} }),
            });
            expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBeLessThan(500);
            expect(typeof res.body.success).toBe('boolean');
            if (res.status >= 400) expect(res.body).toMatchObject({ success: false, value: null, code: expect.any(String) });
          }),
          { numRuns: 15 },
        );
      }, 60_000);
    }
  }

  it('after all of it the journal still sums to zero and no member wallet is below zero', async () => expectLedgerBalanced(kit.t.ctx));
});
