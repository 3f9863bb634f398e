import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HouseRound } from '@shared/contract/games-house';
import { fairFloats } from '@server/providers/house/fairness';
import { runLotteryTick } from '@server/providers/house/lottery';
import type { Member } from '../../helpers/money-kit';
import { createGamesKit, CRASH, DICE, SLOT, VN_LOTTO, type GamesKit } from './games-kit';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('provably fair outcomes', () => {
  let kit: GamesKit;
  let player: Member;
  beforeAll(async () => {
    kit = await createGamesKit();
    player = await kit.member();
    await kit.credit(player.id, 500_000);
  });
  afterAll(async () => kit.close());

  const verify = (body: object) => kit.call('POST', '/house/api/fairness/verify', { body });

  const playSome = async (session: string, params: Record<string, unknown>, n: number): Promise<HouseRound[]> => {
    const rounds: HouseRound[] = [];
    for (let i = 0; i < n; i += 1) {
      const res = await kit.play(session, 2, params);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      rounds.push(res.body.value);
    }
    return rounds;
  };

  it('[GAMES-22] the revealed server seed matches the hash published before play and reproduces every round', async () => {
    const slot = await kit.launch(player, SLOT);
    const published = (await kit.call('GET', '/house/api/session', { query: { session: slot.session } })).body.value.fairness;
    const rounds = [
      ...(await playSome(slot.session, { engine: 'slot' }, 5)),
      ...(await playSome((await kit.launch(player, DICE)).session, { engine: 'dice', target: 33.33, direction: 'OVER' }, 5)),
      ...(await playSome((await kit.launch(player, CRASH)).session, { engine: 'crash', cashOut: 2.5 }, 5)),
    ];
    // One seed pair per player and mode: the nonces run on across the games.
    expect(rounds.map((r) => r.fairness.nonce)).toEqual(Array.from({ length: 15 }, (_, i) => published.nonce + i));
    expect(rounds.every((r) => r.fairness.serverSeedHash === published.serverSeedHash && r.fairness.serverSeed === null)).toBe(true);

    const rotated = await kit.call('POST', '/house/api/fairness/rotate', { body: { session: slot.session } });
    const { revealed, current } = rotated.body.value;
    expect(sha256(revealed.serverSeed)).toBe(published.serverSeedHash);
    expect(revealed).toMatchObject({ serverSeedHash: published.serverSeedHash, clientSeed: published.clientSeed, rounds: published.nonce + 15 });
    expect(current.serverSeedHash).not.toBe(published.serverSeedHash);
    expect(current.nonce).toBe(0);

    for (const round of rounds) {
      const res = await verify({ engine: round.outcome.engine, serverSeed: revealed.serverSeed, clientSeed: round.fairness.clientSeed, nonce: round.fairness.nonce });
      expect(res.body.value.serverSeedHash).toBe(published.serverSeedHash);
      const result = res.body.value.result;
      if (round.outcome.engine === 'slot') expect(result).toEqual({ engine: 'slot', stops: round.outcome.stops, grid: round.outcome.grid });
      if (round.outcome.engine === 'dice') expect(result).toEqual({ engine: 'dice', roll: round.outcome.roll });
      if (round.outcome.engine === 'crash') expect(result).toEqual({ engine: 'crash', crashPoint: round.outcome.crashPoint });
    }
    // Once revealed, the round history carries the seed itself.
    const history = (await kit.call('GET', '/house/api/rounds', { query: { session: slot.session } })).body.value.list as HouseRound[];
    expect(history.map((r) => r.fairness.serverSeed)).toEqual(Array(5).fill(revealed.serverSeed));
  });

  it('[GAMES-22] tampering is detected: another seed fails the published hash, another nonce or client seed gives another outcome', async () => {
    const { session } = await kit.launch(player, DICE);
    const published = (await kit.call('GET', '/house/api/session', { query: { session } })).body.value.fairness;
    const [round] = await playSome(session, { engine: 'dice', target: 50, direction: 'UNDER' }, 1);
    const { revealed } = (await kit.call('POST', '/house/api/fairness/rotate', { body: { session } })).body.value;
    const honest = (await verify({ engine: 'dice', serverSeed: revealed.serverSeed, clientSeed: published.clientSeed, nonce: round!.fairness.nonce })).body.value;
    expect(honest).toEqual({ serverSeedHash: published.serverSeedHash, result: { engine: 'dice', roll: round!.outcome.engine === 'dice' ? round!.outcome.roll : -1 } });

    const forgedSeed = `${revealed.serverSeed.slice(0, -1)}${revealed.serverSeed.endsWith('0') ? '1' : '0'}`;
    const forged = (await verify({ engine: 'dice', serverSeed: forgedSeed, clientSeed: published.clientSeed, nonce: round!.fairness.nonce })).body.value;
    expect(forged.serverSeedHash).not.toBe(published.serverSeedHash);
    const rolls = new Set<number>();
    for (const nonce of [0, 1, 2, 3, 4, 5]) {
      rolls.add((await verify({ engine: 'dice', serverSeed: revealed.serverSeed, clientSeed: published.clientSeed, nonce })).body.value.result.roll);
    }
    expect(rolls.size).toBeGreaterThan(4);
    const otherClient = (await verify({ engine: 'dice', serverSeed: revealed.serverSeed, clientSeed: 'someone-else', nonce: round!.fairness.nonce })).body.value.result;
    expect(otherClient).not.toEqual(honest.result);
    const malformed = await verify({ engine: 'dice', serverSeed: 'xyz', clientSeed: 'a', nonce: 0 });
    expect(malformed.status).toBe(400);
  });

  it('[GAMES-22] the player chooses the client seed of the next pair, and free play keeps a pair of its own', async () => {
    const { session } = await kit.launch(player, SLOT);
    const rotated = (await kit.call('POST', '/house/api/fairness/rotate', { body: { session, clientSeed: 'my-lucky-seed' } })).body.value;
    expect(rotated.current).toMatchObject({ clientSeed: 'my-lucky-seed', nonce: 0 });
    const [round] = await playSome(session, { engine: 'slot' }, 1);
    expect(round!.fairness).toMatchObject({ clientSeed: 'my-lucky-seed', nonce: 0, serverSeedHash: rotated.current.serverSeedHash });
    const bad = await kit.call('POST', '/house/api/fairness/rotate', { body: { session, clientSeed: 'has space' } });
    expect(bad.status).toBe(400);

    const demo = await kit.launch(player, SLOT, { freePlay: true });
    const demoFairness = (await kit.call('GET', '/house/api/session', { query: { session: demo.session } })).body.value.fairness;
    expect(demoFairness.serverSeedHash).not.toBe(rotated.current.serverSeedHash);
  });

  it('[GAMES-26] a lottery draw publishes its seed hash when it opens and is reproducible from the seed it reveals', async () => {
    const { session } = await kit.launch(player, VN_LOTTO);
    const state = (await kit.call('GET', '/house/api/lottery/state', { query: { session, gameCode: 'TCG_LOTTO_VN' } })).body.value;
    const open = state.current;
    expect(open.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    await runLotteryTick(kit.t.ctx, new Date(new Date(open.closesAt).getTime() + 1));
    const drawn = (await kit.call('GET', '/lotto/lgw/games/opened/numero', { query: { gameCode: 'TCG_LOTTO_VN' } })).body.value.list.find(
      (d: { issueNo: string }) => d.issueNo === open.issueNo,
    );
    expect(drawn.serverSeedHash).toBe(open.serverSeedHash);
    expect(sha256(drawn.serverSeed)).toBe(open.serverSeedHash);
    const res = (await verify({ engine: 'lottery', serverSeed: drawn.serverSeed, gameCode: 'TCG_LOTTO_VN', issueNo: open.issueNo })).body.value;
    expect(res).toEqual({ serverSeedHash: open.serverSeedHash, result: { engine: 'lottery', numbers: drawn.numbers } });
    const expectedDigits = fairFloats(drawn.serverSeed, `TCG_LOTTO_VN:${open.issueNo}`, 5).map((f) => String(Math.floor(f * 10)));
    expect(drawn.numbers).toEqual(expectedDigits);
  });
});
