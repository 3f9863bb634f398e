import { createActor, fromPromise, SimulatedClock, waitFor, type Actor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Contract, ContractKind, ContractParty } from '@shared/contract/contracts';
import { contractMachine } from '@machines/contracts/contract.machine';
import { selectContractActions, selectContractStep, type ContractStep, type ContractUiAction } from '@machines/contracts/contract.selectors';
import type { AnswerContractInput, OfferContractInput } from '@machines/contracts/contract.types';
import { contractModel, type ContractModelEvent } from '../../models/contract.model';
import { describePaths } from '../../models/describe-paths';
import { replayPath } from '../../models/path-runner';
import { contractPaths } from '../../models/paths/contract.paths';
import { AGREEMENT, createContractServer, TTL_MS, type ContractServer } from '../contracts/contract-server';

type Side = Actor<typeof contractMachine>;

/** What each side must see in each state of the model: the step and the buttons. */
const EXPECTED: Record<string, Record<ContractParty, { step: ContractStep; actions: ContractUiAction[] } | null>> = {
  drafted: { UPLINE: { step: 'drafting', actions: ['offer'] }, DOWNLINE: null },
  offered: { UPLINE: { step: 'awaitingHolder', actions: ['withdraw'] }, DOWNLINE: { step: 'awaitingMyAnswer', actions: ['accept', 'reject'] } },
  inForce: { UPLINE: { step: 'inForce', actions: ['requestTermination'] }, DOWNLINE: { step: 'inForce', actions: ['requestTermination'] } },
  endingAskedByUpline: {
    UPLINE: { step: 'terminationAwaitingOtherSide', actions: [] },
    DOWNLINE: { step: 'terminationAwaitingMyAnswer', actions: ['confirmTermination', 'refuseTermination'] },
  },
  endingAskedByDownline: {
    UPLINE: { step: 'terminationAwaitingMyAnswer', actions: ['confirmTermination', 'refuseTermination'] },
    DOWNLINE: { step: 'terminationAwaitingOtherSide', actions: [] },
  },
  rejected: { UPLINE: { step: 'rejected', actions: [] }, DOWNLINE: { step: 'rejected', actions: [] } },
  withdrawn: { UPLINE: { step: 'terminated', actions: [] }, DOWNLINE: { step: 'terminated', actions: [] } },
  expired: { UPLINE: { step: 'expired', actions: [] }, DOWNLINE: { step: 'expired', actions: [] } },
  terminated: { UPLINE: { step: 'terminated', actions: [] }, DOWNLINE: { step: 'terminated', actions: [] } },
};

/** Both sides' machines on one simulated clock, their calls answered by one in-memory server that pushes every change to both. */
const startSides = () => {
  const clock = new SimulatedClock();
  const server = createContractServer(clock);
  const sideOf = (role: ContractParty, contract: Contract | null): Side =>
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
  const sides: Partial<Record<ContractParty, Side>> = { UPLINE: sideOf('UPLINE', null) };
  const settle = async () => {
    for (const side of Object.values(sides)) await waitFor(side, (s) => !s.hasTag('loading'));
  };
  const act = async (role: ContractParty, event: Parameters<Side['send']>[0]) => {
    const side = sides[role]!;
    expect(side.getSnapshot().can(event), `${role} can ${event.type}`).toBe(true);
    side.send(event);
    await settle();
  };
  return { clock, server, sides, sideOf, settle, act } as const;
};

/** The model's events on both sides' production machines, one handler per event type. */
const performOn = (run: ReturnType<typeof startSides>): Record<ContractModelEvent['type'], () => Promise<void>> => {
  const { clock, server, sides } = run;
  return {
    'upline.offer': async () => {
      await run.act('UPLINE', { type: 'offer.submit', offer: AGREEMENT });
      // The member's side opens on the offer as the server reports it (the contract popup).
      sides.DOWNLINE = run.sideOf('DOWNLINE', server.viewFor('DOWNLINE'));
    },
    'upline.withdraw': () => run.act('UPLINE', { type: 'contract.withdraw' }),
    'downline.accept': () => run.act('DOWNLINE', { type: 'contract.accept' }),
    'downline.reject': () => run.act('DOWNLINE', { type: 'contract.reject' }),
    'upline.requestTermination': () => run.act('UPLINE', { type: 'termination.request' }),
    'downline.requestTermination': () => run.act('DOWNLINE', { type: 'termination.request' }),
    'upline.confirmTermination': () => run.act('UPLINE', { type: 'termination.confirm' }),
    'upline.refuseTermination': () => run.act('UPLINE', { type: 'termination.refuse' }),
    'downline.confirmTermination': () => run.act('DOWNLINE', { type: 'termination.confirm' }),
    'downline.refuseTermination': () => run.act('DOWNLINE', { type: 'termination.refuse' }),
    'deadline.pass': async () => {
      // Each side's own timer ends it at the deadline; the server's expiry job then tells both, who already know.
      clock.increment(TTL_MS);
      server.expireDue();
      await run.settle();
    },
  };
};

/** Both sides show what the model's state says, and hold the contract as the server has it. */
const expectState = (run: ReturnType<typeof startSides>, state: string) => {
  const { server, sides } = run;
  const expected = EXPECTED[state];
  if (!expected) throw new Error(`no expectation for the model state ${state}`);
  for (const role of ['UPLINE', 'DOWNLINE'] as const) {
    const side = sides[role];
    const seen = side ? { step: selectContractStep(side.getSnapshot()), actions: selectContractActions(side.getSnapshot()) } : null;
    expect([state, role, seen]).toEqual([state, role, expected[role]]);
  }
  if (sides.DOWNLINE) {
    for (const role of ['UPLINE', 'DOWNLINE'] as const) {
      const held = sides[role]!.getSnapshot().context.contract;
      const truth = server.viewFor(role);
      expect({ status: held?.status, action: held?.action, endReason: held?.endReason }).toEqual({ status: truth.status, action: truth.action, endReason: truth.endReason });
    }
  }
};

describe('contract statechart against the model, both sides', () => {
  it('[AGENT-18] the registered paths reach every state of the model and take every one of its transitions', () => {
    const { paths } = contractPaths;
    expect(new Set(paths.map((p) => String(p.steps.at(-1)!.state.value)))).toEqual(new Set(Object.keys(EXPECTED)));
    const taken = new Set(paths.flatMap((p) => p.steps.slice(1).map((step, i) => `${String(p.steps[i]!.state.value)} ${step.event.type}`)));
    const transitions = Object.entries(contractModel.config.states ?? {}).flatMap(([state, node]) => Object.keys(node.on ?? {}).map((event) => `${state} ${event}`));
    expect([...taken].sort()).toEqual(transitions.sort());
  });
});

// The same paths `npm run paths -- contract` lists: each replayed on both sides' production machines.
describePaths('[AGENT-18] contract, both sides', contractPaths, async (path) => {
  const run = startSides();
  const perform = performOn(run);
  try {
    await replayPath(path, {
      start: async () => undefined,
      arrange: async () => undefined,
      perform: (step) => perform[step.event.type as ContractModelEvent['type']](),
      check: async (step) => expectState(run, String(step.state.value)),
    });
  } finally {
    for (const side of Object.values(run.sides)) side.stop();
  }
});
