import { createActor, fromPromise, SimulatedClock, waitFor, type AnyActorRef } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Contract, ContractKind, ContractParty } from '@shared/contract/contracts';
import { contractMachine } from '@machines/contracts/contract.machine';
import type { AnswerContractInput, OfferContractInput } from '@machines/contracts/contract.types';
import { selectContract, selectContractActions, selectContractError, selectContractStep } from '@machines/contracts/contract.selectors';
import { apiError, controlledActor } from '../support/fakes';
import { AGREEMENT, createContractServer, TTL_MS, type ContractServer } from './contract-server';

const DAY = 24 * 3_600_000;

/** One side's machine, its server calls answered by the in-memory server; `now` is the simulated clock. */
const sideOf = (server: ContractServer, clock: SimulatedClock, role: ContractParty, contract: Contract | null) =>
  createActor(
    contractMachine.provide({
      actors: {
        offerContract: fromPromise<Contract, OfferContractInput>(async ({ input }) => server.offer(input.offer)),
        answerContract: fromPromise<Contract, AnswerContractInput>(async ({ input }) => server.answer(role, input.status)),
        loadContract: fromPromise<Contract, { kind: ContractKind; contractId: string }>(async () => server.viewFor(role)),
      },
    }),
    { input: { role, contract, memberId: 2, bus: server.buses[role], now: () => clock.now() }, clock },
  ).start();

const settled = (actor: AnyActorRef) => waitFor(actor, (s) => !s.hasTag('loading'));

/** The upline has offered the agreement; both sides' machines are running on one clock. */
const offered = async () => {
  const clock = new SimulatedClock();
  const server = createContractServer(clock);
  const upline = sideOf(server, clock, 'UPLINE', null);
  upline.send({ type: 'offer.submit', offer: AGREEMENT });
  await settled(upline);
  const downline = sideOf(server, clock, 'DOWNLINE', server.viewFor('DOWNLINE'));
  return { clock, server, upline, downline };
};

const view = (actor: ReturnType<typeof sideOf>) => ({ step: selectContractStep(actor.getSnapshot()), actions: selectContractActions(actor.getSnapshot()) });

describe('contract machine', () => {
  it('[AGENT-18] the upline offers; the upline waits and may withdraw, the downline may accept or reject', async () => {
    const { upline, downline } = await offered();
    expect(view(upline)).toEqual({ step: 'awaitingHolder', actions: ['withdraw'] });
    expect(view(downline)).toEqual({ step: 'awaitingMyAnswer', actions: ['accept', 'reject'] });
    expect(selectContract(upline.getSnapshot())).toMatchObject({ status: 'requested', profitRate: 0.3 });
  });

  it('[AGENT-18] the downline accepts: both sides see it in force, the upline learning it from the bus', async () => {
    const { upline, downline } = await offered();
    downline.send({ type: 'contract.accept' });
    expect(view(downline).step).toBe('submitting');
    await settled(downline);
    expect(view(downline)).toEqual({ step: 'inForce', actions: ['requestTermination'] });
    expect(view(upline)).toEqual({ step: 'inForce', actions: ['requestTermination'] });
  });

  it('[AGENT-18] the downline rejects; the upline withdraws: both end for both sides', async () => {
    const first = await offered();
    first.downline.send({ type: 'contract.reject' });
    await waitFor(first.downline, (s) => s.status === 'done');
    expect([view(first.downline).step, view(first.upline).step]).toEqual(['rejected', 'rejected']);

    const second = await offered();
    second.upline.send({ type: 'contract.withdraw' });
    await waitFor(second.upline, (s) => s.status === 'done');
    expect([view(second.upline).step, view(second.downline).step]).toEqual(['terminated', 'terminated']);
    expect(selectContract(second.downline.getSnapshot())?.endReason).toBe('WITHDRAWN');
  });

  it('[AGENT-18] an unanswered offer expires at the server\'s deadline, on simulated time', async () => {
    const { clock, upline, downline } = await offered();
    clock.increment(TTL_MS - 1);
    expect(view(downline).step).toBe('awaitingMyAnswer');
    expect(view(upline).step).toBe('awaitingHolder');
    clock.increment(1);
    expect([view(downline).step, view(upline).step]).toEqual(['expired', 'expired']);
    expect(downline.getSnapshot().status).toBe('done');
  });

  it('a deadline beyond the longest timer is still met: the wait is re-armed until it passes', () => {
    const clock = new SimulatedClock();
    const server = createContractServer(clock);
    server.offer(AGREEMENT);
    const contract = { ...server.viewFor('DOWNLINE'), answerBy: new Date(30 * DAY).toISOString() };
    const downline = sideOf(server, clock, 'DOWNLINE', contract);
    clock.increment(2 ** 31 - 1);
    expect(view(downline).step).toBe('awaitingMyAnswer');
    clock.increment(30 * DAY - (2 ** 31 - 1) - 1);
    expect(view(downline).step).toBe('awaitingMyAnswer');
    clock.increment(1);
    expect(view(downline).step).toBe('expired');
  });

  it('[AGENT-18] either side asks to end it; the asking side waits, the other confirms or refuses', async () => {
    const { upline, downline } = await offered();
    downline.send({ type: 'contract.accept' });
    await settled(downline);

    downline.send({ type: 'termination.request' });
    await settled(downline);
    expect(view(downline)).toEqual({ step: 'terminationAwaitingOtherSide', actions: [] });
    expect(view(upline)).toEqual({ step: 'terminationAwaitingMyAnswer', actions: ['confirmTermination', 'refuseTermination'] });

    upline.send({ type: 'termination.refuse' });
    await settled(upline);
    expect([view(upline).step, view(downline).step]).toEqual(['inForce', 'inForce']);

    upline.send({ type: 'termination.request' });
    await settled(upline);
    expect(view(upline).step).toBe('terminationAwaitingOtherSide');
    expect(view(downline).step).toBe('terminationAwaitingMyAnswer');
    downline.send({ type: 'termination.confirm' });
    await waitFor(downline, (s) => s.status === 'done');
    expect([view(downline).step, view(upline).step]).toEqual(['terminated', 'terminated']);
  });

  it('[AGENT-18] a termination request nobody answers takes effect at its deadline', async () => {
    const { clock, upline, downline } = await offered();
    downline.send({ type: 'contract.accept' });
    await settled(downline);
    clock.increment(5 * DAY);
    upline.send({ type: 'termination.request' });
    await settled(upline);
    clock.increment(TTL_MS - 1);
    expect(view(downline).step).toBe('terminationAwaitingMyAnswer');
    clock.increment(1);
    expect([view(upline).step, view(downline).step]).toEqual(['terminated', 'terminated']);
  });

  it('an answer the server no longer takes shows the contract as it is now, with the refusal', async () => {
    const clock = new SimulatedClock();
    const server = createContractServer(clock);
    server.offer(AGREEMENT);
    const answer = controlledActor<Contract, AnswerContractInput>();
    const ended = (endReason: Contract['endReason']): Contract => ({ ...server.viewFor('DOWNLINE'), status: 'terminated', endReason, action: null });
    const downline = createActor(
      contractMachine.provide({ actors: { answerContract: answer.logic, loadContract: fromPromise(async (): Promise<Contract> => ended('WITHDRAWN')) } }),
      { input: { role: 'DOWNLINE', contract: server.viewFor('DOWNLINE'), bus: server.buses.DOWNLINE, now: () => clock.now() }, clock },
    ).start();
    downline.send({ type: 'contract.accept' });
    // The upline's withdrawal crosses the answer: its push is the echo of a request in flight, ignored.
    server.buses.DOWNLINE.push('contract:changed', { contract: ended('WITHDRAWN'), eventId: 9, at: new Date(0).toISOString() });
    expect(view(downline).step).toBe('submitting');
    answer.reject(apiError('INVALID_STATE'));
    await waitFor(downline, (s) => s.status === 'done');
    expect(view(downline).step).toBe('terminated');
    expect(selectContractError(downline.getSnapshot())?.code).toBe('INVALID_STATE');
  });

  it('a failed answer (the network) leaves the contract where it was, with the error, and the same action can be tried again', async () => {
    const clock = new SimulatedClock();
    const server = createContractServer(clock);
    server.offer(AGREEMENT);
    const answer = controlledActor<Contract, AnswerContractInput>();
    const downline = createActor(contractMachine.provide({ actors: { answerContract: answer.logic } }), {
      input: { role: 'DOWNLINE', contract: server.viewFor('DOWNLINE'), bus: server.buses.DOWNLINE, now: () => clock.now() },
      clock,
    }).start();
    downline.send({ type: 'contract.accept' });
    answer.reject(apiError('NETWORK'));
    await settled(downline);
    expect(view(downline)).toEqual({ step: 'awaitingMyAnswer', actions: ['accept', 'reject'] });
    expect(selectContractError(downline.getSnapshot())?.code).toBe('NETWORK');
    downline.send({ type: 'contract.accept' });
    expect(selectContractError(downline.getSnapshot())).toBeNull();
    answer.resolve({ ...server.viewFor('DOWNLINE'), status: 'valid' });
    await settled(downline);
    expect(view(downline).step).toBe('inForce');
  });

  it('[AGENT-19] an offer above what the upline holds comes back to the draft with CONTRACT_LIMIT', async () => {
    const clock = new SimulatedClock();
    const server = createContractServer(clock);
    const upline = createActor(contractMachine.provide({ actors: { offerContract: fromPromise(async () => Promise.reject(apiError('CONTRACT_LIMIT'))) } }), {
      input: { role: 'UPLINE', contract: null, memberId: 2, bus: server.buses.UPLINE, now: () => clock.now() },
      clock,
    }).start();
    upline.send({ type: 'offer.submit', offer: AGREEMENT });
    await settled(upline);
    expect(view(upline)).toEqual({ step: 'drafting', actions: ['offer'] });
    expect(selectContractError(upline.getSnapshot())?.code).toBe('CONTRACT_LIMIT');
  });

  it('[AGENT-19] a contract ended by the upline\'s new terms reaches the downline as a push', async () => {
    const { server, upline, downline } = await offered();
    downline.send({ type: 'contract.accept' });
    await settled(downline);
    const ended: Contract = { ...server.viewFor('DOWNLINE'), status: 'terminated', endReason: 'UPLINE_RATE_LOWERED', action: null };
    server.buses.DOWNLINE.push('contract:changed', { contract: ended, eventId: 99, at: new Date(0).toISOString() });
    expect(view(downline).step).toBe('terminated');
    expect(selectContract(downline.getSnapshot())?.endReason).toBe('UPLINE_RATE_LOWERED');
    // A push about another contract changes nothing.
    server.buses.UPLINE.push('contract:changed', { contract: { ...ended, contractId: '2' }, eventId: 100, at: new Date(0).toISOString() });
    expect(view(upline).step).toBe('inForce');
  });
});
