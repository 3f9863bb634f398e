import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OpsDeposit, OpsWithdrawal } from '@shared/contract/operator-money';
import { ApiCallError } from '@client/lib/api-client';
import { findDialog, inRow, renderOps, resetOps } from './ops-harness';

beforeEach(() => resetOps());

const deposit = (orderId: string, overrides: Partial<OpsDeposit> = {}): OpsDeposit => ({
  orderId,
  channelId: 'bank-1',
  channelName: 'Bank transfer',
  amount: 150,
  status: 'PENDING',
  payerName: 'Nguyen Van A',
  reference: 'ref-77',
  failureReason: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  resolvedAt: null,
  memberId: 7,
  account: 'player01',
  ...overrides,
});

const withdrawal = (withdrawalId: string, overrides: Partial<OpsWithdrawal> = {}): OpsWithdrawal => ({
  withdrawalId,
  amount: 80,
  status: 'PENDING',
  bankName: 'Demo Bank',
  accountName: 'Lucky Seven',
  accountNoMasked: '****4321',
  accountNo: '0123454321',
  rejectReason: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  disbursedAt: null,
  confirmation: null,
  autoReceiveAt: null,
  memberId: 7,
  account: 'player01',
  ...overrides,
});

const paged = <T,>(list: T[]) => ({ list, pageNum: 1, totalPages: list.length ? 1 : 0, total: list.length });

/** A deposit queue whose approve and reject change what the next list returns. */
const depositServer = (orders: OpsDeposit[]) => {
  const byId = new Map(orders.map((o) => [o.orderId, o]));
  const resolve = (orderId: string, change: Partial<OpsDeposit>) => {
    const next = { ...byId.get(orderId)!, ...change, resolvedAt: '2026-11-20T10:00:00.000Z' };
    byId.set(orderId, next);
    return next;
  };
  return {
    opsDeposits: ({ query }: { query?: { status?: string } }) => paged([...byId.values()].filter((o) => !query?.status || o.status === query.status)),
    opsApproveDeposit: ({ body }: { body?: { orderId: string } }) => resolve(body!.orderId, { status: 'CREDITED' }),
    opsRejectDeposit: ({ body }: { body?: { orderId: string; reason: string } }) => resolve(body!.orderId, { status: 'FAILED', failureReason: body!.reason }),
  };
};

describe('operator console: deposit queue', () => {
  it('lists pending deposits first, and the status filter asks the server for another status', async () => {
    const { user, opsApi } = await renderOps({ path: '/ops?page=deposits', handlers: depositServer([deposit('D1'), deposit('D2', { status: 'CREDITED' })]) });
    expect(await screen.findByRole('cell', { name: 'D1' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'D2' })).not.toBeInTheDocument();
    expect(opsApi.callsTo('opsDeposits')[0]?.query).toMatchObject({ status: 'PENDING', pageNo: 1 });
    await user.click(screen.getByRole('button', { name: 'operator:deposits.status.CREDITED' }));
    expect(await screen.findByRole('cell', { name: 'D2' })).toBeInTheDocument();
    expect(opsApi.callsTo('opsDeposits').at(-1)?.query).toMatchObject({ status: 'CREDITED' });
  });

  it('approving calls opsApproveDeposit with the order and refreshes the queue', async () => {
    const { user, opsApi } = await renderOps({ path: '/ops?page=deposits', handlers: depositServer([deposit('D1')]) });
    await screen.findByRole('cell', { name: 'D1' });
    const listed = opsApi.callsTo('opsDeposits').length;
    await user.click(inRow('D1').getByRole('button', { name: 'operator:actions.approve' }));
    const dialog = await findDialog('operator:deposits.approveTitle');
    await user.click(within(dialog).getByRole('button', { name: 'operator:actions.approve' }));
    expect(await screen.findByText('operator:list.empty')).toBeInTheDocument();
    expect(opsApi.callsTo('opsApproveDeposit')).toEqual([{ body: { orderId: 'D1', note: undefined } }]);
    expect(opsApi.callsTo('opsDeposits').length).toBeGreaterThan(listed);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('rejecting needs a reason, then calls opsRejectDeposit with it and refreshes the queue', async () => {
    const { user, opsApi } = await renderOps({ path: '/ops?page=deposits', handlers: depositServer([deposit('D1')]) });
    await screen.findByRole('cell', { name: 'D1' });
    await user.click(inRow('D1').getByRole('button', { name: 'operator:actions.reject' }));
    const dialog = await findDialog('operator:deposits.rejectTitle');
    await user.click(within(dialog).getByRole('button', { name: 'operator:actions.reject' }));
    expect(within(dialog).getByText('operator:fields.reasonInvalid')).toBeInTheDocument();
    expect(opsApi.callsTo('opsRejectDeposit')).toEqual([]);
    await user.type(within(dialog).getByLabelText('operator:fields.reason'), '  Payment never arrived ');
    await user.click(within(dialog).getByRole('button', { name: 'operator:actions.reject' }));
    expect(await screen.findByText('operator:list.empty')).toBeInTheDocument();
    expect(opsApi.callsTo('opsRejectDeposit')).toEqual([{ body: { orderId: 'D1', reason: 'Payment never arrived' } }]);
  });

  it('[ERR-26] a refused approval keeps the dialog open with the translated reason and the order still pending', async () => {
    const { user, opsApi } = await renderOps({
      path: '/ops?page=deposits',
      handlers: {
        ...depositServer([deposit('D1')]),
        opsApproveDeposit: () => {
          throw new ApiCallError('INVALID_STATE', 409, 'Not pending');
        },
      },
    });
    await screen.findByRole('cell', { name: 'D1' });
    const listed = opsApi.callsTo('opsDeposits').length;
    await user.click(inRow('D1').getByRole('button', { name: 'operator:actions.approve' }));
    const dialog = await findDialog('operator:deposits.approveTitle');
    await user.click(within(dialog).getByRole('button', { name: 'operator:actions.approve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('errors:INVALID_STATE');
    expect(within(dialog).getByRole('button', { name: 'operator:actions.approve' })).toBeEnabled();
    expect(inRow('D1').getByText('operator:deposits.status.PENDING')).toBeInTheDocument();
    expect(opsApi.callsTo('opsDeposits')).toHaveLength(listed);
  });

  it('a queue the server does not offer yet (501) says so and shows no rows', async () => {
    await renderOps({ path: '/ops?page=deposits' });
    expect(await screen.findByText('operator:unavailable.title')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

/** A withdrawal queue following the contract's transitions. */
const withdrawalServer = (orders: OpsWithdrawal[]) => {
  const byId = new Map(orders.map((o) => [o.withdrawalId, o]));
  const change = (id: string, next: Partial<OpsWithdrawal>) => {
    const updated = { ...byId.get(id)!, ...next };
    byId.set(id, updated);
    return updated;
  };
  return {
    opsWithdrawals: () => paged([...byId.values()]),
    opsApproveWithdrawal: ({ body }: { body?: { withdrawalId: string } }) => change(body!.withdrawalId, { status: 'APPROVED' }),
    opsDisburseWithdrawal: ({ body }: { body?: { withdrawalId: string } }) =>
      change(body!.withdrawalId, { status: 'DISBURSED', disbursedAt: '2026-11-20T11:00:00.000Z', autoReceiveAt: '2026-11-20T11:15:00.000Z' }),
    opsRejectWithdrawal: ({ body }: { body?: { withdrawalId: string; reason: string } }) => change(body!.withdrawalId, { status: 'REJECTED', rejectReason: body!.reason }),
  };
};

const showAll = async (user: Awaited<ReturnType<typeof renderOps>>['user']) => user.click(await screen.findByRole('button', { name: 'operator:list.all' }));

describe('operator console: withdrawal queue', () => {
  it('approve, then mark disbursed with a payout reference: each calls its entry and the row follows', async () => {
    const { user, opsApi } = await renderOps({ path: '/ops?page=withdrawals', handlers: withdrawalServer([withdrawal('W1')]) });
    await showAll(user);
    await screen.findByRole('cell', { name: 'W1' });
    expect(inRow('W1').getByText('0123454321')).toBeInTheDocument();

    await user.click(inRow('W1').getByRole('button', { name: 'operator:actions.approve' }));
    let dialog = await findDialog('operator:withdrawals.approveTitle');
    await user.click(within(dialog).getByRole('button', { name: 'operator:actions.approve' }));
    expect(await screen.findByRole('button', { name: 'operator:withdrawals.disburse' })).toBeInTheDocument();
    expect(opsApi.callsTo('opsApproveWithdrawal')).toEqual([{ body: { withdrawalId: 'W1', note: undefined } }]);
    expect(inRow('W1').getByText('operator:withdrawals.status.APPROVED')).toBeInTheDocument();

    await user.click(inRow('W1').getByRole('button', { name: 'operator:withdrawals.disburse' }));
    dialog = await findDialog('operator:withdrawals.disburseTitle');
    await user.type(within(dialog).getByLabelText('operator:withdrawals.payoutReference'), 'TX-9001');
    await user.click(within(dialog).getByRole('button', { name: 'operator:withdrawals.disburse' }));
    expect(await inRow('W1').findByText('operator:withdrawals.status.DISBURSED')).toBeInTheDocument();
    expect(opsApi.callsTo('opsDisburseWithdrawal')).toEqual([{ body: { withdrawalId: 'W1', payoutReference: 'TX-9001' } }]);
    expect(inRow('W1').queryByRole('button', { name: 'operator:actions.reject' })).not.toBeInTheDocument();
  });

  it('rejecting needs a reason, then calls opsRejectWithdrawal and refreshes the queue', async () => {
    const { user, opsApi } = await renderOps({ path: '/ops?page=withdrawals', handlers: withdrawalServer([withdrawal('W1', { status: 'APPROVED' })]) });
    await showAll(user);
    await user.click(await screen.findByRole('button', { name: 'operator:actions.reject' }));
    const dialog = await findDialog('operator:withdrawals.rejectTitle');
    await user.type(within(dialog).getByLabelText('operator:fields.reason'), 'no');
    await user.click(within(dialog).getByRole('button', { name: 'operator:actions.reject' }));
    expect(within(dialog).getByText('operator:fields.reasonInvalid')).toBeInTheDocument();
    expect(opsApi.callsTo('opsRejectWithdrawal')).toEqual([]);
    await user.type(within(dialog).getByLabelText('operator:fields.reason'), 't a valid account');
    await user.click(within(dialog).getByRole('button', { name: 'operator:actions.reject' }));
    expect(await inRow('W1').findByText('operator:withdrawals.status.REJECTED')).toBeInTheDocument();
    expect(opsApi.callsTo('opsRejectWithdrawal')).toEqual([{ body: { withdrawalId: 'W1', reason: 'not a valid account' } }]);
    expect(inRow('W1').getByText('not a valid account')).toBeInTheDocument();
  });

  it('[WALLET-13] [WALLET-14] the proof images of a not-received answer open from the row', async () => {
    const png = 'iVBORw0KGgo=';
    const { user, opsApi } = await renderOps({
      path: '/ops?page=withdrawals',
      handlers: {
        ...withdrawalServer([
          withdrawal('W2', {
            status: 'NOT_RECEIVED',
            disbursedAt: '2026-11-20T11:00:00.000Z',
            confirmation: { receivedAmount: 30, remainingAmount: 50, remark: 'only part arrived', proofIds: [5, 6], confirmedAt: '2026-11-20T11:05:00.000Z', forced: false },
          }),
        ]),
        opsWithdrawalProof: ({ query }) => ({ proofId: Number(query?.proofId), contentType: 'image/png', data: png }),
      },
    });
    await showAll(user);
    await user.click(await screen.findByRole('button', { name: /operator:withdrawals.viewProof/ }));
    const dialog = await findDialog('operator:withdrawals.proofTitle');
    expect(within(dialog).getByText('only part arrived')).toBeInTheDocument();
    const images = await within(dialog).findAllByRole('img', { name: 'operator:withdrawals.proofAlt' });
    expect(images).toHaveLength(2);
    expect(images[0]).toHaveAttribute('src', `data:image/png;base64,${png}`);
    expect(opsApi.callsTo('opsWithdrawalProof').map((c) => c.query?.proofId)).toEqual([5, 6]);
  });
});
