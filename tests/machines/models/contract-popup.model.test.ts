import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Contract } from '@shared/contract/contracts';
import { contractPopupMachine } from '@machines/contracts/contract-popup.machine';
import { selectPopupError, selectPopupOpen, selectPopupQuestion } from '@machines/contracts/contract-popup.selectors';
import type { AnswerContractInput } from '@machines/contracts/contract.types';
import type { GoneAnswer } from '@machines/contracts/contract-popup.types';
import { createFakeBus } from '../../helpers/fake-bus';
import type { ContractPopupModelEvent, PopupReply } from '../../models/contract-popup.model';
import { describePaths } from '../../models/describe-paths';
import { replayPath } from '../../models/path-runner';
import { contractPopupPaths } from '../../models/paths/contract-popup.paths';
import { apiError } from '../support/fakes';

const waitingContract = (id: string, action: 'NEW' | 'TERMINATE'): Contract =>
  ({
    contractId: id,
    kind: 'REALTIME',
    status: action === 'NEW' ? 'requested' : 'terminationRequested',
    action,
    uplineAccount: 'agent',
    downlineAccount: 'demo',
    downlineMemberId: 2,
    payer: 'UPLINE',
    requestedAt: new Date(0).toISOString(),
    answerBy: new Date(72 * 3_600_000).toISOString(),
    terminationRequestedBy: action === 'TERMINATE' ? 'UPLINE' : null,
    validFrom: null,
    endedAt: null,
    endReason: null,
    profitRate: 0.3,
    lossRate: 0.6,
    singleBetAmount: 1,
  }) as Contract;

/** What the member must see in each state of the model. */
const EXPECTED: Record<string, { open: boolean; question: 'offer' | 'termination' | null; error: string | null }> = {
  signingIn: { open: false, question: null, error: null },
  closed: { open: false, question: null, error: null },
  offerShown: { open: true, question: 'offer', error: null },
  terminationShown: { open: true, question: 'termination', error: null },
  // The toast tells why (checked on each step); no error is kept for the next contract's popup.
  goneShown: { open: false, question: null, error: null },
  offerRetryShown: { open: true, question: 'offer', error: 'NETWORK' },
  terminationRetryShown: { open: true, question: 'termination', error: 'NETWORK' },
};

/** The popup machine with a server whose pending list and next reply the path decides. */
const startPopup = () => {
  const bus = createFakeBus();
  let waiting: Contract[] = [];
  let reply: PopupReply = 'ok';
  const answers: AnswerContractInput[] = [];
  const gone: GoneAnswer[] = [];
  let actor: ReturnType<typeof createActor<typeof contractPopupMachine>> | null = null;
  const login = () => {
    actor = createActor(
      contractPopupMachine.provide({
        actors: {
          loadPendingContracts: fromPromise(async () => waiting),
          answerContract: fromPromise<Contract, AnswerContractInput>(async ({ input }) => {
            answers.push(input);
            if (reply === 'stale') throw apiError('INVALID_STATE');
            if (reply === 'network') throw apiError('NETWORK');
            const answered = waiting.find((c) => c.contractId === input.contractId)!;
            waiting = waiting.filter((c) => c.contractId !== input.contractId);
            return { ...answered, action: null, status: input.status === 'R' ? 'rejected' : 'valid' } as Contract;
          }),
        },
        actions: { announceGone: (_, answer) => void gone.push(answer) },
      }),
      { input: { bus } },
    ).start();
  };
  const settled = () => waitFor(actor!, (s) => !s.hasTag('loading'));
  return {
    bus,
    answers,
    gone,
    get actor() {
      return actor;
    },
    login,
    settled,
    setWaiting: (contracts: Contract[]) => {
      waiting = contracts;
    },
    setReply: (next: PopupReply) => {
      reply = next;
    },
    withdraw: (id: string) => {
      const contract = waiting.find((c) => c.contractId === id)!;
      waiting = waiting.filter((c) => c.contractId !== id);
      bus.push('contract:changed', { contract: { ...contract, status: 'terminated', endReason: 'WITHDRAWN', action: null }, eventId: 2, at: new Date(0).toISOString() });
    },
  };
};

type Popup = ReturnType<typeof startPopup>;

/** The model's events on the production popup machine and its server, one handler per event type. */
const performOn = (popup: Popup): Record<ContractPopupModelEvent['type'], (event: ContractPopupModelEvent) => Promise<void>> => {
  let nextId = 1;
  return {
    'session.login': async (event) => {
      const what = (event as Extract<ContractPopupModelEvent, { type: 'session.login' }>).waiting;
      if (what !== 'nothing') popup.setWaiting([waitingContract(String(nextId++), what === 'offer' ? 'NEW' : 'TERMINATE')]);
      popup.login();
      await popup.settled();
    },
    'offer.arrive': async () => {
      const offer = waitingContract(String(nextId++), 'NEW');
      popup.setWaiting([offer]);
      popup.bus.push('contract:changed', { contract: offer, eventId: 1, at: new Date(0).toISOString() });
      await popup.settled();
    },
    'offer.withdrawn': async () => popup.withdraw(String(nextId - 1)),
    'answer.yes': async (event) => {
      const { reply } = event as Extract<ContractPopupModelEvent, { type: 'answer.yes' }>;
      popup.setReply(reply);
      const question = selectPopupQuestion(popup.actor!.getSnapshot());
      const announced = popup.gone.length;
      popup.actor!.send({ type: 'contract.accept' });
      await popup.settled();
      // Yes to an offer accepts it (A); yes to a termination the upline asked for confirms it (C).
      expect(popup.answers.at(-1)?.status).toBe(question === 'termination' ? 'C' : 'A');
      // Only an answer the server no longer takes is announced: the popup closes on it.
      expect(popup.gone.slice(announced)).toEqual(reply === 'stale' ? [{ question, error: expect.objectContaining({ code: 'INVALID_STATE' }) }] : []);
    },
    'answer.no': async () => {
      popup.setReply('ok');
      popup.actor!.send({ type: 'contract.reject' });
      await popup.settled();
      expect(popup.answers.at(-1)?.status).toBe('R');
    },
    'popup.dismiss': async () => popup.actor!.send({ type: 'popup.dismiss' }),
  };
};

const expectState = (popup: Popup, state: string) => {
  const expected = EXPECTED[state];
  if (!expected) throw new Error(`no expectation for the model state ${state}`);
  const snapshot = popup.actor?.getSnapshot();
  const seen = snapshot
    ? { open: selectPopupOpen(snapshot), question: selectPopupQuestion(snapshot), error: selectPopupError(snapshot)?.code ?? null }
    : { open: false, question: null, error: null };
  expect([state, seen]).toEqual([state, expected]);
};

describe('contract popup against its model', () => {
  it('[AGENT-20] the registered paths reach every screen of the popup', () => {
    expect(new Set(contractPopupPaths.paths.map((p) => String(p.steps.at(-1)!.state.value)))).toEqual(new Set(Object.keys(EXPECTED)));
  });
});

// The same paths `npm run paths -- contract-popup` lists: each replayed on the production popup machine.
describePaths('[AGENT-20] [SHELL-24] contract popup', contractPopupPaths, async (path) => {
  const popup = startPopup();
  const perform = performOn(popup);
  try {
    await replayPath(path, {
      start: async () => undefined,
      arrange: async () => undefined,
      perform: (step) => perform[step.event.type as ContractPopupModelEvent['type']](step.event as ContractPopupModelEvent),
      check: async (step) => expectState(popup, String(step.state.value)),
    });
  } finally {
    popup.actor?.stop();
  }
});
