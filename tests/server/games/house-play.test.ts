import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_TYPE } from '@shared/contract/socket';
import { resolveMemberSession } from '@server/auth/member-sessions';
import { createToken, hashToken } from '@server/auth/tokens';
import { signSessionToken, verifySessionToken } from '@server/providers/house/sessions';
import { changePassword } from '@server/services/auth/password-changes';
import { hashPassword } from '@server/services/auth/passwords';
import { connectRecorder, type Member } from '../../helpers/money-kit';
import { createGamesKit, CRASH, DICE, SLOT, type GamesKit } from './games-kit';

const sessionIdOf = (token: string) => token.split('.')[0]!;

describe('launching and playing house games', () => {
  let kit: GamesKit;
  let player: Member;
  beforeAll(async () => {
    kit = await createGamesKit();
    player = await kit.member();
    await kit.credit(player.id, 100_000);
  });
  afterAll(async () => kit.close());

  it('[API-33] [GAMES-22] a launch returns a signed, expiring game URL that opens the game page for the popup iframe', async () => {
    const res = await kit.call('POST', '/wps/game/launchGame', { token: player.token, body: { ...SLOT, device: 'WEB', language: 'en' } });
    expect(res.status).toBe(200);
    const { gameUrl, expiresAt, freePlay } = res.body.value;
    expect(freePlay).toBe(false);
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now() + 60 * 60_000);
    expect(gameUrl).toMatch(/^\/house\/play\/HOUSE_NEON_FRUITS\?session=[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]{43}&lang=en$/);

    const page = await kit.t.app.inject({ method: 'GET', url: gameUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.body).toContain('<script type="module" src="/house/assets/slot.js"></script>');
    expect(page.body).not.toMatch(/<script>(?!<)/);
    const asset = await kit.t.app.inject({ method: 'GET', url: '/house/assets/slot.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');
  });

  it('[API-33] the relay launch call does the same', async () => {
    const res = await kit.call('POST', '/wps/relay/GLS_launchGame', { token: player.token, body: DICE });
    expect(res.status).toBe(200);
    expect(res.body.value.gameUrl).toMatch(/^\/house\/play\/HOUSE_DICE\?session=/);
  });

  it('[GAMES-19] a guest cannot launch a game', async () => {
    const res = await kit.call('POST', '/wps/game/launchGame', { body: SLOT });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  });

  it('[ERR-24] an unconnected vendor or a game under maintenance answers GAME_MAINTENANCE; a vendor card or unknown game is not found', async () => {
    const pg = await kit.call('POST', '/wps/game/launchGame', { token: player.token, body: { gameCode: 'PG_LUCKY_BONANZA', vassalage: 'PG' } });
    expect(pg.status).toBe(503);
    expect(pg.body).toMatchObject({ code: 'GAME_MAINTENANCE', details: { reason: 'VENDOR_NOT_CONNECTED' } });
    const open = await kit.launch(player, CRASH);
    await kit.t.ctx.db.updateTable('games').set({ maintenance: true }).where('game_code', '=', CRASH.gameCode).execute();
    const crash = await kit.call('POST', '/wps/game/launchGame', { token: player.token, body: CRASH });
    expect(crash.status).toBe(503);
    expect(crash.body.code).toBe('GAME_MAINTENANCE');
    // A session already open stops taking bets too.
    expect((await kit.play(open.session, 1, { engine: 'crash', cashOut: 2 })).body.code).toBe('GAME_MAINTENANCE');
    await kit.t.ctx.db.updateTable('games').set({ maintenance: false }).where('game_code', '=', CRASH.gameCode).execute();
    const vendorCard = await kit.call('POST', '/wps/game/launchGame', { token: player.token, body: { gameCode: 'PG', vassalage: 'PG', gameType: 'RNG' } });
    expect(vendorCard.body.code).toBe('GAME_NOT_FOUND');
    const unknown = await kit.call('POST', '/wps/game/launchGame', { token: player.token, body: { gameCode: 'NOPE', vassalage: 'HOUSE' } });
    expect(unknown.status).toBe(404);
  });

  it('[GAMES-22] the game page shows the real balance, the limits, the declared RTP and the seed hash published before play', async () => {
    const { session } = await kit.launch(player, SLOT);
    const res = await kit.call('GET', '/house/api/session', { query: { session } });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({
      gameCode: 'HOUSE_NEON_FRUITS',
      vendor: 'HOUSE',
      freePlay: false,
      balance: await kit.balance(player),
      rtp: 96.01,
      limits: { minBet: 1, maxBet: 5000 },
      fairness: { serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/), nonce: expect.any(Number) },
      config: { engine: 'slot', reels: 5, rows: 3, theme: 'fruits' },
    });
    expect(res.body.value.config.lines).toHaveLength(20);
  });

  it('[GAMES-22] a real round takes the stake and pays the win through the wallet, shows in the betting record, and pushes the balance', async () => {
    const url = await kit.listen();
    const socket = await connectRecorder(url, player.token, ['balance:updated']);
    try {
      const { session } = await kit.launch(player, DICE);
      const before = await kit.balance(player);
      const res = await kit.play(session, 10, { engine: 'dice', target: 50, direction: 'UNDER' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const round = res.body.value;
      expect(round.stake).toBe(10);
      expect(round.payout).toBe(round.outcome.win ? 19.8 : 0);
      const after = await kit.balance(player);
      expect(Math.round((after - before) * 100)).toBe(Math.round((round.payout - 10) * 100));
      expect(round.balance).toBe(after);
      const pushed = await socket.next('balance:updated', (p) => p.balance === after);
      expect(pushed.entryType).toBe(round.payout > 0 ? 'PAYOUT' : 'BET');

      const record = (await kit.call('GET', '/wps/relay/RPT_bettingRecord', { token: player.token })).body.value;
      expect(record.list[0]).toMatchObject({ vendor: 'HOUSE', gameCode: 'HOUSE_DICE', gameName: 'Hi-Lo Dice', stake: 10, payout: round.payout, status: 'SETTLED' });
    } finally {
      socket.close();
    }
  });

  it('[GAMES-22] a stake above the balance is refused and changes nothing, not even the nonce', async () => {
    const poor = await kit.member();
    await kit.credit(poor.id, 500);
    const { session } = await kit.launch(poor, SLOT);
    const before = (await kit.call('GET', '/house/api/session', { query: { session } })).body.value.fairness;
    const res = await kit.play(session, 6, { engine: 'slot' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('INSUFFICIENT_BALANCE');
    expect(await kit.balance(poor)).toBe(5);
    expect((await kit.call('GET', '/house/api/session', { query: { session } })).body.value.fairness).toEqual(before);
    expect((await kit.call('GET', '/house/api/rounds', { query: { session } })).body.value).toEqual({ list: [], totalPages: 0 });
  });

  it('[GAMES-22] bad stakes and parameters are refused with clear codes', async () => {
    const { session } = await kit.launch(player, DICE);
    expect((await kit.play(session, 0.5, { engine: 'dice', target: 50, direction: 'UNDER' })).body.code).toBe('AMOUNT_OUT_OF_RANGE');
    expect((await kit.play(session, 5001, { engine: 'dice', target: 50, direction: 'UNDER' })).body.code).toBe('AMOUNT_OUT_OF_RANGE');
    expect((await kit.play(session, 1, { engine: 'slot' })).body.code).toBe('VALIDATION');
    const tooLikely = await kit.play(session, 1, { engine: 'dice', target: 99.5, direction: 'UNDER' });
    expect(tooLikely.status).toBe(400);
    expect((await kit.play(session, 1, { engine: 'dice', target: 50.123, direction: 'UNDER' })).status).toBe(400);
  });

  it('[GAMES-22] a tampered session is refused (API and page), and an expired one takes no new bets', async () => {
    const { session, gameUrl } = await kit.launch(player, SLOT);
    const [id, seconds, signature] = session.split('.') as [string, string, string];
    const forgedExpiry = `${id}.${Number(seconds) + 3600}.${signature}`;
    const otherSession = `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.${seconds}.${signature}`;
    const flipped = `${id}.${seconds}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    // A change of the last character, which may touch only base64url's unused bits, is refused too.
    const lastChar = signature.at(-1)!;
    const respelled = `${id}.${seconds}.${signature.slice(0, -1)}${String.fromCharCode(lastChar.charCodeAt(0) ^ 1)}`;
    for (const bad of [forgedExpiry, otherSession, flipped, respelled, 'not-a-session-token']) {
      const res = await kit.call('GET', '/house/api/session', { query: { session: bad } });
      expect(res.status, bad).toBe(401);
      expect(res.body.code).toBe('SIGNATURE_INVALID');
    }
    const page = await kit.t.app.inject({ method: 'GET', url: gameUrl.replace(signature, flipped.split('.')[2]!) });
    expect(page.statusCode).toBe(401);
    expect(page.body).toContain('SIGNATURE_INVALID');
    const wrongGame = await kit.t.app.inject({ method: 'GET', url: gameUrl.replace('HOUSE_NEON_FRUITS', 'HOUSE_DICE') });
    expect(wrongGame.statusCode).toBe(401);

    const expired = signSessionToken(kit.t.ctx.config.HOUSE_SESSION_SECRET, id, new Date(Date.now() - 1_000));
    const play = await kit.play(expired, 1, { engine: 'slot' });
    expect(play.status).toBe(401);
    expect(play.body.code).toBe('GAME_SESSION_EXPIRED');
    expect(() => verifySessionToken(kit.t.ctx.config.HOUSE_SESSION_SECRET, session, new Date(Number(seconds) * 1000 + 1))).toThrow(/expired/);
    expect(verifySessionToken(kit.t.ctx.config.HOUSE_SESSION_SECRET, session)).toBe(sessionIdOf(session));
  });

  it('[API-15] [GAMES-15] free play runs the same game on a demo balance and never touches the ledger', async () => {
    const member = await kit.member();
    await kit.credit(member.id, 5_000);
    const ledgerRows = async () =>
      Number(
        (
          await kit.t.ctx.db
            .selectFrom('ledger_postings')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('member_id', '=', member.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const postingsBefore = await ledgerRows();
    const { session, freePlay } = await kit.launch(member, CRASH, { freePlay: true });
    expect(freePlay).toBe(true);
    const info = (await kit.call('GET', '/house/api/session', { query: { session } })).body.value;
    expect(info).toMatchObject({ freePlay: true, balance: 2000 });
    let demo = 2000;
    for (let i = 0; i < 12; i += 1) {
      const round = (await kit.play(session, 25, { engine: 'crash', cashOut: 1.5 })).body.value;
      demo = Math.round((demo - 25 + round.payout) * 100) / 100;
      expect(round).toMatchObject({ freePlay: true, balance: demo });
    }
    expect(await ledgerRows()).toBe(postingsBefore);
    expect(await kit.balance(member)).toBe(50);
    const bets = await kit.t.ctx.db.selectFrom('bets').select('bet_id').where('member_id', '=', member.id).execute();
    expect(bets).toEqual([]);
    expect((await kit.call('GET', '/wps/relay/GLS_winnerRankList')).body.value.list.every((r: { vo: { gameName: string } }) => r.vo.gameName !== 'Rocket Crash')).toBe(true);
  });

  it('[API-15] a trial account always plays on a demo balance', async () => {
    const trial = await kit.member(TRIAL_TYPE);
    const launched = await kit.launch(trial, SLOT);
    expect(launched.freePlay).toBe(true);
    const round = await kit.play(launched.session, 5, { engine: 'slot' });
    expect(round.body.value.freePlay).toBe(true);
  });

  it('[GAMES-15] a free trial is refused for a game that offers none', async () => {
    await kit.t.ctx.db.updateTable('games').set({ free_trial: false }).where('game_code', '=', DICE.gameCode).execute();
    try {
      const res = await kit.call('POST', '/wps/game/launchGame', { token: player.token, body: { ...DICE, freePlay: true } });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FEATURE_DISABLED');
    } finally {
      await kit.t.ctx.db.updateTable('games').set({ free_trial: true }).where('game_code', '=', DICE.gameCode).execute();
    }
  });

  describe('game sessions end with the sign-in that launched them', () => {
    const slotRound = (session: string) => kit.play(session, 1, { engine: 'slot' });

    it('[GAMES-22] after logout the game launched by that session takes no more rounds; a game of another session goes on', async () => {
      const member = await kit.member();
      await kit.credit(member.id, 10_000);
      const other = createToken();
      await kit.t.ctx.db.insertInto('sessions').values({ token_hash: hashToken(other), member_id: member.id, ip: '127.0.0.1', expires_at: new Date(Date.now() + 3_600_000) }).execute();
      const launched = await kit.launch(member, SLOT);
      const elsewhere = await kit.launch({ ...member, token: other }, SLOT);
      expect((await slotRound(launched.session)).status).toBe(200);
      expect((await kit.call('DELETE', '/wps/session/logout', { token: member.token })).status).toBe(200);
      const after = await slotRound(launched.session);
      expect(after.status).toBe(401);
      expect(after.body.code).toBe('GAME_SESSION_EXPIRED');
      expect((await kit.call('GET', '/house/api/session', { query: { session: launched.session } })).body.code).toBe('GAME_SESSION_EXPIRED');
      expect((await slotRound(elsewhere.session)).status).toBe(200);
    });

    it('[GAMES-22] a revoked or expired member session ends its games too', async () => {
      for (const end of [{ revoked_at: new Date() }, { expires_at: new Date(Date.now() - 1_000) }]) {
        const member = await kit.member();
        await kit.credit(member.id, 10_000);
        const { session } = await kit.launch(member, DICE);
        await kit.t.ctx.db.updateTable('sessions').set(end).where('token_hash', '=', hashToken(member.token)).execute();
        expect((await kit.play(session, 1, { engine: 'dice', target: 50, direction: 'UNDER' })).body.code).toBe('GAME_SESSION_EXPIRED');
      }
    });

    it('[GAMES-22] a password change ends every game launched before it, even from the session that changed it; a new launch plays', async () => {
      const member = await kit.member();
      await kit.credit(member.id, 10_000);
      await kit.t.ctx.db.updateTable('members').set({ password_hash: await hashPassword('Before#change1') }).where('id', '=', member.id).execute();
      const { session } = await kit.launch(member, SLOT);
      expect((await slotRound(session)).status).toBe(200);
      const authed = (await resolveMemberSession(kit.t.ctx.db, member.token))!;
      await changePassword(kit.t.ctx, authed, { oldPassword: 'Before#change1', newPassword: 'After#change22', confirmNewPassword: 'After#change22' });
      expect((await slotRound(session)).body.code).toBe('GAME_SESSION_EXPIRED');
      const relaunched = await kit.launch(member, SLOT);
      expect((await slotRound(relaunched.session)).status).toBe(200);
    });
  });

  describe('a round is idempotent by its requestId', () => {
    it('[GAMES-22] a retried round answers the first round and plays nothing more; the same id for another stake is 409', async () => {
      const member = await kit.member();
      await kit.credit(member.id, 10_000);
      const { session } = await kit.launch(member, SLOT);
      const requestId = randomUUID();
      const first = await kit.play(session, 5, { engine: 'slot' }, requestId);
      expect(first.status).toBe(200);
      const retry = await kit.play(session, 5, { engine: 'slot' }, requestId);
      expect(retry.body.value).toEqual(first.body.value);
      expect(await kit.balance(member)).toBe(100 - 5 + first.body.value.payout);
      const other = await kit.play(session, 6, { engine: 'slot' }, requestId);
      expect(other.status).toBe(409);
      expect(other.body.code).toBe('IDEMPOTENCY_CONFLICT');
      const rounds = await kit.t.ctx.db.selectFrom('house_rounds').select('id').where('member_id', '=', member.id).execute();
      expect(rounds).toHaveLength(1);
    });

    it.runIf(Boolean(process.env.TEST_DATABASE_URL))('[GAMES-22] 15 simultaneous retries of one round play it once (PostgreSQL)', async () => {
      const member = await kit.member();
      await kit.credit(member.id, 10_000);
      const { session } = await kit.launch(member, DICE);
      const requestId = randomUUID();
      const replies = await Promise.all(Array.from({ length: 15 }, () => kit.play(session, 10, { engine: 'dice', target: 50, direction: 'UNDER' }, requestId)));
      expect(new Set(replies.map((r) => r.status))).toEqual(new Set([200]));
      expect(new Set(replies.map((r) => JSON.stringify(r.body.value))).size).toBe(1);
      const round = replies[0]!.body.value as { payout: number };
      expect(await kit.balance(member)).toBe(100 - 10 + round.payout);
      expect(await kit.t.ctx.db.selectFrom('house_rounds').select('id').where('member_id', '=', member.id).execute()).toHaveLength(1);
    });
  });
});
