import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiCallError } from '@client/lib/api-client';
import { findDialog, renderOps, resetOps } from './ops-harness';

beforeEach(() => resetOps());

/** One member's wallet, which adjustments change. */
const walletServer = (account = 'player01', start = 100) => {
  let balance = start;
  let nextTransaction = 1;
  return {
    opsMemberWallet: ({ query }: { query?: { account: string } }) => {
      if (query?.account !== account) throw new ApiCallError('USER_NOT_FOUND', 404, 'No such member');
      return { memberId: 7, account, mainBalance: balance, heldBalance: 20, wallets: [{ wallet: 'PG', balance: 5 }] };
    },
    opsAdjustBalance: ({ body }: { body?: { amount: number } }) => {
      balance = Math.round((balance + (body?.amount ?? 0)) * 100) / 100;
      return { transactionId: nextTransaction++, balance };
    },
  };
};

const lookUp = async (user: Awaited<ReturnType<typeof renderOps>>['user'], account: string) => {
  await user.type(await screen.findByRole('searchbox', { name: 'operator:members.lookup' }), account);
  await user.click(screen.getByRole('button', { name: 'operator:list.search' }));
};

/** The main wallet's adjustment form, beside the points adjustment on the same page. */
const balanceCard = async () => within(await screen.findByRole('region', { name: 'operator:members.adjustTitle' }));

describe('operator console: member wallet and balance adjustment', () => {
  it("looks a member up and shows the main, held and vendor wallets", async () => {
    const { user, opsApi } = await renderOps({ path: '/ops?page=members', handlers: walletServer() });
    await lookUp(user, 'player01');
    const wallet = await screen.findByRole('region', { name: 'operator:members.walletOf' });
    expect(within(wallet).getByText('100.00')).toBeInTheDocument();
    expect(within(wallet).getByText('20.00')).toBeInTheDocument();
    expect(within(wallet).getByText('PG')).toBeInTheDocument();
    expect(opsApi.callsTo('opsMemberWallet')).toEqual([{ query: { account: 'player01' } }]);
  });

  it('[ERR-26] an unknown account shows the translated reason', async () => {
    const { user } = await renderOps({ path: '/ops?page=members', handlers: walletServer() });
    await lookUp(user, 'nobody');
    expect(await screen.findByRole('alert')).toHaveTextContent('errors:USER_NOT_FOUND');
  });

  it('an adjustment needs a reason and a valid amount before anything is sent', async () => {
    const { user, opsApi } = await renderOps({ path: '/ops?page=members', handlers: walletServer() });
    await lookUp(user, 'player01');
    const card = await balanceCard();
    await user.type(card.getByLabelText('operator:list.amount'), '50');
    await user.click(card.getByRole('button', { name: 'operator:members.review' }));
    expect(card.getByText('operator:fields.reasonInvalid')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.clear(card.getByLabelText('operator:list.amount'));
    await user.type(card.getByLabelText('operator:list.amount'), '12.345');
    await user.type(card.getByLabelText('operator:fields.reason'), 'Goodwill credit');
    await user.click(card.getByRole('button', { name: 'operator:members.review' }));
    expect(card.getByText('operator:members.amountInvalid')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opsApi.callsTo('opsAdjustBalance')).toEqual([]);
  });

  it('a credit is confirmed first, then sent with its reason and one request id, and the wallet is read again', async () => {
    const { user, opsApi } = await renderOps({ path: '/ops?page=members', handlers: walletServer() });
    await lookUp(user, 'player01');
    const card = await balanceCard();
    await user.type(card.getByLabelText('operator:list.amount'), '50');
    await user.type(card.getByLabelText('operator:fields.reason'), 'Goodwill credit');
    await user.click(card.getByRole('button', { name: 'operator:members.review' }));
    const dialog = await findDialog('operator:members.confirmTitle');
    expect(within(dialog).getByText('+50.00')).toBeInTheDocument();
    expect(within(dialog).getByText('Goodwill credit')).toBeInTheDocument();
    expect(opsApi.callsTo('opsAdjustBalance')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'operator:members.confirmCredit' }));
    expect(await screen.findByRole('status')).toHaveTextContent('operator:members.adjusted');
    const [sent] = opsApi.callsTo('opsAdjustBalance');
    expect(sent?.body).toMatchObject({ account: 'player01', amount: 50, reason: 'Goodwill credit' });
    expect(sent?.body?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(opsApi.callsTo('opsMemberWallet')).toHaveLength(2);
    expect(within(screen.getByRole('region', { name: 'operator:members.walletOf' })).getByText('150.00')).toBeInTheDocument();
    expect(card.getByLabelText('operator:fields.reason')).toHaveValue('');
  });

  it('a debit is sent as a negative amount; a failed confirm keeps the dialog and retries with the same request id', async () => {
    let attempts = 0;
    const server = walletServer();
    const { user, opsApi } = await renderOps({
      path: '/ops?page=members',
      handlers: {
        ...server,
        opsAdjustBalance: (input) => {
          attempts += 1;
          if (attempts === 1) throw new ApiCallError('NETWORK', 0, 'offline');
          return server.opsAdjustBalance(input);
        },
      },
    });
    await lookUp(user, 'player01');
    const card = await balanceCard();
    await user.click(card.getByRole('radio', { name: 'operator:members.debit' }));
    await user.type(card.getByLabelText('operator:list.amount'), '20');
    await user.type(card.getByLabelText('operator:fields.reason'), 'Duplicate bonus');
    await user.click(card.getByRole('button', { name: 'operator:members.review' }));
    const dialog = await findDialog('operator:members.confirmTitle');
    await user.click(within(dialog).getByRole('button', { name: 'operator:members.confirmDebit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('errors:NETWORK');
    await user.click(within(dialog).getByRole('button', { name: 'operator:members.confirmDebit' }));
    expect(await screen.findByRole('status')).toHaveTextContent('operator:members.adjusted');
    const calls = opsApi.callsTo('opsAdjustBalance');
    expect(calls.map((c) => c.body?.amount)).toEqual([-20, -20]);
    expect(calls[0]?.body?.requestId).toBe(calls[1]?.body?.requestId);
  });
});

/** One member's wallet and points; points adjustments below zero are refused as the server does. */
const pointsServer = (start = 300) => {
  let points = start;
  return {
    ...walletServer(),
    opsAdjustPoints: ({ body }: { body?: { points: number } }) => {
      const next = points + (body?.points ?? 0);
      if (next < 0) throw new ApiCallError('INSUFFICIENT_POINTS', 409, 'Not enough points');
      points = next;
      return { points };
    },
  };
};

const pointsCard = async () => within(await screen.findByRole('region', { name: 'operator:members.pointsTitle' }));

describe('operator console: member points adjustment', () => {
  it('needs a whole number of points and a reason before anything is sent', async () => {
    const { user, opsApi } = await renderOps({ path: '/ops?page=members', handlers: pointsServer() });
    await lookUp(user, 'player01');
    const card = await pointsCard();
    await user.type(card.getByLabelText('operator:members.points'), '12.5');
    await user.type(card.getByLabelText('operator:fields.reason'), 'ok');
    await user.click(card.getByRole('button', { name: 'operator:members.review' }));
    expect(card.getByText('operator:members.pointsInvalid')).toBeInTheDocument();
    expect(card.getByText('operator:fields.reasonInvalid')).toBeInTheDocument();
    await user.clear(card.getByLabelText('operator:members.points'));
    await user.type(card.getByLabelText('operator:members.points'), '0');
    await user.click(card.getByRole('button', { name: 'operator:members.review' }));
    expect(card.getByText('operator:members.pointsInvalid')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opsApi.callsTo('opsAdjustPoints')).toEqual([]);
  });

  it('a credit is confirmed, then sent as a positive number of points with its reason; the balance is not touched', async () => {
    const { user, opsApi } = await renderOps({ path: '/ops?page=members', handlers: pointsServer() });
    await lookUp(user, 'player01');
    const card = await pointsCard();
    await user.type(card.getByLabelText('operator:members.points'), '1500');
    await user.type(card.getByLabelText('operator:fields.reason'), ' Birthday gift ');
    await user.click(card.getByRole('button', { name: 'operator:members.review' }));
    const dialog = await findDialog('operator:members.pointsConfirmTitle');
    expect(within(dialog).getByText('+1,500')).toBeInTheDocument();
    expect(within(dialog).getByText('Birthday gift')).toBeInTheDocument();
    expect(opsApi.callsTo('opsAdjustPoints')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'operator:members.confirmCredit' }));
    expect(await card.findByRole('status')).toHaveTextContent('operator:members.pointsAdjusted');
    const [sent] = opsApi.callsTo('opsAdjustPoints');
    expect(sent?.body).toEqual({ account: 'player01', points: 1500, reason: 'Birthday gift', requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(opsApi.callsTo('opsAdjustBalance')).toEqual([]);
    expect(card.getByLabelText('operator:members.points')).toHaveValue('');
  });

  it('[ERR-26] a debit is sent as a negative number; a refusal keeps the dialog open with the translated reason, and a retry resends the same request id', async () => {
    const { user, opsApi } = await renderOps({ path: '/ops?page=members', handlers: pointsServer(300) });
    await lookUp(user, 'player01');
    const card = await pointsCard();
    await user.click(card.getByRole('radio', { name: 'operator:members.debit' }));
    await user.type(card.getByLabelText('operator:members.points'), '500');
    await user.type(card.getByLabelText('operator:fields.reason'), 'Points earned on voided bets');
    await user.click(card.getByRole('button', { name: 'operator:members.review' }));
    const dialog = await findDialog('operator:members.pointsConfirmTitle');
    expect(within(dialog).getByText('−500')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'operator:members.confirmDebit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('errors:INSUFFICIENT_POINTS');
    expect(card.queryByRole('status')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'operator:members.confirmDebit' }));
    await within(dialog).findByRole('alert');
    const calls = opsApi.callsTo('opsAdjustPoints');
    expect(calls.map((c) => c.body && { points: c.body.points, reason: c.body.reason })).toEqual([
      { points: -500, reason: 'Points earned on voided bets' },
      { points: -500, reason: 'Points earned on voided bets' },
    ]);
    expect(calls[0]?.body?.requestId).toBeTruthy();
    expect(calls[1]?.body?.requestId).toBe(calls[0]?.body?.requestId);
  });
});
