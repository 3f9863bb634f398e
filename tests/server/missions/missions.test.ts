import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { maskName } from '@server/services/games/winners';
import { memberMissions, missionLeaderboard, periodAt } from '@server/services/missions/missions';
import { TRIAL_TYPE } from '@shared/contract/socket';
import { addMission, claim, deposited, fundedMember, onlyNewMissions, PATHS, play, startMissionsKit, type MoneyKit } from './missions-kit';

const ZONE = 'Asia/Ho_Chi_Minh'; // UTC+7, no daylight saving
/** A local time in the platform zone as an instant. */
const local = (iso: string) => new Date(`${iso}+07:00`);

describe('missions', () => {
  let kit: MoneyKit;
  beforeAll(async () => {
    kit = await startMissionsKit({ PLATFORM_TIME_ZONE: ZONE });
  });
  afterAll(async () => kit?.close());
  beforeEach(async () => onlyNewMissions(kit));

  it('[MEMBER-17] a day and a week (Monday to Sunday) are counted in the platform time zone', () => {
    const now = local('2026-11-25T00:30:00'); // a Wednesday, 17:30 UTC on the Tuesday
    expect(periodAt('DAILY', now, ZONE)).toEqual({ start: local('2026-11-25T00:00:00'), end: local('2026-11-26T00:00:00') });
    expect(periodAt('WEEKLY', now, ZONE)).toEqual({ start: local('2026-11-23T00:00:00'), end: local('2026-11-30T00:00:00') });
    expect(periodAt('WEEKLY', local('2026-11-29T23:59:59'), ZONE).start).toEqual(local('2026-11-23T00:00:00'));
    expect(periodAt('WEEKLY', local('2026-11-30T00:00:00'), ZONE).start).toEqual(local('2026-11-30T00:00:00'));
  });

  it('[MEMBER-17] progress counts only settled bets and credited deposits of the current day or week, and stops at the target', async () => {
    const daily = await addMission(kit, { period: 'DAILY', goal: 'BET_ROUNDS', target: 3 });
    const weekly = await addMission(kit, { period: 'WEEKLY', goal: 'BET_AMOUNT', target: 50 });
    const depositDaily = await addMission(kit, { period: 'DAILY', goal: 'DEPOSIT_AMOUNT', target: 100 });
    const depositWeekly = await addMission(kit, { period: 'WEEKLY', goal: 'DEPOSIT_AMOUNT', target: 1000 });
    const m = await fundedMember(kit);
    const now = local('2026-11-25T12:00:00'); // Wednesday noon
    await play(kit, m, 1, 10_00, local('2026-11-22T23:59:59')); // the Sunday before: neither
    await play(kit, m, 1, 7_00, local('2026-11-23T00:00:00')); // Monday 00:00: the week only
    await play(kit, m, 1, 5_00, local('2026-11-24T23:59:59')); // Tuesday's last second: the week only
    await play(kit, m, 2, 3_00, local('2026-11-25T00:00:00')); // Wednesday: both
    await deposited(kit, m, 80_00, local('2026-11-24T10:00:00'));
    await deposited(kit, m, 60_00, local('2026-11-25T09:00:00'));
    await deposited(kit, m, 500_00, local('2026-11-25T09:30:00'), 'PENDING');

    const byId = new Map((await memberMissions(kit.t.ctx.db, { id: m.id, type: 0 }, ZONE, now)).map((x) => [x.missionId, x]));
    expect(byId.get(daily)).toMatchObject({ progress: 2, target: 3, completed: false, claimable: false, periodEnd: local('2026-11-26T00:00:00').toISOString() });
    expect(byId.get(weekly)).toMatchObject({ progress: 18, target: 50, completed: false, periodEnd: local('2026-11-30T00:00:00').toISOString() });
    expect(byId.get(depositDaily)).toMatchObject({ progress: 60, completed: false });
    expect(byId.get(depositWeekly)).toMatchObject({ progress: 140, completed: false });

    // One more round on Wednesday's last second completes the daily mission; Thursday starts again at 0.
    await play(kit, m, 1, 40_00, local('2026-11-25T23:59:59'));
    const later = new Map((await memberMissions(kit.t.ctx.db, { id: m.id, type: 0 }, ZONE, now)).map((x) => [x.missionId, x]));
    expect(later.get(daily)).toMatchObject({ progress: 3, completed: true, claimable: true });
    expect(later.get(weekly)).toMatchObject({ progress: 50, completed: true, claimable: true }); // 58.00 counted, shown at the target
    const thursday = new Map((await memberMissions(kit.t.ctx.db, { id: m.id, type: 0 }, ZONE, local('2026-11-26T00:00:00'))).map((x) => [x.missionId, x]));
    expect(thursday.get(daily)).toMatchObject({ progress: 0, completed: false });
    expect(thursday.get(weekly)).toMatchObject({ progress: 50, completed: true });
    // The next Monday is a new week.
    const monday = new Map((await memberMissions(kit.t.ctx.db, { id: m.id, type: 0 }, ZONE, local('2026-11-30T00:00:00'))).map((x) => [x.missionId, x]));
    expect(monday.get(weekly)).toMatchObject({ progress: 0, completed: false });
  });

  it('[MEMBER-17] [API-54] a completed mission is claimed once: points reach the journal, the summary counts it, a second claim is refused', async () => {
    const id = await addMission(kit, { goal: 'BET_ROUNDS', target: 2, rewardKind: 'POINTS', reward: 30 });
    await addMission(kit, { goal: 'BET_ROUNDS', target: 50 });
    const m = await fundedMember(kit);
    expect((await kit.call('GET', PATHS.summary, { token: m.token })).body.value).toEqual({ totalMissions: 2, completedMissions: 0, claimableRewards: 0 });

    const early = await claim(kit, m, id);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('MISSION_NOT_COMPLETE');

    await play(kit, m, 2, 1_00);
    expect((await kit.call('GET', PATHS.summary, { token: m.token })).body.value).toEqual({ totalMissions: 2, completedMissions: 1, claimableRewards: 1 });
    const first = await claim(kit, m, id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.value).toEqual({ missionId: id, rewardKind: 'POINTS', reward: 30, points: 30, balance: null });
    const again = await claim(kit, m, id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('MISSION_ALREADY_CLAIMED');
    expect((await kit.call('GET', PATHS.points, { token: m.token })).body.value.points).toBe(30);

    const journal = await kit.t.ctx.db.selectFrom('points_journal').select(['kind', 'change']).where('member_id', '=', m.id).execute();
    expect(journal).toEqual([{ kind: 'MISSION', change: 30 }]);
    expect((await kit.call('GET', PATHS.summary, { token: m.token })).body.value).toEqual({ totalMissions: 2, completedMissions: 1, claimableRewards: 0 });
    const list = (await kit.call('GET', PATHS.list, { token: m.token })).body.value.list;
    expect(list.find((x: { missionId: number }) => x.missionId === id)).toMatchObject({ completed: true, claimed: true, claimable: false, progress: 2, target: 2 });
  });

  it('[MEMBER-17] a cash reward is a PROMOTION_BONUS in the main wallet', async () => {
    const id = await addMission(kit, { goal: 'BET_AMOUNT', target: 5, rewardKind: 'CASH', reward: 2.5 });
    const m = await fundedMember(kit, 100_00);
    await play(kit, m, 1, 5_00);
    const res = await claim(kit, m, id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value).toEqual({ missionId: id, rewardKind: 'CASH', reward: 2.5, points: null, balance: 97.5 });
    const entries = await kit.t.ctx.db
      .selectFrom('mission_claims')
      .innerJoin('ledger_transactions', 'ledger_transactions.id', 'mission_claims.transaction_id')
      .select('ledger_transactions.entry_type')
      .where('mission_claims.member_id', '=', m.id)
      .execute();
    expect(entries).toEqual([{ entry_type: 'PROMOTION_BONUS' }]);
  });

  it('[MEMBER-17] refusals change nothing: a trial account, an unknown or inactive mission', async () => {
    const id = await addMission(kit, { goal: 'BET_ROUNDS', target: 1 });
    const trial = await kit.member(TRIAL_TYPE);
    const trialClaim = await claim(kit, trial, id);
    expect(trialClaim.status).toBe(403);
    expect(trialClaim.body.code).toBe('TRIAL_ACCOUNT');
    // A trial account sees the missions, and nothing is claimable for it.
    expect((await kit.call('GET', PATHS.summary, { token: trial.token })).body.value).toMatchObject({ totalMissions: 1, claimableRewards: 0 });

    const m = await fundedMember(kit);
    await play(kit, m, 1, 1_00);
    expect((await claim(kit, m, 999_999)).body.code).toBe('NOT_FOUND');
    const off = await addMission(kit, { goal: 'BET_ROUNDS', target: 1, active: false });
    expect((await claim(kit, m, off)).status).toBe(404);
    expect(await kit.t.ctx.db.selectFrom('mission_claims').select('id').where('member_id', 'in', [m.id, trial.id]).execute()).toEqual([]);
    expect((await kit.call('GET', PATHS.summary)).status).toBe(401);
  });

  it("[API-55] the leaderboard ranks this week's claims, masks names, and gives the caller its own place", async () => {
    // Only this test's claims: another test's claimant could share a masked name with one of these members.
    await kit.t.ctx.db.deleteFrom('mission_claims').execute();
    const ids = await Promise.all([1, 2, 3].map((n) => addMission(kit, { title: `Board ${n}`, goal: 'BET_ROUNDS', target: 1, period: 'WEEKLY' })));
    const [a, b, c] = [await fundedMember(kit), await fundedMember(kit), await fundedMember(kit)];
    for (const m of [a, b, c]) await play(kit, m, 1, 1_00);
    for (const id of ids) expect((await claim(kit, b, id)).status).toBe(200); // b: 3
    expect((await claim(kit, a, ids[0]!)).status).toBe(200); // a: 1, before c
    for (const id of ids.slice(0, 2)) expect((await claim(kit, c, id)).status).toBe(200); // c: 2
    // A claim of last week counts nothing this week.
    await kit.t.ctx.db
      .insertInto('mission_claims')
      .values({ mission_id: ids[0]!, member_id: a.id, period_start: new Date(Date.now() - 14 * 86_400_000), reward_kind: 'POINTS', reward: 1, claimed_at: new Date(Date.now() - 8 * 86_400_000) })
      .execute();

    const board = await kit.call('GET', PATHS.leaderboard, { token: c.token, query: { limitNum: 100 } });
    expect(board.status).toBe(200);
    const mine = board.body.value.list.filter((r: { customerName: string }) => [a, b, c].some((m) => maskName(m.account) === r.customerName));
    expect(mine.map((r: { customerName: string; score: number }) => [r.customerName, r.score])).toEqual([
      [maskName(b.account), 3],
      [maskName(c.account), 2],
      [maskName(a.account), 1],
    ]);
    for (const r of board.body.value.list) expect(r.customerName).toMatch(/^.{1,2}\*\*\*.?$/);
    const ranks = board.body.value.list.map((r: { rank: number }) => r.rank);
    expect(ranks).toEqual(ranks.map((_: number, i: number) => i + 1));
    const cRow = board.body.value.list.find((r: { customerName: string }) => r.customerName === maskName(c.account));
    expect(board.body.value.self).toEqual({ rank: cRow.rank, score: 2 });

    // Signed out: no own place. Past the limit: the caller's place still comes back.
    expect((await kit.call('GET', PATHS.leaderboard)).body.value.self).toBeNull();
    const top1 = await missionLeaderboard(kit.t.ctx.db, { limit: 1, selfId: a.id, timeZone: ZONE });
    expect(top1.list).toHaveLength(1);
    expect(top1.self).toMatchObject({ score: 1 });
    expect(top1.self!.rank).toBeGreaterThan(1);
  });

  it('[MEMBER-17] only operators list and save missions; bad targets and rewards are refused', async () => {
    const m = await kit.member();
    expect((await kit.call('GET', PATHS.opsMissions, { token: m.token })).status).toBe(401);
    expect((await kit.call('GET', PATHS.opsMissions)).status).toBe(401);
    const body = { title: 'X', period: 'DAILY', goal: 'BET_ROUNDS', target: 2, rewardKind: 'POINTS', reward: 10 };
    expect((await kit.call('POST', PATHS.opsMissions, { token: m.token, body })).status).toBe(401);
    expect((await kit.ops('POST', PATHS.opsMissions, { body: { ...body, target: 1.5 } })).status).toBe(400);
    expect((await kit.ops('POST', PATHS.opsMissions, { body: { ...body, reward: 10.5 } })).status).toBe(400);
    expect((await kit.ops('POST', PATHS.opsMissions, { body: { ...body, missionId: 999_999 } })).status).toBe(404);
    // Amounts below a cent would be stored as 0: the contract fuzzer's counterexample, refused like any bad amount.
    expect((await kit.ops('POST', PATHS.opsMissions, { body: { ...body, goal: 'BET_AMOUNT', target: 5e-324 } })).status).toBe(400);
    expect((await kit.ops('POST', PATHS.opsMissions, { body: { ...body, rewardKind: 'CASH', reward: 0.001 } })).status).toBe(400);

    const id = await addMission(kit, { goal: 'DEPOSIT_AMOUNT', target: 150.5, rewardKind: 'CASH', reward: 3.25 });
    const edited = await kit.ops('POST', PATHS.opsMissions, { body: { ...body, missionId: id, title: 'Edited', active: false } });
    expect(edited.status).toBe(200);
    const list = (await kit.ops('GET', PATHS.opsMissions)).body.value.list;
    expect(list.find((x: { missionId: number }) => x.missionId === id)).toMatchObject({ title: 'Edited', goal: 'BET_ROUNDS', target: 2, reward: 10, active: false, claims: 0 });
    const audit = await kit.t.ctx.db.selectFrom('audit_log').select('action').where('action', 'like', 'missions.%').execute();
    expect(audit.map((r) => r.action)).toEqual(expect.arrayContaining(['missions.mission.create', 'missions.mission.update']));
  });
});
