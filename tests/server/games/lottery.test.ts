import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrawResult } from '@shared/contract/games';
import type { LotteryTicket } from '@shared/contract/games-house';
import { runJobWindow } from '@server/jobs/scheduler';
import { drawWindow, runLotteryTick } from '@server/providers/house/lottery';
import { rollback } from '@server/services/games/seamless-wallet';
import { createGamesKit, VN_LOTTO, type GamesKit } from './games-kit';

describe('house lotteries with scheduled draws', () => {
  let kit: GamesKit;
  beforeAll(async () => {
    kit = await createGamesKit();
  });
  afterAll(async () => kit.close());

  const state = async (session: string, gameCode = 'TCG_LOTTO_VN') => {
    const res = await kit.call('GET', '/house/api/lottery/state', { query: { session, gameCode } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.value as { balance: number; current: { issueNo: string; closesAt: string } | null; recent: DrawResult[]; tickets: LotteryTicket[] };
  };
  const buy = (session: string, ticket: { issueNo: string; betType: string; pick: string; stake: number; gameCode?: string }) =>
    kit.call('POST', '/house/api/lottery/bet', { body: { session, gameCode: 'TCG_LOTTO_VN', requestId: randomUUID(), ...ticket } });
  const afterClose = (closesAt: string) => new Date(new Date(closesAt).getTime() + 1);

  /**
   * A lottery of its own for one test: drawing a draw early (the job run on a later clock) closes
   * the real current window, so tests that buy tickets each get a game whose window is untouched.
   */
  let lotteries = 0;
  const freshLottery = async (): Promise<{ gameCode: string; vassalage: string }> => {
    lotteries += 1;
    const gameCode = `TEST_LOTTO_${lotteries}`;
    await kit.t.ctx.db
      .insertInto('games')
      .values({
        vendor_code: 'TCG_SEA',
        game_code: gameCode,
        kind: 'GAME',
        game_type: 'LOTT',
        game_name: `Test Lotto ${lotteries}`,
        icon_url: '/static/games/tcg_sea/tcg_lotto_vn.svg',
        free_trial: true,
        engine: 'lottery',
        engine_config: JSON.stringify({ intervalMinutes: 1, area: 'VN', prizeMode: 'LOTT', accountTypeName: { en: 'test' } }),
        released_at: new Date(),
      })
      .execute();
    return { gameCode, vassalage: 'TCG_SEA' };
  };

  it('[API-34] [GAMES-25] the lottery menu lists the games of a prize mode, each with its accountTypeName, in the asked language', async () => {
    const member = await kit.member();
    const menu = async (prizeMode: string, language?: string) =>
      (await kit.call('GET', '/lgw/vn/games/game_menu', { token: member.token, query: { prizeMode, device: 'WEB' }, headers: language ? { language } : {} })).body.value.gameMenus;
    expect(await menu('LOTT', 'en')).toEqual([
      { gameCode: 'TCG_LOTTO_VN', gameName: 'VN Fast Lotto', accountTypeName: '1-minute draw', iconUrl: '/static/games/tcg_sea/tcg_lotto_vn.svg' },
      { gameCode: 'TCG_LOTTO_VN5', gameName: 'VN Lotto 5 Minutes', accountTypeName: '5-minute draw', iconUrl: '/static/games/tcg_sea/tcg_lotto_vn5.svg' },
    ]);
    expect((await menu('LOTT'))[0].accountTypeName).toBe('Xổ 1 phút');
    expect((await menu('SEA', 'en')).map((g: { gameCode: string }) => g.gameCode)).toEqual(['TCG_LOTTO_SEA']);
    expect((await menu('ELOTT', 'en')).map((g: { gameCode: string }) => g.gameCode)).toEqual(['TCG_ELOTT_2M', 'TCG_ELOTT_10M']);
    expect(await menu('ZY')).toEqual([]);
    expect((await kit.call('GET', '/lgw/vn/games/game_menu', { query: { prizeMode: 'LOTT' } })).status).toBe(401);
  });

  it('[CONST-02] the lottery menu takes the prize modes LOTT, ZY, ELOTT and SEA, and refuses any other', async () => {
    const member = await kit.member();
    const ask = (prizeMode: string) => kit.call('GET', '/lgw/vn/games/game_menu', { token: member.token, query: { prizeMode, device: 'WEB' } });
    for (const prizeMode of ['LOTT', 'ZY', 'ELOTT', 'SEA']) expect((await ask(prizeMode)).status, prizeMode).toBe(200);
    for (const prizeMode of ['VN', 'lott', 'KENO']) expect((await ask(prizeMode)).status, prizeMode).toBe(400);
  });

  it('[API-34] the recent lottery menu lists the lottery games the player launched, latest first', async () => {
    const member = await kit.member();
    await kit.launch(member, { gameCode: 'TCG_LOTTO_VN5', vassalage: 'TCG_SEA' });
    await kit.launch(member, VN_LOTTO);
    await kit.launch(member, { gameCode: 'TCG_ELOTT_2M', vassalage: 'TCG_SEA' });
    const recent = (await kit.call('GET', '/lgw/vn/games/game_menu/recent', { token: member.token, query: { prizeMode: 'LOTT' } })).body.value.gameMenus;
    expect(recent.map((g: { gameCode: string }) => g.gameCode)).toEqual(['TCG_LOTTO_VN', 'TCG_LOTTO_VN5']);
  });

  it('[API-35] [GAMES-26] a draw settles its tickets through the wallet: one ticket on each last digit, exactly one wins 9.7 times its stake', async () => {
    const member = await kit.member();
    await kit.credit(member.id, 20_000);
    const { session } = await kit.launch(member, VN_LOTTO);
    const open = (await state(session)).current!;
    for (let digit = 0; digit <= 9; digit += 1) {
      const res = await buy(session, { issueNo: open.issueNo, betType: 'LAST1', pick: String(digit), stake: 10 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.value.ticket).toMatchObject({ status: 'OPEN', payout: null, issueNo: open.issueNo, freePlay: false });
    }
    expect(await kit.balance(member)).toBe(100);
    const record = (await kit.call('GET', '/wps/relay/RPT_bettingRecord', { token: member.token })).body.value;
    expect(record.list).toHaveLength(10);
    expect(record.list.every((b: { status: string; vendor: string }) => b.status === 'OPEN' && b.vendor === 'TCG_SEA')).toBe(true);

    await runLotteryTick(kit.t.ctx, afterClose(open.closesAt));
    expect(await kit.balance(member)).toBe(197);
    const after = await state(session);
    const drawn = after.recent.find((d) => d.issueNo === open.issueNo)!;
    expect(drawn.numbers).toHaveLength(5);
    const lastDigit = drawn.numbers[4];
    const tickets = after.tickets.filter((k) => k.issueNo === open.issueNo);
    expect(tickets.filter((k) => k.status === 'WON')).toEqual([expect.objectContaining({ pick: lastDigit, payout: 97 })]);
    expect(tickets.filter((k) => k.status === 'LOST')).toHaveLength(9);
    const settled = (await kit.call('GET', '/wps/relay/RPT_bettingRecord', { token: member.token })).body.value.list;
    expect(settled.every((b: { status: string }) => b.status === 'SETTLED')).toBe(true);

    for (const path of ['/lgw/vn/numeros/opened/game', '/lotto/lgw/games/opened/numero']) {
      const opened = (await kit.call('GET', path, { query: { gameCode: 'TCG_LOTTO_VN', pageNo: 1, pageSize: 10 } })).body.value;
      expect(opened.list[0]).toMatchObject({ gameCode: 'TCG_LOTTO_VN', issueNo: open.issueNo, numbers: drawn.numbers });
    }
    expect((await kit.call('GET', '/lgw/vn/numeros/opened/game', { query: { gameCode: 'NOPE' } })).body.code).toBe('GAME_NOT_FOUND');
  });

  it('[API-35] opened numbers list draws newest first, paged', async () => {
    const member = await kit.member();
    const { session } = await kit.launch(member, { gameCode: 'TCG_ELOTT_2M', vassalage: 'TCG_SEA' });
    const first = (await state(session, 'TCG_ELOTT_2M')).current!;
    const game = { intervalMinutes: 2 };
    const base = new Date(first.closesAt);
    // Three more draws, each opened and then drawn by the job on the clock of its window.
    for (let i = 0; i < 3; i += 1) await runLotteryTick(kit.t.ctx, new Date(base.getTime() + i * 120_000 + 1));
    await runLotteryTick(kit.t.ctx, new Date(base.getTime() + 3 * 120_000 + 1));
    const page1 = (await kit.call('GET', '/lgw/vn/numeros/opened/game', { query: { gameCode: 'TCG_ELOTT_2M', pageSize: 2 } })).body.value;
    const page2 = (await kit.call('GET', '/lgw/vn/numeros/opened/game', { query: { gameCode: 'TCG_ELOTT_2M', pageSize: 2, pageNo: 2 } })).body.value;
    const issues = [...page1.list, ...page2.list].map((d: DrawResult) => d.issueNo);
    expect(issues).toEqual([3, 2, 1, 0].map((i) => drawWindow(game.intervalMinutes, new Date(base.getTime() - 1 + i * 120_000)).issueNo));
    expect(page1.totalPages).toBe(2);
  });

  it('[GAMES-26] a ticket for a draw that is not the open one is refused, and bad picks are refused', async () => {
    const member = await kit.member();
    await kit.credit(member.id, 5_000);
    const lotto = await freshLottery();
    const { session } = await kit.launch(member, lotto);
    const open = (await state(session, lotto.gameCode)).current!;
    const late = await buy(session, { gameCode: lotto.gameCode, issueNo: '20200101-0001', betType: 'LAST2', pick: '42', stake: 5 });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('DRAW_CLOSED');
    expect((await buy(session, { gameCode: lotto.gameCode, issueNo: open.issueNo, betType: 'LAST2', pick: '7', stake: 5 })).body.code).toBe('VALIDATION');
    expect((await buy(session, { gameCode: lotto.gameCode, issueNo: open.issueNo, betType: 'BIG_SMALL', pick: 'HUGE', stake: 5 })).body.code).toBe('VALIDATION');
    expect((await buy(session, { gameCode: 'TCG_ELOTT_2M', issueNo: open.issueNo, betType: 'LAST2', pick: '42', stake: 5 })).body.code).toBe('GAME_NOT_FOUND');
    expect(await kit.balance(member)).toBe(50);
  });

  it('[GAMES-26] a retried ticket purchase returns the first ticket and buys nothing more, also once its draw has closed', async () => {
    const member = await kit.member();
    await kit.credit(member.id, 5_000);
    const lotto = await freshLottery();
    const { session } = await kit.launch(member, lotto);
    const open = (await state(session, lotto.gameCode)).current!;
    const ticket = { gameCode: lotto.gameCode, issueNo: open.issueNo, betType: 'LAST2', pick: '42', stake: 5, requestId: randomUUID() };
    const first = await buy(session, ticket);
    expect(first.status).toBe(200);
    expect((await buy(session, ticket)).body.value.ticket).toEqual(first.body.value.ticket);
    expect((await buy(session, { ...ticket, pick: '43' })).body.code).toBe('IDEMPOTENCY_CONFLICT');
    await runLotteryTick(kit.t.ctx, afterClose(open.closesAt));
    expect((await buy(session, ticket)).body.value.ticket.ticketId).toBe(first.body.value.ticket.ticketId);
    expect(await kit.t.ctx.db.selectFrom('lottery_tickets').select('id').where('member_id', '=', member.id).execute()).toHaveLength(1);
  });

  it('[GAMES-26] drawing runs once however many nodes run the job: a draw never pays twice', async () => {
    const member = await kit.member();
    await kit.credit(member.id, 10_000);
    const lotto = await freshLottery();
    const { session } = await kit.launch(member, lotto);
    const open = (await state(session, lotto.gameCode)).current!;
    for (const pick of ['BIG', 'SMALL']) await buy(session, { gameCode: lotto.gameCode, issueNo: open.issueNo, betType: 'BIG_SMALL', pick, stake: 20 });
    const at = afterClose(open.closesAt);
    const job = { name: `lottery-draws-test-${member.id}`, intervalSeconds: 5, work: (now: Date) => runLotteryTick(kit.t.ctx, now) };
    const [nodeA, nodeB] = await Promise.all([runJobWindow(kit.t.ctx, job, at), runJobWindow(kit.t.ctx, job, at), runLotteryTick(kit.t.ctx, at)]);
    expect([nodeA.ran, nodeB.ran].filter(Boolean)).toHaveLength(1);
    await runLotteryTick(kit.t.ctx, at);
    // One of the two tickets won 1.94 x 20.
    expect(await kit.balance(member)).toBe(100 - 40 + 38.8);
  });

  it('[GAMES-26] a draw pays winners whose game session expired before it', async () => {
    const member = await kit.member();
    await kit.credit(member.id, 10_000);
    const lotto = await freshLottery();
    const { session } = await kit.launch(member, lotto);
    const open = (await state(session, lotto.gameCode)).current!;
    for (const pick of ['ODD', 'EVEN']) await buy(session, { gameCode: lotto.gameCode, issueNo: open.issueNo, betType: 'ODD_EVEN', pick, stake: 50 });
    await kit.t.ctx.db.updateTable('house_sessions').set({ expires_at: new Date(Date.now() - 1_000) }).where('id', '=', session.split('.')[0]!).execute();
    await runLotteryTick(kit.t.ctx, afterClose(open.closesAt));
    expect(await kit.balance(member)).toBe(100 - 100 + 97);
  });

  it('[GAMES-26] a ticket that cannot be settled is set aside for the operators; its draw and the next ones are drawn and paid', async () => {
    const member = await kit.member();
    await kit.credit(member.id, 10_000);
    const lotto = await freshLottery();
    const { session } = await kit.launch(member, lotto);
    const open = (await state(session, lotto.gameCode)).current!;
    for (const pick of ['ODD', 'EVEN']) await buy(session, { gameCode: lotto.gameCode, issueNo: open.issueNo, betType: 'ODD_EVEN', pick, stake: 10 });
    const [poisoned, healthy] = await kit.t.ctx.db
      .selectFrom('lottery_tickets')
      .select(['id', 'bet_id'])
      .where('member_id', '=', member.id)
      .orderBy('id')
      .execute();
    // The finding: the ticket's bet rolled back behind the draw's back (the seamless API no longer lets a
    // vendor do that to a house bet), so paying it out is refused, at every tick.
    const debitId = poisoned!.bet_id!.slice('TCG_SEA:'.length);
    await rollback(kit.t.ctx, { vendor: 'TCG_SEA', transactionId: `${debitId}:rb`, betTransactionId: debitId });
    expect(await kit.balance(member)).toBe(100 - 20 + 10);

    await runLotteryTick(kit.t.ctx, afterClose(open.closesAt));
    const after = await state(session, lotto.gameCode);
    expect(after.recent.find((d) => d.issueNo === open.issueNo)?.numbers).toHaveLength(5);
    const statusOf = async (id: number) => (await kit.t.ctx.db.selectFrom('lottery_tickets').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    expect(await statusOf(poisoned!.id)).toBe('SET_ASIDE');
    expect(['WON', 'LOST']).toContain(await statusOf(healthy!.id));
    const won = (await statusOf(healthy!.id)) === 'WON';
    expect(await kit.balance(member)).toBe(100 - 20 + 10 + (won ? 19.4 : 0));
    const incidents = (await kit.ops('GET', '/ops/job-incidents')).body.value;
    expect(incidents).toContainEqual(expect.objectContaining({ job: 'lottery-draws', subject: `lottery-ticket:${poisoned!.id}`, occurrences: 1 }));

    // The ticks after it open and draw the next draws as usual, and leave the set-aside ticket alone.
    const later = new Date(new Date(open.closesAt).getTime() + 60_000 + 1);
    await runLotteryTick(kit.t.ctx, later);
    await runLotteryTick(kit.t.ctx, new Date(later.getTime() + 60_000));
    const drawn = (await state(session, lotto.gameCode)).recent.map((d) => d.issueNo);
    expect(drawn).toContain(drawWindow(1, later).issueNo);
    expect((await kit.ops('GET', '/ops/job-incidents')).body.value).toContainEqual(expect.objectContaining({ subject: `lottery-ticket:${poisoned!.id}`, occurrences: 1 }));
    // Its player still sees it as not settled.
    expect((await state(session, lotto.gameCode)).tickets.find((k) => k.ticketId === String(poisoned!.id))?.status).toBe('OPEN');
  });

  it('[API-15] free-play tickets are paid to the demo balance and never reach the wallet', async () => {
    const member = await kit.member();
    await kit.credit(member.id, 1_000);
    const lotto = await freshLottery();
    const { session, freePlay } = await kit.launch(member, lotto, { freePlay: true });
    expect(freePlay).toBe(true);
    const open = (await state(session, lotto.gameCode)).current!;
    for (let digit = 0; digit <= 9; digit += 1) await buy(session, { gameCode: lotto.gameCode, issueNo: open.issueNo, betType: 'LAST1', pick: String(digit), stake: 100 });
    expect((await state(session, lotto.gameCode)).balance).toBe(1000);
    await runLotteryTick(kit.t.ctx, afterClose(open.closesAt));
    const after = await state(session, lotto.gameCode);
    expect(after.balance).toBe(1970);
    expect(after.tickets.every((k) => k.freePlay)).toBe(true);
    expect(await kit.balance(member)).toBe(10);
    expect(await kit.t.ctx.db.selectFrom('bets').select('id').where('member_id', '=', member.id).execute()).toEqual([]);
  });
});
