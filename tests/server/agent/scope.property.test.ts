import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_TYPES } from '@shared/contract/socket';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { addMember, closureOf, storedClosure, type TreeMember } from './agent-kit';

/** The members above `id`, nearest first. */
const uplinesOf = (model: Map<number, number | null>, id: number): number[] => {
  const chain: number[] = [];
  for (let up = model.get(id) ?? null; up !== null; up = model.get(up) ?? null) chain.push(up);
  return chain;
};

/** A random forest: node i hangs under an earlier node or under nobody; types are players or agents. */
const forest = fc.integer({ min: 2, max: 9 }).chain((n) =>
  fc.record({
    parents: fc.tuple(
      ...Array.from({ length: n }, (_, i) => (i === 0 ? fc.constant(null) : fc.option(fc.integer({ min: 0, max: i - 1 }), { nil: null, freq: 5 }))),
    ),
    types: fc.array(fc.constantFrom(0, ...AGENT_TYPES), { minLength: n, maxLength: n }),
    caller: fc.nat(),
  }),
);

describe('agent scope on random trees (fast-check)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const get = async (token: string, url: string, query: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url, query, headers: { authorization: `Bearer ${token}` } });
    return { status: res.statusCode, body: res.json() };
  };

  const build = async (parents: readonly (number | null)[], types: number[]): Promise<TreeMember[]> => {
    const members: TreeMember[] = [];
    for (const [i, parent] of parents.entries()) {
      members.push(await addMember(t.ctx, { type: types[i]!, uplineId: parent === null ? null : members[parent]!.id }));
    }
    return members;
  };

  it('[AGENT-09] the tree table always holds exactly the closure of the uplines, through registrations and moves', async () => {
    const move = fc.record({ node: fc.nat(), to: fc.option(fc.nat(), { nil: null }) });
    await fc.assert(
      fc.asyncProperty(forest, fc.array(move, { maxLength: 4 }), async ({ parents, types }, moves) => {
        const members = await build(parents, types);
        const model = new Map(members.map((m) => [m.id, m.uplineId]));
        expect(await storedClosure(t.ctx, [...model.keys()])).toEqual(closureOf(model));
        for (const { node, to } of moves) {
          const member = members[node % members.length]!;
          const target = to === null ? null : members[to % members.length]!.id;
          const intoOwnBranch = target !== null && (target === member.id || uplinesOf(model, target).includes(member.id));
          const update = t.ctx.db.updateTable('member_profiles').set({ upline_id: target }).where('member_id', '=', member.id).execute();
          if (intoOwnBranch) {
            // A cycle is refused by the database, and nothing changes.
            await expect(update).rejects.toThrow(/own downline/);
          } else {
            await update;
            model.set(member.id, target);
          }
          expect(await storedClosure(t.ctx, [...model.keys()])).toEqual(closureOf(model));
        }
      }),
      { numRuns: 15 },
    );
  });

  it('[AGENT-09] an agent is answered about every member below it and refused, with one same answer, about anyone else', async () => {
    await fc.assert(
      fc.asyncProperty(forest, async ({ parents, types, caller }) => {
        const agentIndexes = types.flatMap((type, i) => ((AGENT_TYPES as readonly number[]).includes(type) ? [i] : []));
        const callerIndex = agentIndexes.length ? agentIndexes[caller % agentIndexes.length]! : 0;
        const members = await build(parents, types.map((type, i) => (i === callerIndex ? AGENT_TYPES[0] : type)));
        const agent = members[callerIndex]!;
        const model = new Map(members.map((m) => [m.id, m.uplineId]));
        const depthOf = new Map<number, number>();
        for (const row of closureOf(model)) {
          const [, ancestor, descendant, depth] = /^(\d+)>(\d+)@(\d+)$/.exec(row)!.map(Number) as [number, number, number, number];
          if (ancestor === agent.id) depthOf.set(descendant, depth);
        }

        const list = await get(agent.token, '/wps/agent/downline', { pageSize: '100' });
        expect(list.status).toBe(200);
        expect(new Map(list.body.value.list.map((r: { memberId: number; level: number }) => [r.memberId, r.level]))).toEqual(depthOf);

        const unknownId = Math.max(...members.map((m) => m.id)) + 1_000_000;
        const refusals = new Set<string>();
        for (const target of [...members.map((m) => m.id), unknownId]) {
          const res = await get(agent.token, '/wps/agent/downline/member', { memberId: String(target) });
          if (depthOf.has(target)) {
            expect(res.status).toBe(200);
            expect(res.body.value).toMatchObject({ memberId: target, level: depthOf.get(target) });
          } else {
            expect(res.status).toBe(403);
            refusals.add(JSON.stringify(res.body));
          }
        }
        // The caller itself, its uplines, other branches and an id nobody has: one identical refusal.
        expect([...refusals]).toEqual([JSON.stringify({ success: false, code: 'FORBIDDEN', message: 'This member is not in your downline', value: null })]);
      }),
      { numRuns: 15 },
    );
  });
});
