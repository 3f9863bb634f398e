import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameCard, VendorItem } from '@shared/contract/games';
import { http } from '@shared/contract/http';
import type { OpsGame, OpsGameVendor } from '@shared/contract/operator-games';
import type { Member } from '../../helpers/money-kit';
import { createGamesKit, SLOT, type GamesKit } from '../games/games-kit';

interface Paged<T> {
  list: T[];
  pageNum: number;
  totalPages: number;
  total: number;
}

describe('operator game management', () => {
  let kit: GamesKit;
  let player: Member;
  beforeAll(async () => {
    kit = await createGamesKit();
    player = await kit.member();
  });
  afterAll(async () => kit.close());

  const games = async (query: Record<string, string | number>) => {
    const res = await kit.ops<Paged<OpsGame>>('GET', '/ops/games', { query });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return http.opsGames.response.parse(res.body.value);
  };
  const vendors = async () => {
    const res = await kit.ops<OpsGameVendor[]>('GET', '/ops/game-vendors');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return http.opsGameVendors.response.parse(res.body.value);
  };
  const updateGame = (body: object) => kit.ops<OpsGame>('POST', '/ops/games/update', { body });
  const setVendorMaintenance = (vendorCode: string, maintenance: boolean) =>
    kit.ops<OpsGameVendor>('POST', '/ops/game-vendors/maintenance', { body: { vendorCode, maintenance } });
  const launch = (game: { gameCode: string; vassalage: string }) =>
    kit.call('POST', '/wps/game/launchGame', { token: player.token, body: { ...game, freePlay: false } });
  const lanes = async () =>
    (await kit.call<{ data: { lanes: { gameType: string; vendors: VendorItem[] }[] } }>('GET', '/wps/relay/GLS_vendorList')).body.value.data.lanes;
  const hotGames = async () => (await kit.call<{ list: GameCard[] }>('GET', '/wps/relay/GLS_hotGames')).body.value.list;
  const auditRows = async (action: string) =>
    (await kit.t.ctx.db.selectFrom('audit_log').select(['actor_kind', 'action', 'detail']).where('action', '=', action).orderBy('id').execute()).map((r) => ({
      ...r,
      detail: typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail,
    }));
  const slotNode = async () => (await games({ vendorCode: SLOT.vassalage, gameName: 'Neon Fruits' })).list[0]!;

  it('[API-40] lists every vendor with its connection, maintenance and active games counted per category', async () => {
    const list = await vendors();
    const stored = await kit.t.ctx.db.selectFrom('game_vendors').select('code').execute();
    expect(list.map((v) => v.code).sort()).toEqual(stored.map((v) => v.code).sort());
    expect(list.find((v) => v.code === 'HOUSE')).toMatchObject({ displayName: 'House Originals', provider: 'HOUSE', maintenance: false, active: true });
    expect(list.some((v) => v.provider === null)).toBe(true);
    const house = list.find((v) => v.code === 'HOUSE')!;
    const houseRng = await games({ vendorCode: 'HOUSE', gameType: 'RNG', pageSize: 100 });
    expect(house.games.find((g) => g.gameType === 'RNG')?.count).toBe(houseRng.list.filter((g) => g.kind === 'GAME').length);
    const counted = list.reduce((sum, v) => sum + v.games.reduce((n, g) => n + g.count, 0), 0);
    const { n } = await kit.t.ctx.db
      .selectFrom('games')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'GAME')
      .where('active', '=', true)
      .executeTakeFirstOrThrow();
    expect(counted).toBe(Number(n));
  });

  it('lists the catalogue paged and filtered by vendor, category, trimmed case-insensitive name and maintenance', async () => {
    const all = await games({ pageSize: 100 });
    expect(all.total).toBeGreaterThanOrEqual(300);
    expect(all.list).toHaveLength(100);
    expect(all.totalPages).toBe(Math.ceil(all.total / 100));
    const second = await games({ pageSize: 100, pageNo: 2 });
    expect(second.pageNum).toBe(2);
    expect(second.list.map((g) => g.nodeId).some((id) => all.list.some((g) => g.nodeId === id))).toBe(false);

    const byName = await games({ gameName: '  nEoN fRuIt  ' });
    expect(byName.list.map((g) => [g.vendorCode, g.gameCode, g.gameName])).toContainEqual(['HOUSE', 'HOUSE_NEON_FRUITS', 'Neon Fruits']);
    for (const g of byName.list) expect(g.gameName.toLowerCase()).toContain('neon fruit');
    expect((await games({ gameName: '100%_' })).total).toBe(0);

    const house = await games({ vendorCode: 'HOUSE', gameType: 'RNG', pageSize: 100 });
    expect(house.list.length).toBeGreaterThan(0);
    for (const g of house.list) expect(g).toMatchObject({ vendorCode: 'HOUSE', gameType: 'RNG', playable: g.kind === 'GAME' });
    const external = (await vendors()).find((v) => v.provider === null && v.games.length > 0)!;
    const unconnected = await games({ vendorCode: external.code, pageSize: 100 });
    expect(unconnected.list.length).toBeGreaterThan(0);
    for (const g of unconnected.list) expect(g).toMatchObject({ vendorCode: external.code, playable: false });

    expect((await games({ maintenance: 'true' })).total).toBe(0);
    expect((await games({ maintenance: 'false' })).total).toBe(all.total);
  });

  it('[ERR-24] a game under maintenance answers GAME_MAINTENANCE to the player, and plays again once it is off', async () => {
    const slot = await slotNode();
    expect((await launch(SLOT)).status).toBe(200);

    const on = await updateGame({ nodeId: slot.nodeId, maintenance: true });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.value).toMatchObject({ nodeId: slot.nodeId, maintenance: true, vendorMaintenance: false });
    const refused = await launch(SLOT);
    expect(refused.body).toMatchObject({ success: false, code: 'GAME_MAINTENANCE' });
    expect((await games({ maintenance: 'true' })).list.map((g) => g.nodeId)).toEqual([slot.nodeId]);

    const off = await updateGame({ nodeId: slot.nodeId, maintenance: false });
    expect(off.body.value).toMatchObject({ maintenance: false });
    expect((await launch(SLOT)).status).toBe(200);
    expect((await games({ maintenance: 'true' })).total).toBe(0);

    expect((await auditRows('game.maintenance')).slice(-2)).toEqual([
      { actor_kind: 'operator', action: 'game.maintenance', detail: expect.objectContaining({ nodeId: slot.nodeId, gameCode: SLOT.gameCode, maintenance: true }) },
      { actor_kind: 'operator', action: 'game.maintenance', detail: expect.objectContaining({ nodeId: slot.nodeId, gameCode: SLOT.gameCode, maintenance: false }) },
    ]);
  });

  it('[ERR-24] [API-40] vendor maintenance shows in the vendor lanes at once and refuses launches of its games until it is off', async () => {
    const before = await lanes();
    const vendor = before.flatMap((l) => l.vendors).find((v) => !v.maintenance)!;
    const entriesOf = (all: typeof before, code: string) => all.flatMap((l) => l.vendors).filter((v) => v.vassalage === code);

    const on = await setVendorMaintenance(vendor.vassalage, true);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.value).toMatchObject({ code: vendor.vassalage, maintenance: true });
    const during = entriesOf(await lanes(), vendor.vassalage);
    expect(during.length).toBeGreaterThan(0);
    for (const entry of during) expect(entry.maintenance).toBe(true);
    expect((await vendors()).find((v) => v.code === vendor.vassalage)?.maintenance).toBe(true);

    await setVendorMaintenance(vendor.vassalage, false);
    for (const entry of entriesOf(await lanes(), vendor.vassalage)) expect(entry.maintenance).toBe(false);

    await setVendorMaintenance('HOUSE', true);
    expect((await launch(SLOT)).body).toMatchObject({ code: 'GAME_MAINTENANCE' });
    expect((await slotNode()).vendorMaintenance).toBe(true);
    await setVendorMaintenance('HOUSE', false);
    expect((await launch(SLOT)).status).toBe(200);

    expect((await auditRows('vendor.maintenance')).map((r) => r.detail)).toEqual([
      expect.objectContaining({ vendorCode: vendor.vassalage, maintenance: true }),
      expect.objectContaining({ vendorCode: vendor.vassalage, maintenance: false }),
      expect.objectContaining({ vendorCode: 'HOUSE', maintenance: true }),
      expect.objectContaining({ vendorCode: 'HOUSE', maintenance: false }),
    ]);
  });

  it('[API-38] the hot flag adds a game to the players\' hot games and takes it out again', async () => {
    const hotBefore = await hotGames();
    const cold = (await games({ gameType: 'RNG', pageSize: 100 })).list.find((g) => g.kind === 'GAME' && !g.isHot)!;
    expect(hotBefore.some((g) => g.nodeId === cold.nodeId)).toBe(false);

    const hot = await updateGame({ nodeId: cold.nodeId, isHot: true });
    expect(hot.body.value).toMatchObject({ nodeId: cold.nodeId, isHot: true });
    expect((await hotGames()).find((g) => g.nodeId === cold.nodeId)).toMatchObject({ isHot: 1 });

    await updateGame({ nodeId: cold.nodeId, isHot: false });
    expect((await hotGames()).some((g) => g.nodeId === cold.nodeId)).toBe(false);
    expect((await auditRows('game.hot')).map((r) => r.detail)).toEqual([
      expect.objectContaining({ nodeId: cold.nodeId, isHot: true }),
      expect.objectContaining({ nodeId: cold.nodeId, isHot: false }),
    ]);
  });

  it("refuses a player's token and no token on every game management call", async () => {
    const calls = [
      { method: 'GET', url: '/ops/game-vendors' },
      { method: 'POST', url: '/ops/game-vendors/maintenance', body: { vendorCode: 'HOUSE', maintenance: true } },
      { method: 'GET', url: '/ops/games' },
      { method: 'POST', url: '/ops/games/update', body: { nodeId: (await slotNode()).nodeId, maintenance: true } },
    ] as const;
    for (const call of calls) {
      for (const token of [player.token, null]) {
        const res = await kit.call(call.method, call.url, { token, ...('body' in call ? { body: call.body } : {}) });
        expect(res.status, `${call.url} ${token ? 'player' : 'anonymous'}`).toBe(401);
        expect(res.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
      }
    }
    expect((await vendors()).find((v) => v.code === 'HOUSE')?.maintenance).toBe(false);
    expect((await slotNode()).maintenance).toBe(false);
  });

  it('answers bad input with 400 and unknown games or vendors with 404, changing nothing', async () => {
    const slot = await slotNode();
    const auditCount = async () => Number((await kit.t.ctx.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await auditCount();

    for (const body of [{ nodeId: slot.nodeId }, { nodeId: slot.nodeId, maintenance: 'yes' }, { nodeId: 'x', isHot: true }, { nodeId: -1, isHot: true }]) {
      const res = await updateGame(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION' });
    }
    for (const body of [{ vendorCode: 'HOUSE' }, { vendorCode: 'HOUSE; drop', maintenance: true }, { vendorCode: 'HOUSE', maintenance: 1 }]) {
      const res = await kit.ops('POST', '/ops/game-vendors/maintenance', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const badQueries: Record<string, string | number>[] = [{ maintenance: 'maybe' }, { gameType: 'rng; x' }, { pageSize: 1000 }, { pageNo: 0 }];
    for (const query of badQueries) {
      expect((await kit.ops('GET', '/ops/games', { query })).status, JSON.stringify(query)).toBe(400);
    }

    expect((await updateGame({ nodeId: 999_999_999, maintenance: true })).body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await updateGame({ nodeId: 999_999_999, maintenance: true })).status).toBe(404);
    const unknownVendor = await setVendorMaintenance('NO_SUCH_VENDOR', true);
    expect(unknownVendor.status).toBe(404);
    expect(unknownVendor.body).toMatchObject({ code: 'NOT_FOUND' });

    expect(await auditCount()).toBe(before);
    expect(await slotNode()).toEqual(slot);
    expect((await vendors()).every((v) => !v.maintenance)).toBe(true);
  });
});
