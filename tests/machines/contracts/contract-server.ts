import type { Contract, ContractAnswer, ContractOffer, ContractParty, ContractOfKind } from '@shared/contract/contracts';

type RealtimeContract = ContractOfKind<'REALTIME'>;
import { createFakeBus, type FakeBus } from '../../helpers/fake-bus';
import { apiError } from '../support/fakes';

export const TTL_MS = 72 * 3_600_000;

/**
 * A contract server in memory for the machine tests: the lifecycle rules of docs/contracts.md for
 * one real-time agreement between `agent` and `demo`, the deadlines on the test's clock, and a bus
 * per side that hears `contract:changed` after every change, as both parties do on the real server.
 */
export const createContractServer = (clock: { now(): number }) => {
  let contract: Omit<RealtimeContract, 'action'> | null = null;
  let eventId = 0;
  const buses: Record<ContractParty, FakeBus> = { UPLINE: createFakeBus(), DOWNLINE: createFakeBus() };
  const iso = (ms: number) => new Date(ms).toISOString();

  const actionFor = (side: ContractParty): Contract['action'] => {
    if (!contract) return null;
    if (contract.status === 'requested') return side === 'DOWNLINE' ? 'NEW' : null;
    if (contract.status === 'terminationRequested') return contract.terminationRequestedBy === side ? null : 'TERMINATE';
    return null;
  };
  const viewFor = (side: ContractParty): RealtimeContract => {
    if (!contract) throw apiError('FORBIDDEN');
    return { ...contract, action: actionFor(side) };
  };
  const announce = () => {
    for (const side of ['UPLINE', 'DOWNLINE'] as const) {
      eventId += 1;
      buses[side].push('contract:changed', { contract: viewFor(side), eventId, at: iso(clock.now()) });
    }
  };
  const change = (next: Partial<RealtimeContract>) => {
    contract = { ...contract!, ...next } as Omit<RealtimeContract, 'action'>;
    announce();
  };
  const end = (status: 'rejected' | 'terminated' | 'expired', endReason: Contract['endReason'], at = clock.now()) =>
    change({ status, endReason, endedAt: iso(at), answerBy: null, terminationRequestedBy: null });

  return {
    buses,
    viewFor,
    offer: (offer: ContractOffer): RealtimeContract => {
      if (offer.kind !== 'REALTIME') throw apiError('INVALID_STATE');
      contract = {
        contractId: '1',
        kind: 'REALTIME',
        status: 'requested',
        uplineAccount: 'agent',
        downlineAccount: 'demo',
        downlineMemberId: 2,
        payer: 'UPLINE',
        requestedAt: iso(clock.now()),
        answerBy: iso(clock.now() + TTL_MS),
        terminationRequestedBy: null,
        validFrom: null,
        endedAt: null,
        endReason: null,
        profitRate: offer.profitRate,
        lossRate: offer.lossRate,
        singleBetAmount: offer.singleBetAmount,
      };
      announce();
      return viewFor('UPLINE');
    },
    /** One side's answer, as the processing call takes it. */
    answer: (side: ContractParty, letter: ContractAnswer): RealtimeContract => {
      const c = contract;
      if (!c) throw apiError('FORBIDDEN');
      if ((c.status === 'requested' || c.status === 'terminationRequested') && clock.now() >= Date.parse(c.answerBy!)) throw apiError('INVALID_STATE');
      if (c.status === 'requested' && side === 'DOWNLINE' && letter === 'A') change({ status: 'valid', validFrom: iso(clock.now()), answerBy: null });
      else if (c.status === 'requested' && side === 'DOWNLINE' && letter === 'R') end('rejected', 'REJECTED');
      else if (c.status === 'requested' && side === 'UPLINE' && letter === 'C') end('terminated', 'WITHDRAWN');
      else if (c.status === 'valid' && letter === 'C') change({ status: 'terminationRequested', terminationRequestedBy: side, answerBy: iso(clock.now() + TTL_MS) });
      else if (c.status === 'terminationRequested' && c.terminationRequestedBy !== side && letter === 'C') end('terminated', 'AGREED');
      else if (c.status === 'terminationRequested' && c.terminationRequestedBy !== side && letter === 'R') change({ status: 'valid', terminationRequestedBy: null, answerBy: null });
      else throw apiError('INVALID_STATE');
      return viewFor(side);
    },
    /** The server's expiry job: what waited past its deadline ends there. */
    expireDue: () => {
      const c = contract;
      if (!c || !c.answerBy || clock.now() < Date.parse(c.answerBy)) return;
      if (c.status === 'requested') end('expired', 'OFFER_EXPIRED', Date.parse(c.answerBy));
      else if (c.status === 'terminationRequested') end('terminated', 'TERMINATION_UNANSWERED', Date.parse(c.answerBy));
    },
  };
};

export type ContractServer = ReturnType<typeof createContractServer>;

export const AGREEMENT: ContractOffer = { kind: 'REALTIME', profitRate: 0.3, lossRate: 0.6, singleBetAmount: 1 };
