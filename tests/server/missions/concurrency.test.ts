import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postingSum, tally } from '../../helpers/money-kit';
import { addMission, claim, fundedMember, onlyNewMissions, PATHS, play, startMissionsKit, type MoneyKit } from './missions-kit';

/**
 * Races need real connections: PGlite has one, so it can never show one. CI's PostgreSQL pass sets
 * TEST_DATABASE_URL; without it these tests are skipped.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!postgres)('mission claims under concurrency (real PostgreSQL; skipped without TEST_DATABASE_URL)', () => {
  let kit: MoneyKit;
  beforeAll(async () => {
    kit = await startMissionsKit();
    await onlyNewMissions(kit);
  });
  afterAll(async () => kit?.close());


  it('[MEMBER-17] 20 parallel claims of one completed points mission: one is paid, 19 are MISSION_ALREADY_CLAIMED', async () => {
    const id = await addMission(kit, { goal: 'BET_ROUNDS', target: 1, rewardKind: 'POINTS', reward: 40 });
    const m = await fundedMember(kit);
    await play(kit, m, 1, 1_00);
    const results = await Promise.all(Array.from({ length: 20 }, () => claim(kit, m, id)));
    expect(tally(results)).toEqual({ '200 OK': 1, '409 MISSION_ALREADY_CLAIMED': 19 });
    expect((await kit.call('GET', PATHS.points, { token: m.token })).body.value.points).toBe(40);
    const journal = await kit.t.ctx.db.selectFrom('points_journal').select('change').where('member_id', '=', m.id).where('kind', '=', 'MISSION').execute();
    expect(journal).toEqual([{ change: 40 }]);
  });

  it('[MEMBER-17] 20 parallel claims of a cash mission by 5 members: each member is paid once, and the ledger still sums to zero', async () => {
    const id = await addMission(kit, { goal: 'BET_AMOUNT', target: 1, rewardKind: 'CASH', reward: 1.5 });
    const members = await Promise.all(Array.from({ length: 5 }, () => fundedMember(kit, 10_00)));
    for (const m of members) await play(kit, m, 1, 1_00);
    const results = await Promise.all(members.flatMap((m) => Array.from({ length: 4 }, () => claim(kit, m, id))));
    expect(tally(results)).toEqual({ '200 OK': 5, '409 MISSION_ALREADY_CLAIMED': 15 });
    for (const m of members) {
      const wallet = await kit.ops('GET', '/ops/members/wallet', { query: { account: m.account } });
      expect(wallet.body.value.mainBalance).toBe(10.5);
    }
    expect(await postingSum(kit)).toBe(0);
  });
});
