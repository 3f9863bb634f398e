import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, expect } from 'vitest';
import type { WithdrawalConfirmRequest, WithdrawalOrder } from '@shared/contract/wallet-payments';
import type { MachinePath } from '../../../models/machine-paths';
import { replayPath } from '../../../models/path-runner';
import { PROOF_FILES, withdrawalConfirmationPaths } from '../../../models/paths/withdrawal-confirmation.paths';
import { refusal } from '../../../helpers/accounts-fixture';
import { memberPath, renderMemberCenter } from '../../../helpers/member-center';
import { bankAccount, withdrawalOrder, withdrawalResult } from '../../../helpers/money-fixtures';
import { describePaths, errorCodeOf } from '../../../helpers/popup-paths';
import { resetShell } from '../../../helpers/render-app';

beforeEach(() => {
  resetShell();
});

/** The file the player picks for a registered proof: its name, type and size, with png bytes. */
const proofFile = (variant: string): File => {
  const proof = PROOF_FILES[variant as keyof typeof PROOF_FILES];
  const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], proof.name, { type: proof.type });
  Object.defineProperty(file, 'size', { value: proof.size });
  return file;
};

/** The player's withdrawal page with one paid-out withdrawal, and a server whose next answer the path picks. */
const renderConfirmation = async () => {
  let order: WithdrawalOrder = withdrawalOrder({ autoReceiveAt: new Date(Date.now() + 10 * 60_000).toISOString() });
  let refusalCode: string | null = null;
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
        if (refusalCode) throw refusal(refusalCode);
        const received = body!.outcome === 'RECEIVED';
        const receivedAmount = received ? order.amount : (body!.receivedAmount ?? 0);
        order = {
          ...order,
          status: received ? 'RECEIVED' : 'NOT_RECEIVED',
          confirmation: { receivedAmount, remainingAmount: order.amount - receivedAmount, remark: null, proofIds: [], confirmedAt: new Date().toISOString(), forced: false },
        };
        return order;
      },
    },
  });
  const list = await screen.findByRole('region', { name: 'My withdrawals' });
  return {
    ...app,
    list,
    answers,
    answerWith: (code: string | null) => {
      refusalCode = code;
    },
    /** The server's auto-receipt: the order settles as received, forced, and the result is pushed. */
    forceReceipt: () => {
      order = { ...order, status: 'RECEIVED', confirmation: { receivedAmount: 300, remainingAmount: 0, remark: null, proofIds: [], confirmedAt: new Date().toISOString(), forced: true } };
      app.bus.push('withdrawal:result', withdrawalResult({ withdrawalId: order.withdrawalId, status: 'RECEIVED' }));
    },
  };
};

describePaths('[WALLET-12] [WALLET-13] [WALLET-14] [WALLET-15] [WALLET-16] withdrawal confirmation', withdrawalConfirmationPaths, async (path: MachinePath) => {
  let ui!: Awaited<ReturnType<typeof renderConfirmation>>;
  const inList = () => within(ui.list);
  const click = (name: string) => ui.user.click(inList().getByRole('button', { name }));

  await replayPath(path, {
    start: async () => {
      ui = await renderConfirmation();
      await ui.user.click(await inList().findByRole('button', { name: 'Confirm receipt' }));
    },
    arrange: async (step) => ui.answerWith(errorCodeOf(step)),
    perform: async (step) => {
      switch (step.event.type) {
        case 'receipt.confirm':
          return click('Yes, received');
        case 'receipt.dispute':
          return click('Not received');
        case 'dispute.cancel':
          return click('Back');
        case 'dispute.submit':
          return click('Send report');
        case 'proof.add': {
          const input = inList().getByLabelText('Add proof image') as HTMLInputElement;
          // fireEvent, not user.upload: the point is what the page does with a file the picker let through.
          return act(() => void fireEvent.change(input, { target: { files: [proofFile(step.variant)] } }));
        }
        case 'server.withdrawalResult':
          return act(() => ui.forceReceipt());
        default:
          throw new Error(`no way to make ${step.label} happen`);
      }
    },
    check: async (step) => {
      const { leaves, screen: facts } = step.state;
      if (leaves.includes('received')) {
        // The answer's view gives way to the refreshed list's details; both tell the outcome.
        await waitFor(() => expect(inList().getByText('You confirmed receiving this withdrawal.')).toBeInTheDocument());
        expect(ui.answers.at(-1)).toMatchObject({ withdrawalId: 'W2001', outcome: 'RECEIVED', proofImages: [] });
        return;
      }
      if (leaves.includes('notReceived')) {
        await waitFor(() => expect(inList().getByText('Your report was sent. Our team will check your proof.')).toBeInTheDocument());
        expect(ui.answers.at(-1)).toMatchObject({ withdrawalId: 'W2001', outcome: 'NOT_RECEIVED', receivedAmount: 0, proofImages: ['iVBORw=='] });
        return;
      }
      if (leaves.includes('autoReceived')) {
        await waitFor(() => expect(inList().getByText('No answer came in time, so this withdrawal counts as received. This is final.')).toBeInTheDocument());
        expect(inList().queryByRole('button', { name: 'Yes, received' })).not.toBeInTheDocument();
        return;
      }
      if (leaves.includes('answering.answer.choosing')) {
        expect(await inList().findByText(/Did you receive it\?/)).toBeInTheDocument();
        expect(inList().queryByRole('alert')).not.toBeInTheDocument();
        return;
      }
      expect(await inList().findByRole('button', { name: 'Send report' })).toBeInTheDocument();
      const listed = inList().queryByRole('list', { name: 'Proof images to send' });
      expect(listed ? within(listed).getAllByRole('listitem') : []).toHaveLength(Number(facts.proofs));
      const refused = { type: /is not a png or jpg image/, size: /is larger than 5 MB/, count: /at most 3 images/ }[String(facts['refused file'])];
      const alerts = async () => (await inList().findAllByRole('alert')).map((alert) => alert.textContent ?? '');
      if (refused) expect(await alerts()).toContainEqual(expect.stringMatching(refused));
      if (facts.issue === 'proofRequired') {
        expect(inList().getByText('Add at least one proof image.')).toBeInTheDocument();
        expect(ui.answers).toHaveLength(0);
      }
      if (facts.error) expect(await alerts()).toContainEqual(expect.stringContaining('Images must be png or jpg, at most 5 MB each, at most 3.'));
    },
  });
});
