import { setup } from 'xstate';

/**
 * The contract popup as the member must experience it (AGENT-20, SHELL-24): what waits at login,
 * an offer arriving live, the answers and the server's replies. The server's reply travels in the
 * event; no actors, no timers (STYLE.md C3, layer 2).
 */
export type PopupReply = 'ok' | 'stale' | 'network';

export type ContractPopupModelEvent =
  | { type: 'session.login'; waiting: 'nothing' | 'offer' | 'termination' }
  | { type: 'offer.arrive' }
  | { type: 'offer.withdrawn' }
  | { type: 'answer.yes'; reply: PopupReply }
  | { type: 'answer.no' }
  | { type: 'popup.dismiss' };

const replied =
  (reply: PopupReply) =>
  ({ event }: { event: ContractPopupModelEvent }) =>
    event.type === 'answer.yes' && event.reply === reply;
const waiting =
  (what: 'nothing' | 'offer' | 'termination') =>
  ({ event }: { event: ContractPopupModelEvent }) =>
    event.type === 'session.login' && event.waiting === what;

/** The answers to a shown question; a network failure asks the same question again. */
const answers = (retry: 'offerRetryShown' | 'terminationRetryShown') =>
  ({
    'answer.yes': [
      { guard: replied('ok'), target: 'closed' },
      { guard: replied('stale'), target: 'goneShown' },
      { guard: replied('network'), target: retry },
    ],
    'answer.no': 'closed',
    'popup.dismiss': 'closed',
  }) as const;
const retried = { 'answer.yes': { guard: replied('ok'), target: 'closed' }, 'popup.dismiss': 'closed' } as const;

export const contractPopupModel = setup({ types: {} as { events: ContractPopupModelEvent } }).createMachine({
  id: 'contractPopupModel',
  initial: 'signingIn',
  states: {
    signingIn: {
      on: {
        'session.login': [
          { guard: waiting('offer'), target: 'offerShown' },
          { guard: waiting('termination'), target: 'terminationShown' },
          { guard: waiting('nothing'), target: 'closed' },
        ],
      },
    },
    /** No popup. */
    closed: { on: { 'offer.arrive': 'offerShown' } },
    /** "Accept or reject this offer?" */
    offerShown: { on: { ...answers('offerRetryShown'), 'offer.withdrawn': 'closed' } },
    /** "Your upline asks to end this contract: confirm or refuse?" */
    terminationShown: { on: answers('terminationRetryShown') },
    /** The popup closed on the answer the server no longer took, with that error. */
    goneShown: { on: { 'offer.arrive': 'offerShown' } },
    /** The same question again, with the network error. */
    offerRetryShown: { on: retried },
    terminationRetryShown: { on: retried },
  },
});
