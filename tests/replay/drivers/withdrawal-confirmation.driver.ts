import { randomUUID } from 'node:crypto';
import type { MachinePath, PathStep } from '../../models/machine-paths';
import { PROOF_MAX_BYTES } from '@shared/contract/wallet-payments';
import { errorText, logInThroughPopup, pathHas, settleStep, shows, type ActorCalls, type DriverFactory } from '../driver-kit';

const CALLS: ActorCalls = {
  confirmReceived: { method: 'POST', path: '/wps/relay/PAY_withdrawalConfirm' },
  confirmNotReceived: { method: 'POST', path: '/wps/relay/PAY_withdrawalConfirm' },
};

const PAYMENT_PASSWORD = '246810';
/** A 1x1 png, as a player's screenshot of a bank statement would be. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** The file picked for each proof of the registered paths; `fake png` claims png but holds text. */
const proofFile = (variant: string, index: number, fakePng: boolean) => {
  switch (variant) {
    case 'pdf':
      return { name: 'slip.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 statement') };
    case 'oversize':
      return { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(PROOF_MAX_BYTES)]) };
    default:
      return { name: `slip-${index}.png`, mimeType: 'image/png', buffer: fakePng ? Buffer.from('this is not an image') : PNG };
  }
};

/**
 * Confirming a paid-out withdrawal: the replay gives a registered player money and a withdrawal
 * (a payment password, a bank account and the request, through the API), an operator approves
 * and disburses it (operator API), and the player answers on the withdrawal page. The server's
 * auto-receipt comes after a minute (the replay's server setting); the server refuses a proof
 * that is no image (the page checks only its type), so a path the server refuses picks one.
 */
export const withdrawalConfirmationDriver: DriverFactory = (context, path: MachinePath) => {
  const { page, fixtures, note } = context;
  const list = page.getByRole('region', { name: 'My withdrawals' });
  const fakePng = pathHas(path, 'xstate.error.actor.confirmNotReceived:PROOF_INVALID');
  let picked = 0;
  return {
    start: async () => {
      const player = await fixtures.registerPlayer(context.ip);
      await fixtures.credit(player.username, 1000);
      const api = fixtures.clientFrom(context.ip);
      const token = await api.login(player.username, player.password);
      const call = async (what: string, apiPath: string, body: unknown) => {
        const res = await api.call<{ bankAccountId?: number; withdrawalId?: string }>('POST', apiPath, { token, body });
        if (res.status !== 200) throw new Error(`${what}: ${res.body.code} ${res.body.message}`);
        return res.body.value;
      };
      await call('payment password', '/wps/relay/PAY_paymentPassword', { newPaymentPassword: PAYMENT_PASSWORD, confirmPaymentPassword: PAYMENT_PASSWORD });
      const account = await call('bank account', '/wps/relay/PAY_bankAccounts', { bankName: 'ACB', accountName: 'Replay Player', accountNo: '1234567890', paymentPassword: PAYMENT_PASSWORD });
      const withdrawal = await call('withdrawal', '/wps/relay/PAY_withdraw', { bankAccountId: account.bankAccountId, amount: 300, paymentPassword: PAYMENT_PASSWORD, requestId: randomUUID() });
      await fixtures.ops('POST', '/ops/withdrawals/approve', { body: { withdrawalId: withdrawal.withdrawalId } });
      await fixtures.ops('POST', '/ops/withdrawals/disburse', { body: { withdrawalId: withdrawal.withdrawalId } });
      note(`registered ${player.username}, credited 1000, withdrew 300 through the API; an operator approved and disbursed it (operator API)`);
      await logInThroughPopup(context, player);
      await page.goto(`${context.baseUrl}/member?page=withdraw`);
      await list.getByRole('button', { name: 'Confirm receipt' }).first().click();
    },
    arrange: async () => undefined,
    perform: async (step: PathStep) => {
      switch (step.event.type) {
        case 'receipt.confirm':
          return list.getByRole('button', { name: 'Yes, received' }).click();
        case 'receipt.dispute':
          return list.getByRole('button', { name: 'Not received' }).click();
        case 'dispute.cancel':
          return list.getByRole('button', { name: 'Back' }).click();
        case 'dispute.submit':
          return list.getByRole('button', { name: 'Send report' }).click();
        case 'proof.add': {
          picked += 1;
          const file = proofFile(step.variant, picked, fakePng);
          if (fakePng && step.variant === 'png') note(`picked ${file.name}: a png by its type, text inside`);
          return list.locator('input[type="file"]').setInputFiles(file);
        }
        case 'server.withdrawalResult':
          // The server's auto-receive job settles it a minute after the payout and pushes the result.
          note('waited for the server to count the withdrawal as received (WITHDRAWAL_AUTO_RECEIVE_MINUTES=1)');
          return shows(list.getByText('No answer came in time, so this withdrawal counts as received. This is final.'), 'the auto-receipt', 120_000);
        default:
          throw new Error(`no way to make ${step.label} happen`);
      }
    },
    settle: (step) => settleStep(context, step, CALLS),
    check: async (step) => {
      const { leaves, screen } = step.state;
      if (leaves.includes('received')) return shows(list.getByText('You confirmed receiving this withdrawal.'), '"You confirmed receiving this withdrawal."');
      if (leaves.includes('notReceived')) return shows(list.getByText('Your report was sent. Our team will check your proof.'), 'the report sent');
      if (leaves.includes('autoReceived')) return shows(list.getByText('No answer came in time, so this withdrawal counts as received. This is final.'), 'the auto-receipt');
      if (leaves.includes('answering.answer.choosing')) return shows(list.getByText(/Did you receive it\?/), 'the question "Did you receive it?"');
      await shows(list.getByRole('button', { name: 'Send report' }), 'the not-received report form');
      const proofs = Number(screen.proofs);
      const listed = list.getByRole('list', { name: 'Proof images to send' }).getByRole('listitem');
      if ((await listed.count()) !== proofs) throw new Error(`${await listed.count()} proof images are listed, the path expects ${proofs}`);
      const refused = { type: /is not a png or jpg image/, size: /is larger than 5 MB/, count: /at most 3 images/ }[String(screen['refused file'])];
      if (refused) await shows(list.getByRole('alert').filter({ hasText: refused }), `the refusal ${refused.source}`);
      if (screen.issue === 'proofRequired') await shows(list.getByText('Add at least one proof image.'), '"Add at least one proof image."');
      if (screen.error) await shows(list.getByRole('alert').filter({ hasText: errorText(String(screen.error)) }), `the error "${errorText(String(screen.error))}"`);
    },
  };
};
