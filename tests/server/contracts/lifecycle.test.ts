import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractsEndpoints as api, type ContractOffer } from '@shared/contract/contracts';
import { expireDueContracts } from '@server/services/contracts/lifecycle';
import type { TestApp } from '../../helpers/test-app';
import { MONEY_OPERATOR_PASSWORD } from '../../helpers/money-kit';
import { addMember, AGENT, caller, eventsOf, giveContract, lastEventId, PLAYER, REALTIME, startContractsApp, type TreeMember } from './contracts-kit';
import { operatorCode } from '../../helpers/operator-code';

const TTL_MS = 72 * 3_600_000;

/**
 * The contract flows over HTTP (AGENT-14..20, API-44..48): offers, answers with A, R and C,
 * termination both ways, withdrawal, expiry, the cascade of AGENT-19, and what each party is told.
 * Every test builds its own branch: top (a top-level agent) → sub (agent) → leaf (player), and
 * member (a player) directly under top.
 */
describe('contract lifecycle', () => {
  let t: TestApp;
  let ops: (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => Promise<{ status: number; body: any }>;

  beforeAll(async () => {
    t = await startContractsApp({ OPERATOR_PASSWORD: MONEY_OPERATOR_PASSWORD });
    const login = await t.app.inject({ method: 'POST', url: '/ops/session', payload: { username: 'operator', password: MONEY_OPERATOR_PASSWORD, code: await operatorCode() } });
    const token = login.json().value.token as string;
    ops = async (method, url, body) => {
      const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { payload: body as object }) });
      return { status: res.statusCode, body: res.json() };
    };
  });
  afterAll(async () => t?.close());

  const branch = async () => {
    const top = await addMember(t.ctx, { type: AGENT });
    const sub = await addMember(t.ctx, { type: AGENT, uplineId: top.id });
    const leaf = await addMember(t.ctx, { type: PLAYER, uplineId: sub.id });
    const member = await addMember(t.ctx, { type: PLAYER, uplineId: top.id });
    return { top, sub, leaf, member };
  };
  const offer = (from: TreeMember, to: TreeMember, terms: ContractOffer) =>
    caller(t, from).call('POST', api.agentContractOffer.path, { body: { ...terms, memberId: to.id } });
  const answer = (who: TreeMember, kind: 'realtimeSalary' | 'dailySalary' | 'hourlySalary' | 'dividend', contractId: string, status: 'A' | 'R' | 'C') =>
    caller(t, who).call('POST', `/wps/relay/ACS_${kind}ContractProcessing`, { body: { contractId, status } });
  const statusOf = async (id: string | number) =>
    t.ctx.db.selectFrom('contracts').select(['status', 'end_reason', 'ended_at', 'termination_requested_by']).where('id', '=', Number(id)).executeTakeFirstOrThrow();
  const messagesOf = async (memberId: number) =>
    (await t.ctx.db.selectFrom('messages').select(['template', 'params']).where('member_id', '=', memberId).orderBy('id').execute()).map((m) => m.template);

  it('[AGENT-18] [AGENT-20] [API-47] [API-48] [AGENT-24] the platform offers a top-level agent a contract; the agent finds it in the processing call and accepts it', async () => {
    const { top } = await branch();
    const before = await lastEventId(t.ctx);
    const offered = await ops('POST', api.opsContractOffer.path, { ...REALTIME, account: top.account });
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    expect(offered.body.value).toMatchObject({ kind: 'REALTIME', status: 'requested', payer: 'PLATFORM', uplineAccount: null, downlineAccount: top.account, action: null });
    expect(offered.body.value).toMatchObject({ profitRate: 0.5, lossRate: 1, singleBetAmount: 1 });
    const answerBy = new Date(offered.body.value.answerBy).getTime() - new Date(offered.body.value.requestedAt).getTime();
    expect(answerBy).toBe(TTL_MS);

    const pending = await caller(t, top).call('GET', api.realtimeSalaryContractProcessing.path);
    expect(pending.body.value).toEqual([expect.objectContaining({ contractId: offered.body.value.contractId, action: 'NEW' })]);
    const info = await caller(t, top).call('GET', api.consolidatedContractInfo.path);
    expect(info.body.value).toMatchObject({ realtimesalreqtype: 1, divtypereq: 0, dailysalreqtype: 0, contracthoursalreq: 0 });
    expect(await eventsOf(t.ctx, top.id, 'contract:changed', before)).toEqual([
      expect.objectContaining({ contract: expect.objectContaining({ contractId: offered.body.value.contractId, status: 'requested', action: 'NEW' }) }),
    ]);
    expect(await messagesOf(top.id)).toEqual(['contract.offered']);

    const accepted = await answer(top, 'realtimeSalary', offered.body.value.contractId, 'A');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.value).toMatchObject({ status: 'valid', action: null, endReason: null });
    expect(accepted.body.value.validFrom).not.toBeNull();
    expect((await caller(t, top).call('GET', api.realtimeSalaryContractProcessing.path)).body.value).toEqual([]);
    const after = await caller(t, top).call('GET', api.consolidatedContractInfo.path);
    expect(after.body.value).toMatchObject({ realtimesalreqtype: 0, contracts: [expect.objectContaining({ kind: 'REALTIME', status: 'valid' })] });
    expect(await messagesOf(top.id)).toEqual(['contract.offered', 'contract.accepted']);
  });

  it('[AGENT-06] the consolidated info shows each contract menu entry by the configurable condition behind its marker', async () => {
    const { top, member } = await branch();
    const menu = async (who: TreeMember) => (await caller(t, who).call('GET', api.consolidatedContractInfo.path)).body.value.menu;
    expect(await menu(top)).toEqual({ enableCt: false, salary: false, hourSalary: false, agentRealtimeSalary: false });
    await giveContract(t.ctx, null, top, REALTIME);
    expect(await menu(top)).toEqual({ enableCt: false, salary: false, hourSalary: false, agentRealtimeSalary: true });

    const set = await ops('PUT', api.opsSetContractSettings.path, { menu: { enableCt: 'ALWAYS', salary: 'HIDDEN', hourSalary: 'WITH_CONTRACT', agentRealtimeSalary: 'HIDDEN' } });
    expect(set.status).toBe(200);
    try {
      expect(await menu(top)).toEqual({ enableCt: true, salary: false, hourSalary: false, agentRealtimeSalary: false });
      // A member who is not an agent has no agent menu.
      expect(await menu(member)).toEqual({ enableCt: false, salary: false, hourSalary: false, agentRealtimeSalary: false });
      const audit = await t.ctx.db.selectFrom('audit_log').select('action').where('action', '=', 'contracts.settings').execute();
      expect(audit.length).toBeGreaterThan(0);
    } finally {
      await ops('PUT', api.opsSetContractSettings.path, { menu: { enableCt: 'WITH_CONTRACT', salary: 'WITH_CONTRACT', hourSalary: 'WITH_CONTRACT', agentRealtimeSalary: 'WITH_CONTRACT' } });
    }
  });

  it('[AGENT-18] the platform offers only top-level agents; an agent with an upline, a player or an unknown account is refused', async () => {
    const { sub, member } = await branch();
    expect((await ops('POST', api.opsContractOffer.path, { ...REALTIME, account: sub.account })).body.code).toBe('INVALID_STATE');
    expect((await ops('POST', api.opsContractOffer.path, { ...REALTIME, account: member.account })).body.code).toBe('INVALID_STATE');
    expect((await ops('POST', api.opsContractOffer.path, { ...REALTIME, account: 'nobody-here' })).status).toBe(404);
  });

  it('[AGENT-19] [AGENT-23] an agent offers a direct member at most what it holds: above its rates, below its single bet, or a kind it lacks is CONTRACT_LIMIT', async () => {
    const { top, sub, leaf, member } = await branch();
    await giveContract(t.ctx, null, top, REALTIME);
    for (const terms of [
      { ...REALTIME, profitRate: 0.51 },
      { ...REALTIME, lossRate: 1.01 },
      { ...REALTIME, singleBetAmount: 0.99 },
      { kind: 'DAILY', tiers: [{ dailyBetAmount: 1, rate: 0.01 }] } as ContractOffer,
    ]) {
      const res = await offer(top, sub, terms);
      expect(res.status, JSON.stringify(terms)).toBe(409);
      expect(res.body.code).toBe('CONTRACT_LIMIT');
    }
    // A member two levels down, and one outside the downline, are refused alike as not direct members.
    expect((await offer(top, leaf, REALTIME)).status).toBe(403);
    const stranger = await addMember(t.ctx, { type: PLAYER });
    const outside = await offer(top, stranger, REALTIME);
    const missing = await caller(t, top).call('POST', api.agentContractOffer.path, { body: { ...REALTIME, memberId: 2_000_000_000 } });
    expect([outside.status, outside.body]).toEqual([missing.status, missing.body]);
    expect(outside.body.code).toBe('FORBIDDEN');
    // A plain member gets only a real-time salary agreement.
    expect((await offer(top, member, { kind: 'DAILY', tiers: [{ dailyBetAmount: 1, rate: 0.01 }] })).body.code).toBe('INVALID_STATE');
    expect((await offer(top, sub, REALTIME)).status).toBe(200);
    expect((await offer(top, sub, REALTIME)).body.code).toBe('INVALID_STATE');
    expect(await t.ctx.db.selectFrom('contracts').select('id').where('holder_id', '=', sub.id).execute()).toHaveLength(1);
  });

  it('[AGENT-18] the holder rejects an offer; both parties are told', async () => {
    const { top, member } = await branch();
    await giveContract(t.ctx, null, top, REALTIME);
    const offered = await offer(top, member, { ...REALTIME, profitRate: 0.2 });
    const before = await lastEventId(t.ctx);
    const rejected = await answer(member, 'realtimeSalary', offered.body.value.contractId, 'R');
    expect(rejected.body.value).toMatchObject({ status: 'rejected', endReason: 'REJECTED' });
    expect((await messagesOf(member.id)).at(-1)).toBe('contract.rejected');
    expect((await messagesOf(top.id)).at(-1)).toBe('contract.rejected');
    expect(await eventsOf(t.ctx, top.id, 'contract:changed', before)).toEqual([
      expect.objectContaining({ contract: expect.objectContaining({ status: 'rejected', action: null, endReason: 'REJECTED' }) }),
    ]);
    expect((await answer(member, 'realtimeSalary', offered.body.value.contractId, 'A')).body.code).toBe('INVALID_STATE');
  });

  it('[AGENT-18] an answer to a contract that is not the caller\'s, of another kind, or unknown, is 403 alike; a wrong letter is 409 and changes nothing', async () => {
    const { top, sub, member } = await branch();
    await giveContract(t.ctx, null, top, REALTIME);
    const offered = await offer(top, sub, REALTIME);
    const id = offered.body.value.contractId as string;
    const notMine = await answer(member, 'realtimeSalary', id, 'A');
    const wrongKind = await answer(sub, 'dailySalary', id, 'A');
    const unknown = await answer(sub, 'realtimeSalary', '2000000000', 'A');
    for (const res of [notMine, wrongKind, unknown]) expect([res.status, res.body]).toEqual([notMine.status, notMine.body]);
    expect(notMine.status).toBe(403);
    expect((await answer(sub, 'realtimeSalary', id, 'C')).body.code).toBe('INVALID_STATE');
    expect((await answer(top, 'realtimeSalary', id, 'A')).body.code).toBe('INVALID_STATE');
    expect((await statusOf(id)).status).toBe('REQUESTED');
  });

  it('[AGENT-18] the offerer withdraws its own pending offer with C', async () => {
    const { top, member } = await branch();
    await giveContract(t.ctx, null, top, REALTIME);
    const offered = await offer(top, member, REALTIME);
    const withdrawn = await answer(top, 'realtimeSalary', offered.body.value.contractId, 'C');
    expect(withdrawn.body.value).toMatchObject({ status: 'terminated', endReason: 'WITHDRAWN' });
    expect((await messagesOf(member.id)).at(-1)).toBe('contract.withdrawn');
    expect((await caller(t, member).call('GET', api.realtimeSalaryContractProcessing.path)).body.value).toEqual([]);
  });

  it('[AGENT-18] either party asks to end a valid contract, the other refuses (R) or confirms (C)', async () => {
    const { top, member } = await branch();
    await giveContract(t.ctx, null, top, REALTIME);
    const id = String(await giveContract(t.ctx, top, member, REALTIME));

    const asked = await answer(member, 'realtimeSalary', id, 'C');
    expect(asked.body.value).toMatchObject({ status: 'terminationRequested', terminationRequestedBy: 'DOWNLINE', action: null });
    expect((await messagesOf(top.id)).at(-1)).toBe('contract.terminationRequested');
    const waiting = await caller(t, top).call('GET', api.realtimeSalaryContractProcessing.path);
    expect(waiting.body.value).toEqual([expect.objectContaining({ contractId: id, action: 'TERMINATE' })]);
    expect((await caller(t, top).call('GET', api.consolidatedContractInfo.path)).body.value.realtimesalreqtype).toBe(1);
    expect((await answer(member, 'realtimeSalary', id, 'C')).body.code).toBe('INVALID_STATE');

    const refused = await answer(top, 'realtimeSalary', id, 'R');
    expect(refused.body.value).toMatchObject({ status: 'valid', terminationRequestedBy: null });
    expect((await messagesOf(member.id)).at(-1)).toBe('contract.terminationRefused');

    expect((await answer(top, 'realtimeSalary', id, 'C')).body.value).toMatchObject({ status: 'terminationRequested', terminationRequestedBy: 'UPLINE' });
    expect((await caller(t, member).call('GET', api.realtimeSalaryContractProcessing.path)).body.value).toEqual([expect.objectContaining({ action: 'TERMINATE' })]);
    const ended = await answer(member, 'realtimeSalary', id, 'C');
    expect(ended.body.value).toMatchObject({ status: 'terminated', endReason: 'AGREED' });
    expect(ended.body.value.endedAt).not.toBeNull();
  });

  it('[AGENT-18] an answer names the status it is for: a C meant to confirm an end, after the end was refused elsewhere, is refused and asks for nothing', async () => {
    const { top, member } = await branch();
    await giveContract(t.ctx, null, top, REALTIME);
    const id = String(await giveContract(t.ctx, top, member, REALTIME));
    expect((await answer(top, 'realtimeSalary', id, 'C')).body.value).toMatchObject({ status: 'terminationRequested' });
    // The member refuses on one device while its popup on another still shows the request.
    expect((await answer(member, 'realtimeSalary', id, 'R')).body.value).toMatchObject({ status: 'valid' });
    const stale = await caller(t, member).call('POST', api.realtimeSalaryContractAnswer.path, { body: { contractId: id, status: 'C', answering: 'terminationRequested' } });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('INVALID_STATE');
    expect(await statusOf(id)).toMatchObject({ status: 'VALID', termination_requested_by: null });
    // Meant for the contract in force, the same letter asks to end it.
    const asked = await caller(t, member).call('POST', api.realtimeSalaryContractAnswer.path, { body: { contractId: id, status: 'C', answering: 'valid' } });
    expect(asked.body.value).toMatchObject({ status: 'terminationRequested', terminationRequestedBy: 'DOWNLINE' });
  });

  it('[AGENT-19] accepting a contract with lower rates ends the downline contracts it no longer covers, down the tree, with a message to both sides', async () => {
    const { top, sub, leaf, member } = await branch();
    await giveContract(t.ctx, null, top, REALTIME);
    const subContract = await giveContract(t.ctx, top, sub, { ...REALTIME, profitRate: 0.4 });
    const leafContract = await giveContract(t.ctx, sub, leaf, { ...REALTIME, profitRate: 0.3 });
    const memberContract = await giveContract(t.ctx, top, member, { ...REALTIME, profitRate: 0.1, lossRate: 0.1 });

    const lower = await ops('POST', api.opsContractOffer.path, { ...REALTIME, profitRate: 0.2, account: top.account });
    // The offer alone changes nothing below: only the holder's agreement does (AGENT-19 "after the user agrees").
    expect((await statusOf(subContract)).status).toBe('VALID');
    const before = await lastEventId(t.ctx);
    const accepted = await answer(top, 'realtimeSalary', lower.body.value.contractId, 'A');
    expect(accepted.status).toBe(200);

    expect(await statusOf(subContract)).toMatchObject({ status: 'TERMINATED', end_reason: 'UPLINE_RATE_LOWERED' });
    expect(await statusOf(leafContract)).toMatchObject({ status: 'TERMINATED', end_reason: 'UPLINE_CONTRACT_ENDED' });
    expect((await statusOf(memberContract)).status).toBe('VALID');
    const replaced = await t.ctx.db.selectFrom('contracts').select(['status', 'end_reason']).where('holder_id', '=', top.id).where('status', '=', 'TERMINATED').execute();
    expect(replaced).toEqual([{ status: 'TERMINATED', end_reason: 'REPLACED' }]);
    for (const who of [sub, leaf]) expect((await messagesOf(who.id)).at(-1)).toBe('contract.endedByUpline');
    expect((await messagesOf(top.id)).slice(-2)).toContain('contract.endedByUpline');
    expect(await eventsOf(t.ctx, leaf.id, 'contract:changed', before)).toEqual([
      expect.objectContaining({ contract: expect.objectContaining({ status: 'terminated', endReason: 'UPLINE_CONTRACT_ENDED' }) }),
    ]);
  });

  it('[AGENT-19] a termination of the upline\'s own contract ends what it gave of that kind', async () => {
    const { top, member } = await branch();
    const topContract = await giveContract(t.ctx, null, top, REALTIME);
    const memberContract = await giveContract(t.ctx, top, member, REALTIME);
    const asked = await ops('POST', api.opsContractAnswer.path, { contractId: String(topContract), status: 'C' });
    expect(asked.body.value).toMatchObject({ status: 'terminationRequested', terminationRequestedBy: 'UPLINE' });
    expect((await caller(t, top).call('GET', api.realtimeSalaryContractProcessing.path)).body.value).toEqual([expect.objectContaining({ action: 'TERMINATE' })]);
    expect((await answer(top, 'realtimeSalary', String(topContract), 'C')).body.value.status).toBe('terminated');
    expect(await statusOf(memberContract)).toMatchObject({ status: 'TERMINATED', end_reason: 'UPLINE_CONTRACT_ENDED' });
    const audit = await t.ctx.db.selectFrom('audit_log').select('action').where('action', '=', 'contract.answer.C').where('actor_kind', '=', 'operator').execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('[AGENT-18] an unanswered offer expires, and an unanswered termination request takes effect, at the deadline', async () => {
    const { top, sub, member } = await branch();
    const start = new Date();
    await giveContract(t.ctx, null, top, REALTIME, start);
    const offered = await offer(top, member, REALTIME);
    const given = await giveContract(t.ctx, top, sub, REALTIME);
    await answer(top, 'realtimeSalary', String(given), 'C');

    // Past the deadline but before the job: the answer is refused and nothing changes.
    await t.ctx.db.updateTable('contracts').set({ answer_by: new Date(Date.now() - 1000) }).where('id', '=', Number(offered.body.value.contractId)).execute();
    expect((await answer(member, 'realtimeSalary', offered.body.value.contractId, 'A')).body.code).toBe('INVALID_STATE');
    expect((await statusOf(offered.body.value.contractId)).status).toBe('REQUESTED');
    expect((await caller(t, member).call('GET', api.realtimeSalaryContractProcessing.path)).body.value).toEqual([]);

    await expireDueContracts(t.ctx, new Date(Date.now() + TTL_MS + 1000));
    expect(await statusOf(offered.body.value.contractId)).toMatchObject({ status: 'EXPIRED', end_reason: 'OFFER_EXPIRED' });
    const ended = await statusOf(given);
    expect(ended).toMatchObject({ status: 'TERMINATED', end_reason: 'TERMINATION_UNANSWERED' });
    // It ends at the deadline, not when the job happened to run.
    const deadline = await t.ctx.db.selectFrom('audit_log').select('created_at').where('action', '=', 'contract.answer.C').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(Math.abs(new Date(ended.ended_at!).getTime() - (new Date(deadline.created_at).getTime() + TTL_MS))).toBeLessThan(5_000);
    expect((await messagesOf(member.id)).at(-1)).toBe('contract.expired');
  });

  it('[AGENT-14] [AGENT-15] [AGENT-16] [AGENT-17] each kind is offered with its fields; tiers must rise with rates that never fall', async () => {
    const { top, sub } = await branch();
    const dividend: ContractOffer = {
      kind: 'DIVIDEND',
      period: 'H',
      tiers: [
        { periodValidBet: 100, periodProfitLoss: 10, activeMemberCount: 1, rate: 5 },
        { periodValidBet: 1000, periodProfitLoss: 100, activeMemberCount: 3, rate: 8.25 },
      ],
    };
    const daily: ContractOffer = { kind: 'DAILY', tiers: [{ dailyBetAmount: 10, rate: 0.3 }, { dailyBetAmount: 100, rate: 0.6 }] };
    const hourly: ContractOffer = { kind: 'HOURLY', tiers: [{ hourlyBetAmount: 5, rate: 0.1 }], activeMemberCount: 3 };
    for (const terms of [dividend, daily, hourly]) {
      const res = await ops('POST', api.opsContractOffer.path, { ...terms, account: top.account });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.value).toMatchObject(terms);
    }
    const falling = await ops('POST', api.opsContractOffer.path, {
      kind: 'DAILY',
      account: sub.account,
      tiers: [{ dailyBetAmount: 10, rate: 0.6 }, { dailyBetAmount: 100, rate: 0.3 }],
    });
    expect([falling.status, falling.body.code]).toEqual([400, 'VALIDATION']);
    const flat = await ops('POST', api.opsContractOffer.path, { kind: 'DAILY', account: sub.account, tiers: [{ dailyBetAmount: 10, rate: 0.3 }, { dailyBetAmount: 10, rate: 0.4 }] });
    expect([flat.status, flat.body.code]).toEqual([400, 'VALIDATION']);
    // A dividend offered below must keep the upline's period.
    await answer(top, 'dividend', (await caller(t, top).call('GET', api.dividendContractProcessing.path)).body.value[0].contractId, 'A');
    expect((await offer(top, sub, { ...dividend, period: 'M' } as ContractOffer)).body.code).toBe('CONTRACT_LIMIT');
    expect((await offer(top, sub, { ...dividend, tiers: [{ periodValidBet: 100, periodProfitLoss: 10, activeMemberCount: 1, rate: 5 }] } as ContractOffer)).status).toBe(200);
  });
});
