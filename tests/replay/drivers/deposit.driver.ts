import type { PathStep } from '../../models/machine-paths';
import { logInThroughPopup, settleStep, shows, type ActorCalls, type DriverFactory } from '../driver-kit';
import type { ReplayPlayer } from '../fixtures';

const CALLS: ActorCalls = {
  loadChannels: { method: 'GET', path: '/wps/relay/PAY_depositChannels' },
  submitDeposit: { method: 'POST', path: '/wps/relay/PAY_deposit' },
};

/** The amount typed for each submission of the registered paths (the first channel takes 100 to 500,000). */
const AMOUNT: Record<string, string> = { valid: '500', 'below the minimum': '50', 'no amount': '' };

const ISSUE_TEXT: Record<string, RegExp> = {
  amountRange: /This channel takes/,
  amountRequired: /Enter an amount\./,
};

/**
 * The deposit page of a signed-in player: the order is confirmed or failed by an operator through
 * the operator API, as a payment team would, and the page shows it when the result is pushed.
 */
export const depositDriver: DriverFactory = (context) => {
  const { page, fixtures, note } = context;
  const form = page.getByRole('form', { name: 'Deposit', exact: true });
  let player!: ReplayPlayer;

  const pendingOrder = async () => {
    const pending = await fixtures.ops<{ list: { orderId: string }[] }>('GET', '/ops/deposits', { query: { status: 'PENDING', account: player.username } });
    const orderId = pending.list[0]?.orderId;
    if (!orderId) throw new Error(`${player.username} has no pending deposit`);
    return orderId;
  };

  return {
    start: async () => {
      player = await fixtures.registerPlayer(context.ip);
      note(`registered ${player.username}, logged it in, and opened the deposit page`);
      await logInThroughPopup(context, player);
      await page.goto(`${context.baseUrl}/member?page=depositv2`);
    },
    arrange: async () => undefined,
    perform: async (step: PathStep) => {
      switch (step.key) {
        case 'deposit.submit:valid':
        case 'deposit.submit:below the minimum':
        case 'deposit.submit:no amount':
          await form.getByLabel('Amount', { exact: true }).fill(AMOUNT[step.variant]!);
          return form.getByRole('button', { name: 'Submit deposit' }).click();
        case 'server.depositResult:credited': {
          const orderId = await pendingOrder();
          await fixtures.ops('POST', '/ops/deposits/approve', { body: { orderId } });
          return note(`an operator approved order ${orderId} (operator API)`);
        }
        case 'server.depositResult:failed': {
          const orderId = await pendingOrder();
          await fixtures.ops('POST', '/ops/deposits/reject', { body: { orderId, reason: 'No payment arrived' } });
          return note(`an operator rejected order ${orderId} (operator API)`);
        }
        case 'deposit.again':
          return page.getByRole('button', { name: 'New deposit' }).click();
        default:
          throw new Error(`no way to make ${step.label} happen`);
      }
    },
    settle: (step) => settleStep(context, step, CALLS),
    check: async (step) => {
      const { leaves, screen } = step.state;
      if (leaves.includes('pending')) return shows(page.getByRole('heading', { name: 'Waiting for your payment' }), 'the order waiting for the payment');
      if (leaves.includes('resolved.credited')) return shows(page.getByRole('heading', { name: 'Deposit credited' }), '"Deposit credited"');
      if (leaves.includes('resolved.failed')) return shows(page.getByRole('heading', { name: 'Deposit failed' }), '"Deposit failed"');
      await shows(form.getByRole('button', { name: 'Submit deposit' }), 'the deposit form');
      const issue = ISSUE_TEXT[String(screen.issue)];
      if (issue) await shows(form.getByText(issue), `the issue "${issue.source}"`);
    },
  };
};
