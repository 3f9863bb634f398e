import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PROOF_MAX_BYTES, type WithdrawalConfirmRequest, type WithdrawalOrder } from '@shared/contract/payments';
import { refusal } from '../../../helpers/accounts-fixture';
import { memberPath, renderMemberCenter, resetMemberCenter } from '../../../helpers/member-center';
import { bankAccount, withdrawalOrder, withdrawalResult } from '../../../helpers/money-fixtures';
import { resetShell } from '../../../helpers/render-app';
import { createPathModel } from '../../../models/path-model';
import {
  withdrawalConfirmationModel,
  withdrawalConfirmationModelEvents,
  type ProofKind,
  type WithdrawalConfirmationModelEvent,
} from '../../../models/withdrawal-confirmation.model';

beforeEach(() => {
  resetMemberCenter();
  resetShell();
});

const proofFile = (kind: ProofKind): File => {
  if (kind === 'pdf') return new File(['%PDF-1.4'], 'slip.pdf', { type: 'application/pdf' });
  const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], kind === 'png' ? 'slip.png' : 'huge.png', { type: 'image/png' });
  if (kind === 'oversize') Object.defineProperty(file, 'size', { value: PROOF_MAX_BYTES + 1 });
  return file;
};

/** The player's withdrawal page with one paid-out withdrawal, and a server whose next answer the path picks. */
const renderConfirmation = async () => {
  let order: WithdrawalOrder = withdrawalOrder({ autoReceiveAt: new Date(Date.now() + 10 * 60_000).toISOString() });
  let nextReply: 'ok' | 'refused' = 'ok';
  const answers: WithdrawalConfirmRequest[] = [];
  const app = await renderMemberCenter({
    lng: 'en',
    path: memberPath('withdraw'),
    handlers: {
      withdrawalSettings: () => ({ minAmount: 100, maxAmount: 50_000, autoReceiveMinutes: 15, paymentPasswordSet: true, withdrawableBalance: 500 }),
      bankAccounts: () => [bankAccount()],
      withdrawalRecord: () => ({ list: [order], pageNum: 1, totalPages: 1, total: 1 }),
      withdrawalConfirm: ({ body }) => {
        answers.push(body as WithdrawalConfirmRequest);
        if (nextReply === 'refused') throw refusal('NETWORK', 0);
        const received = body!.outcome === 'RECEIVED';
        order = {
          ...order,
          status: received ? 'RECEIVED' : 'NOT_RECEIVED',
          confirmation: {
            receivedAmount: received ? order.amount : (body!.receivedAmount ?? 0),
            remainingAmount: received ? 0 : order.amount - (body!.receivedAmount ?? 0),
            remark: null,
            proofIds: [],
            confirmedAt: new Date().toISOString(),
            forced: false,
          },
        };
        return order;
      },
    },
  });
  const list = await screen.findByRole('region', { name: 'My withdrawals' });
  await app.user.click(await within(list).findByRole('button', { name: 'Confirm receipt' }));
  return {
    ...app,
    list,
    answers,
    reply: (reply: 'ok' | 'refused') => {
      nextReply = reply;
    },
    forceReceipt: () => {
      order = { ...order, status: 'RECEIVED', confirmation: { receivedAmount: 300, remainingAmount: 0, remark: null, proofIds: [], confirmedAt: new Date().toISOString(), forced: true } };
      app.bus.push('withdrawal:result', withdrawalResult({ withdrawalId: order.withdrawalId, status: 'RECEIVED' }));
    },
  };
};

const model = createPathModel(withdrawalConfirmationModel, withdrawalConfirmationModelEvents);

describe('withdrawal confirmation (model-based, WALLET-12 to WALLET-16)', () => {
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
    it(path.description, async () => {
      const ui = await renderConfirmation();
      const inList = within(ui.list);
      await path.test({
        events: {
          'receipt.confirm': async ({ event }) => {
            ui.reply((event as WithdrawalConfirmationModelEvent & { type: 'receipt.confirm' }).reply);
            await ui.user.click(inList.getByRole('button', { name: 'Yes, received' }));
          },
          'receipt.dispute': async () => ui.user.click(inList.getByRole('button', { name: 'Not received' })),
          'dispute.cancel': async () => ui.user.click(inList.getByRole('button', { name: 'Back' })),
          'proof.add': async ({ event }) => {
            const input = inList.getByLabelText('Add proof image') as HTMLInputElement;
            // fireEvent, not user.upload: the point is what the page does with a file the picker let through.
            act(() => void fireEvent.change(input, { target: { files: [proofFile((event as WithdrawalConfirmationModelEvent & { type: 'proof.add' }).kind)] } }));
          },
          'dispute.submit': async () => ui.user.click(inList.getByRole('button', { name: 'Send report' })),
          'server.autoReceive': async () => act(() => ui.forceReceipt()),
        },
        states: {
          question: async () => {
            expect(inList.getByText(/Did you receive it\?/)).toBeInTheDocument();
            expect(inList.queryByRole('alert')).not.toBeInTheDocument();
          },
          errorShown: async () => {
            expect(await inList.findByRole('alert')).toHaveTextContent('Network link abnormal');
            expect(inList.getByRole('button', { name: 'Yes, received' })).toBeEnabled();
          },
          disputeForm: async () => {
            expect(inList.getByRole('button', { name: 'Send report' })).toBeInTheDocument();
            expect(inList.queryByRole('list', { name: 'Proof images to send' })).not.toBeInTheDocument();
          },
          proofRejectedShown: async () => {
            expect(inList.getByRole('alert')).toHaveTextContent(/is not a png or jpg image|is larger than 5 MB/);
            expect(inList.queryByRole('list', { name: 'Proof images to send' })).not.toBeInTheDocument();
          },
          proofRequiredShown: async () => {
            expect(inList.getByText('Add at least one proof image.')).toBeInTheDocument();
            expect(ui.answers).toHaveLength(0);
          },
          proofListed: async () => {
            expect(within(inList.getByRole('list', { name: 'Proof images to send' })).getByText('slip.png')).toBeInTheDocument();
          },
          receivedShown: async () => {
            // The answer's view gives way to the refreshed list's details; both tell the outcome.
            await waitFor(() => expect(inList.getByText('You confirmed receiving this withdrawal.')).toBeInTheDocument());
            expect(ui.answers.at(-1)).toMatchObject({ withdrawalId: 'W2001', outcome: 'RECEIVED', proofImages: [] });
          },
          notReceivedShown: async () => {
            // The answer's view gives way to the refreshed list's details; both tell the outcome.
            await waitFor(() => expect(inList.getByText('Your report was sent. Our team will check your proof.')).toBeInTheDocument());
            expect(ui.answers.at(-1)).toMatchObject({ withdrawalId: 'W2001', outcome: 'NOT_RECEIVED', receivedAmount: 0, proofImages: ['iVBORw=='] });
          },
          autoReceivedShown: async () => {
            // The answer's view gives way to the refreshed list's details; both tell the outcome.
            await waitFor(() => expect(inList.getByText('No answer came in time, so this withdrawal counts as received. This is final.')).toBeInTheDocument());
            expect(inList.queryByRole('button', { name: 'Yes, received' })).not.toBeInTheDocument();
          },
        },
      });
    });
  }
});
