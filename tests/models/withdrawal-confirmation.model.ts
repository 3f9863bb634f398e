import { setup } from 'xstate';

/**
 * What a player confirming a paid-out withdrawal must experience (STYLE.md C3, layer 2; WALLET-12
 * to WALLET-16). The server's answer and the picked file travel in the event; no actors, no timers
 * (the auto-receipt reaches the screen as the server's push, `server.autoReceive`).
 */
export type ConfirmReply = 'ok' | 'refused';
export type ProofKind = 'png' | 'pdf' | 'oversize';

export type WithdrawalConfirmationModelEvent =
  | { type: 'receipt.confirm'; reply: ConfirmReply }
  | { type: 'receipt.dispute' }
  | { type: 'dispute.cancel' }
  | { type: 'proof.add'; kind: ProofKind }
  | { type: 'dispute.submit' }
  | { type: 'server.autoReceive' };

const picked =
  (kind: ProofKind) =>
  ({ event }: { event: WithdrawalConfirmationModelEvent }) =>
    event.type === 'proof.add' && event.kind === kind;
const replied =
  (reply: ConfirmReply) =>
  ({ event }: { event: WithdrawalConfirmationModelEvent }) =>
    event.type === 'receipt.confirm' && event.reply === reply;

const addProof = {
  'proof.add': [{ guard: picked('png'), target: 'proofListed' }, { target: 'proofRejectedShown' }],
} as const;
const autoReceive = { 'server.autoReceive': 'autoReceivedShown' } as const;

export const withdrawalConfirmationModel = setup({
  types: {} as { events: WithdrawalConfirmationModelEvent },
}).createMachine({
  id: 'withdrawalConfirmationModel',
  initial: 'question',
  states: {
    /** "Did you receive it?" with the two answers. */
    question: {
      on: {
        'receipt.confirm': [{ guard: replied('ok'), target: 'receivedShown' }, { guard: replied('refused'), target: 'errorShown' }],
        'receipt.dispute': 'disputeForm',
        ...autoReceive,
      },
    },
    /** The question again, with the server's refusal. */
    errorShown: { on: { 'receipt.confirm': { guard: replied('ok'), target: 'receivedShown' }, ...autoReceive } },
    disputeForm: {
      on: { ...addProof, 'dispute.submit': 'proofRequiredShown', 'dispute.cancel': 'question', ...autoReceive },
    },
    proofRejectedShown: { on: { ...addProof, 'dispute.submit': 'proofRequiredShown' } },
    proofRequiredShown: { on: { ...addProof } },
    proofListed: { on: { 'dispute.submit': 'notReceivedShown', ...autoReceive } },
    receivedShown: { type: 'final' },
    notReceivedShown: { type: 'final' },
    /** WALLET-15/16: counted as received, final. */
    autoReceivedShown: { type: 'final' },
  },
});

export const withdrawalConfirmationModelEvents: WithdrawalConfirmationModelEvent[] = [
  { type: 'receipt.confirm', reply: 'ok' },
  { type: 'receipt.confirm', reply: 'refused' },
  { type: 'receipt.dispute' },
  { type: 'dispute.cancel' },
  { type: 'proof.add', kind: 'png' },
  { type: 'proof.add', kind: 'pdf' },
  { type: 'proof.add', kind: 'oversize' },
  { type: 'dispute.submit' },
  { type: 'server.autoReceive' },
];
