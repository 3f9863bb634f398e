import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COCKFIGHT_VENDORS, ESPORTS_VENDORS, FOOTER_VENDORS, GAME_CLASSIFIES, LOTTERY_VENDOR, VENDOR_CATEGORIES, type GameCard } from '@shared/contract/games';
import { TRIAL_TYPE } from '@shared/contract/socket';
import { debit, credit } from '@server/services/games/seamless-wallet';
import { jackpotAt } from '@server/services/games/jackpot';
import { writeSetting } from '@server/services/system/site-settings';
import type { Member } from '../../helpers/money-kit';
import { createTestApp } from '../../helpers/test-app';
import { createGamesKit, DICE, SLOT, type GamesKit } from './games-kit';

const LIST = '/wps/relay/GLS_gameList';

describe('game catalogue and lobby calls', () => {
  let kit: GamesKit;
  let player: Member;
  beforeAll(async () => {
    kit = await createGamesKit();
    player = await kit.member();
  });
  afterAll(async () => kit.close());

  const list = async (query: Record<string, string | number>) => {
    const res = await kit.call<{ games: GameCard[]; totalPages: number }>('GET', LIST, { query });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.value;
  };

  it('[GAMES-01] [GAMES-17] the demo catalogue holds several hundred games in every vendor category, each card with every field', async () => {
    const all = await list({ pageSize: 100 });
    const pages = await Promise.all(Array.from({ length: all.totalPages }, (_, i) => list({ pageSize: 100, pageNo: i + 1 })));
    const games = pages.flatMap((p) => p.games);
    expect(games.length).toBeGreaterThanOrEqual(300);
    expect(new Set(games.map((g) => g.nodeId)).size).toBe(games.length);
    for (const category of VENDOR_CATEGORIES) expect(games.some((g) => g.gameType === category), category).toBe(true);
    for (const game of games) {
      expect(Object.keys(game).sort()).toEqual(['gameClassify', 'gameCode', 'gameName', 'gameType', 'iconUrl', 'isGame', 'isHot', 'lottoArea', 'nodeId', 'supportPlay', 'vassalage']);
      expect(game.iconUrl).toMatch(/^\/static\//);
    }
  });

  it('[GAMES-13] [GAMES-18] every game tile, vendor card and vendor logo the catalogue names exists as a generated image', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((pageNo) => list({ pageSize: 100, pageNo })));
    const lanes = (await kit.call('GET', '/wps/relay/GLS_vendorList')).body.value.data.lanes as { vendors: { lagerIcon: string; vassalage: string }[] }[];
    const urls = [
      ...pages.flatMap((p) => p.games.map((g) => g.iconUrl)),
      ...lanes.flatMap((l) => l.vendors.map((v) => v.lagerIcon)),
      ...lanes.flatMap((l) => l.vendors.map((v) => `/static/vendors/${v.vassalage.toLowerCase()}.svg`)),
    ];
    for (const url of new Set(urls)) {
      const file = path.join('public', url);
      expect(fs.existsSync(file), url).toBe(true);
      expect(fs.readFileSync(file, 'utf8')).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    }
  });

  it('[API-37] [GAMES-06] [GAMES-11] pages default to pageNo 1 and pageSize 42; the lobby asks for 18 and pages on with the same filters', async () => {
    const first = await list({ gameType: 'RNG' });
    expect(first.games).toHaveLength(42);
    const lobby = await list({ gameType: 'RNG', pageSize: 18 });
    expect(lobby.games).toHaveLength(18);
    expect(lobby.games).toEqual(first.games.slice(0, 18));
    const second = await list({ gameType: 'RNG', pageSize: 18, pageNo: 2 });
    expect(second.games).toEqual(first.games.slice(18, 36));
    const everything = await list({ gameType: 'RNG', pageSize: 100 });
    const total = (await Promise.all(Array.from({ length: everything.totalPages }, (_, i) => list({ gameType: 'RNG', pageSize: 100, pageNo: i + 1 })))).flatMap((p) => p.games).length;
    expect(first.totalPages).toBe(Math.ceil(total / 42));
    expect(lobby.totalPages).toBe(Math.ceil(total / 18));
    const beyond = await list({ gameType: 'RNG', pageSize: 18, pageNo: lobby.totalPages + 1 });
    expect(beyond).toEqual({ games: [], totalPages: lobby.totalPages });
  });

  it('[GAMES-05] a name search is trimmed and matches any part of the name, whatever the case', async () => {
    const padded = await list({ gameName: '  nEoN fRuIt  ' });
    expect(padded.games.map((g) => g.gameName)).toEqual(['Neon Fruits']);
    const part = await list({ gameName: 'lucky', pageSize: 100 });
    expect(part.games.length).toBeGreaterThan(1);
    for (const g of part.games) expect(g.gameName.toLowerCase()).toContain('lucky');
    expect(await list({ gameName: '100%_' })).toEqual({ games: [], totalPages: 0 });
    const control = await kit.call('GET', LIST, { query: { gameName: 'neon\u0000' } });
    expect(control.status).toBe(400);
    expect(control.body.code).toBe('VALIDATION');
  });

  it('[API-37] [GAMES-09] [GAMES-10] filters by vendor and by each sub-type (SC, VP, JP, TG, AC, BG)', async () => {
    const pg = await list({ gameType: 'RNG', vassalage: 'PG', pageSize: 100 });
    expect(pg.games.length).toBeGreaterThan(0);
    expect(pg.games.every((g) => g.vassalage === 'PG' && g.gameType === 'RNG')).toBe(true);
    for (const classify of GAME_CLASSIFIES) {
      const sub = await list({ gameType: 'RNG', gameClassify: classify, pageSize: 100 });
      expect(sub.games.length, classify).toBeGreaterThan(0);
      expect(sub.games.every((g) => g.gameClassify === classify)).toBe(true);
    }
  });

  it('[GAMES-08] the NEW list shows the newest games first and the HOT list only hot ones', async () => {
    const fresh = await list({ listType: 'NEW', pageSize: 10 });
    expect(fresh.games[0]).toMatchObject({ gameCode: 'HOUSE_DICE' });
    const hot = await list({ listType: 'HOT', pageSize: 100 });
    expect(hot.games.length).toBeGreaterThan(10);
    expect(hot.games.every((g) => g.isHot === 1)).toBe(true);
  });

  it('[API-38] [GAMES-14] hot games are the isHot = 1 cards, optionally of one game type', async () => {
    const { list: hot } = (await kit.call('GET', '/wps/relay/GLS_hotGames', { query: { isPlatform: 2, platform: 'flash,html5-desktop' } })).body.value;
    expect(hot.length).toBeGreaterThanOrEqual(12);
    expect(hot.every((g: GameCard) => g.isHot === 1)).toBe(true);
    const rng = (await kit.call('GET', '/wps/relay/GLS_hotGames', { query: { gameType: 'RNG' } })).body.value.list as GameCard[];
    expect(rng.every((g) => g.gameType === 'RNG')).toBe(true);
  });

  it('[GAMES-20] a lotto card names its area (VN or SEA) so the client opens its lottery page; other cards have none', async () => {
    const lotteries = await list({ vassalage: LOTTERY_VENDOR, pageSize: 100 });
    const areaOf = Object.fromEntries(lotteries.games.map((g) => [g.gameCode, g.lottoArea]));
    expect(areaOf).toMatchObject({ TCG_LOTTO_VN: 'VN', TCG_LOTTO_VN5: 'VN', TCG_LOTTO_SEA: 'SEA', TCG_ELOTT_2M: null, TCG_ELOTT_10M: null });
    const slots = await list({ gameType: 'RNG', pageSize: 50 });
    expect(slots.games.every((g) => g.lottoArea === null)).toBe(true);
    const hot = (await kit.call('GET', '/wps/relay/GLS_hotGames', { query: { vassalage: LOTTERY_VENDOR } })).body.value.list as GameCard[];
    expect(hot.find((g) => g.gameCode === 'TCG_LOTTO_VN')).toMatchObject({ lottoArea: 'VN' });
  });

  it('[API-32] [GAMES-18] [GAMES-28] game menus list the categories with one card per vendor; e-sports and cockfight vendors come inside SPORTS', async () => {
    const res = await kit.call('GET', '/lgw/games/game_menus', { query: { language: 'en' } });
    expect(res.status).toBe(200);
    const menus = res.body.value as { gameCategory: string; title: string; gameClassify: string; cards: GameCard[] }[];
    expect(menus.map((m) => m.gameCategory)).toEqual(['LIVE', 'RNG', 'FISH', 'PVP', 'SPORTS', 'BINGO', 'LOTT', 'ELOTT']);
    const rng = menus.find((m) => m.gameCategory === 'RNG')!;
    expect(rng.title).toBe('Slots');
    expect(rng.gameClassify.split(',')).toEqual([...GAME_CLASSIFIES]);
    expect(rng.cards.map((c) => c.vassalage)).toEqual(expect.arrayContaining(['HOUSE', ...FOOTER_VENDORS]));
    expect(rng.cards.every((c) => c.isGame === 'VASSALAGE')).toBe(true);
    const sports = menus.find((m) => m.gameCategory === 'SPORTS')!;
    expect(sports.cards.map((c) => c.vassalage)).toEqual(expect.arrayContaining([...ESPORTS_VENDORS, ...COCKFIGHT_VENDORS, 'SABA']));
    expect(sports.cards.find((c) => c.vassalage === 'AV')).toMatchObject({ gameType: 'ESPORTS', isGame: 'GAME' });
    expect(menus.find((m) => m.gameCategory === 'LOTT')!.cards).toEqual([expect.objectContaining({ vassalage: LOTTERY_VENDOR, isGame: 'GAME' })]);
  });

  it('[API-39] [LOBBY-02] the game types are the vendor categories in lobby order, titled in the asked language', async () => {
    const en = (await kit.call('GET', '/wps/relay/GLS_gameType', { query: { language: 'en' } })).body.value;
    expect(en.map((t: { gameType: string }) => t.gameType)).toEqual([...VENDOR_CATEGORIES]);
    expect(en[0]).toEqual({ gameType: 'LIVE', displayName: 'Live Casino' });
    const ty = (await kit.call('GET', '/wps/relay/GLS_gameType', { headers: { language: 'ty' } })).body.value;
    expect(ty[0]).toEqual({ gameType: 'LIVE', displayName: 'Sòng bài trực tiếp' });
  });

  it('[API-40] [GAMES-28] [GAMES-29] vendor lanes group vendors per game type, with the e-sports and cockfight codes in their own lanes, per language', async () => {
    const res = await kit.call('GET', '/wps/relay/GLS_vendorList', { query: { platform: 'html5-desktop', language: 'en' } });
    const lanes = res.body.value.data.lanes as { gameType: string; vendors: { vassalage: string; displayName: string; lagerIcon: string; gameType: string; maintenance: boolean }[] }[];
    const codes = (gameType: string) => lanes.find((l) => l.gameType === gameType)?.vendors.map((v) => v.vassalage);
    expect(codes('ESPORTS')).toEqual([...ESPORTS_VENDORS]);
    expect(codes('COCKFIGHT')).toEqual([...COCKFIGHT_VENDORS]);
    expect(codes('RNG')).toEqual(expect.arrayContaining([...FOOTER_VENDORS]));
    expect(codes('LOTT')).toEqual([LOTTERY_VENDOR]);
    expect(lanes.find((l) => l.gameType === 'RNG')!.vendors[0]).toMatchObject({ gameType: 'RNG', maintenance: false, lagerIcon: expect.stringMatching(/^\/static\/games\/lobby\//) });
  });

  it('[API-42] [GAMES-31] [GAMES-32] [GAMES-33] favourites: add (twice keeps one), list the ids, remove', async () => {
    const member = await kit.member();
    const [a, b] = (await list({ gameType: 'RNG', pageSize: 2 })).games;
    const add = (g: GameCard) => kit.call('POST', '/wps/relay/GLS_favorites', { token: member.token, body: { nodeId: g.nodeId, vendor: g.vassalage, gameType: g.gameType } });
    expect((await add(a!)).body.value).toEqual({ nodeIds: [a!.nodeId] });
    await add(b!);
    expect((await add(a!)).body.value.nodeIds).toEqual([a!.nodeId, b!.nodeId]);
    expect((await kit.call('GET', '/wps/relay/GLS_favorites', { token: member.token })).body.value).toEqual({ nodeIds: [a!.nodeId, b!.nodeId] });
    const removed = await kit.call('DELETE', '/wps/relay/GLS_favorites', { token: member.token, query: { nodeId: a!.nodeId, vendor: a!.vassalage, gameType: a!.gameType } });
    expect(removed.body.value).toEqual({ nodeIds: [b!.nodeId] });
  });

  it('[API-41] [GAMES-37] the favourite list pages with pageSize 999 by default and filters by game type', async () => {
    const member = await kit.member();
    const rng = (await list({ gameType: 'RNG', pageSize: 3 })).games;
    const live = (await list({ gameType: 'LIVE', pageSize: 1 })).games;
    for (const g of [...rng, ...live]) {
      await kit.call('POST', '/wps/relay/GLS_favorites', { token: member.token, body: { nodeId: g.nodeId, vendor: g.vassalage, gameType: g.gameType } });
    }
    const all = (await kit.call('GET', '/wps/relay/GLS_favoriteList', { token: member.token })).body.value;
    expect(all).toMatchObject({ pageNum: 1, totalPages: 1 });
    expect(all.content.map((g: GameCard) => g.nodeId)).toEqual([...rng, ...live].map((g) => g.nodeId).reverse());
    const onlyRng = (await kit.call('GET', '/wps/relay/GLS_favoriteList', { token: member.token, query: { gameType: 'RNG', pageSize: 2, pageNo: 2 } })).body.value;
    expect(onlyRng).toMatchObject({ pageNum: 2, totalPages: 2 });
    expect(onlyRng.content).toHaveLength(1);
  });

  it('[GAMES-36] [GAMES-34] a trial account may not add or remove favourites, and a guest is asked to sign in', async () => {
    const trial = await kit.member(TRIAL_TYPE);
    const [game] = (await list({ pageSize: 1 })).games;
    const ref = { nodeId: game!.nodeId, vendor: game!.vassalage, gameType: game!.gameType };
    const added = await kit.call('POST', '/wps/relay/GLS_favorites', { token: trial.token, body: ref });
    expect(added.status).toBe(403);
    expect(added.body.code).toBe('TRIAL_ACCOUNT');
    const removed = await kit.call('DELETE', '/wps/relay/GLS_favorites', { token: trial.token, query: ref });
    expect(removed.body.code).toBe('TRIAL_ACCOUNT');
    expect((await kit.call('GET', '/wps/relay/GLS_favorites', { token: trial.token })).body.value).toEqual({ nodeIds: [] });
    const guest = await kit.call('POST', '/wps/relay/GLS_favorites', { body: ref });
    expect(guest.status).toBe(401);
  });

  it('[API-42] a favourite naming an unknown game or the wrong vendor is refused', async () => {
    const [game] = (await list({ pageSize: 1 })).games;
    const wrongVendor = await kit.call('POST', '/wps/relay/GLS_favorites', { token: player.token, body: { nodeId: game!.nodeId, vendor: 'NOPE', gameType: 'RNG' } });
    expect(wrongVendor.status).toBe(404);
    expect(wrongVendor.body.code).toBe('GAME_NOT_FOUND');
  });

  it('[API-43] [GAMES-38] recent games are recorded at launch, latest first, and filter by game type', async () => {
    const member = await kit.member();
    expect((await kit.call('GET', '/wps/relay/GLS_recentGames', { token: member.token })).body.value).toEqual({ list: [], totalPages: 0 });
    await kit.launch(member, SLOT);
    await kit.launch(member, DICE);
    await kit.launch(member, { gameCode: 'TCG_LOTTO_VN', vassalage: 'TCG_SEA' });
    await kit.launch(member, SLOT);
    const recent = (await kit.call('GET', '/wps/relay/GLS_recentGames', { token: member.token, query: { page: 1, pageSize: 12, clientType: 3 } })).body.value;
    expect(recent.list.map((g: GameCard) => g.gameCode)).toEqual(['HOUSE_NEON_FRUITS', 'TCG_LOTTO_VN', 'HOUSE_DICE']);
    const lott = (await kit.call('GET', '/wps/relay/GLS_recentGames', { token: member.token, query: { gameType: 'LOTT' } })).body.value;
    expect(lott.list.map((g: GameCard) => g.gameCode)).toEqual(['TCG_LOTTO_VN']);
    expect((await kit.call('GET', '/wps/relay/GLS_recentGames')).status).toBe(401);
  });

  it('[CONST-03] [API-37] [API-41] [API-43] the game list, favourite list and recent games accept the web client (clientType 3, platform WEB) or no identity at all', async () => {
    const member = await kit.member();
    const calls: { path: string; query: Record<string, string | number> }[] = [
      { path: LIST, query: { clientType: 3, platform: 'WEB', pageSize: 1 } },
      { path: LIST, query: { pageSize: 1 } },
      { path: '/wps/relay/GLS_favoriteList', query: { clientType: 3, platform: 'WEB' } },
      { path: '/wps/relay/GLS_favoriteList', query: {} },
      { path: '/wps/relay/GLS_recentGames', query: { clientType: 3 } },
      { path: '/wps/relay/GLS_recentGames', query: {} },
    ];
    for (const { path, query } of calls) {
      const res = await kit.call('GET', path, { token: member.token, query });
      expect(res.status, `${path} ${JSON.stringify(query)}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });

  it('[CONST-03] another clientType or platform is refused with a 400 naming the field and the expected value', async () => {
    const member = await kit.member();
    const refused: { path: string; query: Record<string, string | number>; field: string; expected: string }[] = [
      { path: LIST, query: { clientType: 2 }, field: 'clientType', expected: 'must be 3' },
      { path: LIST, query: { clientType: 'web' }, field: 'clientType', expected: 'must be 3' },
      { path: LIST, query: { platform: 'W' }, field: 'platform', expected: 'must be WEB' },
      { path: LIST, query: { clientType: 3, platform: 'html5-desktop' }, field: 'platform', expected: 'must be WEB' },
      { path: '/wps/relay/GLS_favoriteList', query: { clientType: 1 }, field: 'clientType', expected: 'must be 3' },
      { path: '/wps/relay/GLS_favoriteList', query: { platform: 'ANDROID' }, field: 'platform', expected: 'must be WEB' },
      { path: '/wps/relay/GLS_recentGames', query: { clientType: 4 }, field: 'clientType', expected: 'must be 3' },
    ];
    for (const { path, query, field, expected } of refused) {
      const res = await kit.call('GET', path, { token: member.token, query });
      const label = `${path} ${JSON.stringify(query)}: ${JSON.stringify(res.body)}`;
      expect(res.status, label).toBe(400);
      expect(res.body.code, label).toBe('VALIDATION');
      expect(res.body.message, label).toContain(`${field} ${expected}`);
    }
  });

  it('[API-50] [LOBBY-16] [LOBBY-19] the winner board lists real wins, largest first, at most limitNum, with masked names', async () => {
    const winners = await Promise.all([kit.member(), kit.member(), kit.member()]);
    const wins = [12_345, 98_700, 50_000, 700];
    for (const [i, payout] of wins.entries()) {
      const member = winners[i % winners.length]!;
      await kit.credit(member.id, 1_000);
      const bet = `board-${member.id}-${i}`;
      await debit(kit.t.ctx, { vendor: 'HOUSE', transactionId: bet, memberId: member.id, gameType: 'RNG', gameCode: 'HOUSE_STAR_GEMS', gameName: 'Star Gems', amount: 500 });
      await credit(kit.t.ctx, { vendor: 'HOUSE', transactionId: `${bet}:payout`, betTransactionId: bet, amount: payout });
    }
    // A loss is not a win.
    await kit.credit(winners[0]!.id, 1_000);
    await debit(kit.t.ctx, { vendor: 'HOUSE', transactionId: 'board-loss', memberId: winners[0]!.id, gameType: 'RNG', gameCode: 'HOUSE_STAR_GEMS', gameName: 'Star Gems', amount: 500 });
    await credit(kit.t.ctx, { vendor: 'HOUSE', transactionId: 'board-loss:payout', betTransactionId: 'board-loss', amount: 0 });

    const board = (await kit.call('GET', '/wps/relay/GLS_winnerRankList', { query: { gameCategory: 'ALL', language: 'en', limitNum: 20 } })).body.value.list;
    const amounts = board.map((r: { vo: { winAmount: number } }) => r.vo.winAmount);
    expect(amounts).toEqual([987, 500, 123.45, 7]);
    expect(board[0].vo).toMatchObject({ gameName: 'Star Gems', iconUrl: '/static/games/house/house_star_gems.svg', customerName: expect.stringMatching(/^m.\*\*\*.$/) });
    expect(board[0].vo.recordId).toEqual(expect.any(String));
    const top2 = (await kit.call('GET', '/wps/relay/GLS_winnerRankList', { query: { limitNum: 2 } })).body.value.list;
    expect(top2.map((r: { vo: { winAmount: number } }) => r.vo.winAmount)).toEqual([987, 500]);
    expect((await kit.call('GET', '/wps/relay/GLS_winnerRankList', { query: { limitNum: 21 } })).status).toBe(400);
    expect((await kit.call('GET', '/wps/relay/GLS_winnerRankList', { query: { gameCategory: 'LIVE' } })).body.value.list).toEqual([]);
  });

  it('[LOBBY-14] the jackpot value comes from the time and grows by 165.11 every 3 seconds', async () => {
    const at = new Date('2026-11-23T10:00:01.500Z');
    const a = jackpotAt(at);
    const b = jackpotAt(new Date(at.getTime() + 3_000));
    expect(Math.round((b.value - a.value) * 100)).toBe(16_511);
    expect(jackpotAt(new Date(at.getTime() + 1_000)).value).toBe(a.value);
    expect(a.at).toBe('2026-11-23T10:00:00.000Z');
    const res = await kit.call('GET', '/wps/relay/GLS_jackpot');
    expect(res.body.value).toMatchObject({ increment: 165.11, intervalMs: 3000, value: expect.any(Number) });
    expect(res.body.value.value).toBeGreaterThan(0);
  });

  it('[GAMES-23] the launch host is picked from the configured launch CDNs; none configured means this server', async () => {
    const relative = await kit.launch(player, SLOT);
    expect(relative.gameUrl).toMatch(/^\/house\/play\/HOUSE_NEON_FRUITS\?session=/);
    const hosts = ['https://g1.cdn.example', 'https://g2.cdn.example/'];
    await writeSetting(kit.t.ctx.db, 'launchGameCDNs', hosts);
    const seen = new Set<string>();
    for (let i = 0; i < 30; i += 1) seen.add(new URL((await kit.launch(player, SLOT)).gameUrl).origin);
    expect([...seen].sort()).toEqual(['https://g1.cdn.example', 'https://g2.cdn.example']);
    await writeSetting(kit.t.ctx.db, 'launchGameCDNs', ['']);
  });
});

describe('a site without the demo seed', () => {
  it('[GAMES-22] still has the categories and the house games, and no external demo catalogue', async () => {
    const t = await createTestApp({ SEED_DEMO: false, LOTTERY_TICK_SECONDS: 0 });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/wps/relay/GLS_gameList?pageSize=100&language=en' });
      const vendors = new Set((res.json().value.games as GameCard[]).map((g) => g.vassalage));
      expect([...vendors].sort()).toEqual(['HOUSE', 'TCG_SEA']);
      const types = (await t.app.inject({ method: 'GET', url: '/wps/relay/GLS_gameType?language=en' })).json().value;
      expect(types.map((x: { gameType: string }) => x.gameType)).toEqual(['RNG', 'LOTT', 'ELOTT']);
    } finally {
      await t.close();
    }
  });
});
