import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OpsRedeemOrder, OpsReward, PointsSettings } from '@shared/contract/operator-points';
import { ApiCallError, type CallInput } from '@client/lib/api-client';
import { findDialog, inRow, renderOps, resetOps, rowWith, type RenderedOps } from './ops-harness';

beforeEach(() => resetOps());

const order = (referenceNo: string, overrides: Partial<OpsRedeemOrder> = {}): OpsRedeemOrder => ({
  referenceNo,
  applyTime: '2026-11-20T08:00:00.000Z',
  type: 'PHYSICAL',
  name: 'Coffee mug',
  quantity: 2,
  pointsRequired: 1500,
  amountRequired: 5,
  status: 'PROCESSING',
  memberId: 7,
  account: 'player01',
  rewardId: 1,
  address: '12 Harbour Road, Da Nang',
  mobileNum: '+84901234567',
  reviewedAt: null,
  note: null,
  ...overrides,
});

const paged = <T,>(list: T[], pageNum = 1, totalPages = list.length ? 1 : 0) => ({ list, pageNum, totalPages, total: list.length });

/** A redeem queue whose approve and reject change what the next list returns. */
const redeemServer = (orders: OpsRedeemOrder[]) => {
  const byReference = new Map(orders.map((o) => [o.referenceNo, o]));
  const review = (referenceNo: string, change: Partial<OpsRedeemOrder>) => {
    const next = { ...byReference.get(referenceNo)!, ...change, reviewedAt: '2026-11-20T10:00:00.000Z' };
    byReference.set(referenceNo, next);
    return next;
  };
  return {
    opsRedeemOrders: ({ query }: { query?: { status?: string; account?: string } }) =>
      paged([...byReference.values()].filter((o) => (!query?.status || o.status === query.status) && (!query?.account || o.account === query.account))),
    opsApproveRedeem: ({ body }: { body?: { referenceNo: string; note?: string } }) => review(body!.referenceNo, { status: 'APPROVED', note: body!.note ?? null }),
    opsRejectRedeem: ({ body }: { body?: { referenceNo: string; reason: string } }) => review(body!.referenceNo, { status: 'REJECTED', note: body!.reason }),
  };
};

const openRedeems = (orders: OpsRedeemOrder[]) => renderOps({ path: '/ops?page=pointsRedeems', handlers: redeemServer(orders) });

describe('operator console: points redeem queue', () => {
  it('[MEMBER-08] lists the orders in process with what was asked and where it goes; the filters ask the server again', async () => {
    const { user, opsApi } = await openRedeems([
      order('R1'),
      order('R2', { status: 'APPROVED', account: 'player02', name: 'Gift card', type: 'VOUCHER', note: 'Sent by courier' }),
    ]);
    expect(await screen.findByRole('cell', { name: 'R1' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'R2' })).not.toBeInTheDocument();
    expect(opsApi.callsTo('opsRedeemOrders')[0]?.query).toEqual({ pageNo: 1, pageSize: 20, status: 'PROCESSING', account: undefined });
    const row = inRow('R1');
    for (const text of ['player01', 'Coffee mug', 'PHYSICAL', '2', '1,500', '5.00', '12 Harbour Road, Da Nang', '+84901234567', 'operator:redeems.status.PROCESSING']) {
      expect(row.getByText(text)).toBeInTheDocument();
    }
    expect(row.getByText('2026-11-20', { exact: false })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'operator:redeems.status.APPROVED' }));
    expect(await screen.findByRole('cell', { name: 'R2' })).toBeInTheDocument();
    expect(opsApi.callsTo('opsRedeemOrders').at(-1)?.query).toMatchObject({ status: 'APPROVED', pageNo: 1 });
    expect(inRow('R2').getByText('Sent by courier')).toBeInTheDocument();
    expect(inRow('R2').queryByRole('button', { name: 'operator:actions.approve' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'operator:list.all' }));
    await user.type(screen.getByRole('searchbox', { name: 'operator:list.memberSearch' }), 'player02');
    await user.click(screen.getByRole('button', { name: 'operator:list.search' }));
    expect(await screen.findByRole('cell', { name: 'R2' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'R1' })).not.toBeInTheDocument();
    expect(opsApi.callsTo('opsRedeemOrders').at(-1)?.query).toEqual({ pageNo: 1, pageSize: 20, status: undefined, account: 'player02' });
  });

  it('pages through a long queue', async () => {
    const { user, opsApi } = await renderOps({
      path: '/ops?page=pointsRedeems',
      handlers: {
        opsRedeemOrders: ({ query }) => {
          const pageNo = Number(query?.pageNo ?? 1);
          return paged([order(`P${pageNo}`)], pageNo, 2);
        },
      },
    });
    expect(await screen.findByRole('cell', { name: 'P1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'operator:pager.next' }));
    expect(await screen.findByRole('cell', { name: 'P2' })).toBeInTheDocument();
    expect(opsApi.callsTo('opsRedeemOrders').at(-1)?.query).toMatchObject({ pageNo: 2, status: 'PROCESSING' });
  });

  it('approving sends the reference with the optional note and refreshes the queue', async () => {
    const { user, opsApi } = await openRedeems([order('R1')]);
    await screen.findByRole('cell', { name: 'R1' });
    const listed = opsApi.callsTo('opsRedeemOrders').length;
    await user.click(inRow('R1').getByRole('button', { name: 'operator:actions.approve' }));
    const dialog = await findDialog('operator:redeems.approveTitle');
    expect(within(dialog).getByText('12 Harbour Road, Da Nang · +84901234567')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('operator:fields.note'), ' Courier GHN 778 ');
    await user.click(within(dialog).getByRole('button', { name: 'operator:actions.approve' }));
    expect(await screen.findByText('operator:list.empty')).toBeInTheDocument();
    expect(opsApi.callsTo('opsApproveRedeem')).toEqual([{ body: { referenceNo: 'R1', note: 'Courier GHN 778' } }]);
    expect(opsApi.callsTo('opsRedeemOrders').length).toBeGreaterThan(listed);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('rejecting needs a reason of at least 3 characters, then sends it and the row shows it', async () => {
    const { user, opsApi } = await openRedeems([order('R1')]);
    await screen.findByRole('cell', { name: 'R1' });
    await user.click(inRow('R1').getByRole('button', { name: 'operator:actions.reject' }));
    const dialog = await findDialog('operator:redeems.rejectTitle');
    await user.click(within(dialog).getByRole('button', { name: 'operator:actions.reject' }));
    expect(within(dialog).getByText('operator:fields.reasonInvalid')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('operator:fields.reason'), 'no');
    await user.click(within(dialog).getByRole('button', { name: 'operator:actions.reject' }));
    expect(within(dialog).getByText('operator:fields.reasonInvalid')).toBeInTheDocument();
    expect(opsApi.callsTo('opsRejectRedeem')).toEqual([]);

    await user.type(within(dialog).getByLabelText('operator:fields.reason'), 't deliverable there ');
    await user.click(within(dialog).getByRole('button', { name: 'operator:actions.reject' }));
    expect(await screen.findByText('operator:list.empty')).toBeInTheDocument();
    expect(opsApi.callsTo('opsRejectRedeem')).toEqual([{ body: { referenceNo: 'R1', reason: 'not deliverable there' } }]);

    await user.click(screen.getByRole('button', { name: 'operator:redeems.status.REJECTED' }));
    expect(await inRow('R1').findByText('not deliverable there')).toBeInTheDocument();
  });

  it('[ERR-26] a refused approval keeps the dialog open with the translated reason and the order still in process', async () => {
    const { user } = await renderOps({
      path: '/ops?page=pointsRedeems',
      handlers: {
        ...redeemServer([order('R1')]),
        opsApproveRedeem: () => {
          throw new ApiCallError('INVALID_STATE', 409, 'Not in process');
        },
      },
    });
    await screen.findByRole('cell', { name: 'R1' });
    await user.click(inRow('R1').getByRole('button', { name: 'operator:actions.approve' }));
    const dialog = await findDialog('operator:redeems.approveTitle');
    await user.click(within(dialog).getByRole('button', { name: 'operator:actions.approve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('errors:INVALID_STATE');
    expect(within(dialog).getByRole('button', { name: 'operator:actions.approve' })).toBeEnabled();
    expect(inRow('R1').getByText('operator:redeems.status.PROCESSING')).toBeInTheDocument();
  });
});

const reward = (rewardId: number, name: string, overrides: Partial<OpsReward> = {}): OpsReward => ({
  rewardId,
  name,
  type: 'PHYSICAL',
  imageUrl: '/static/rewards/mug.png',
  description: '<p>A mug</p>',
  pointsRequired: 1000,
  amountRequired: 0,
  stock: 40,
  active: true,
  ...overrides,
});

/** The goods list and the points settings, which saving changes. */
const mallServer = (goods: OpsReward[], initial: PointsSettings = { ratio: 100, minConvertPoints: 500, earnPointsPerUnit: 1, rules: '<p>Earn on every bet</p>' }) => {
  const list = [...goods];
  let settings = initial;
  return {
    opsRewards: () => [...list],
    opsSaveReward: ({ body }: CallInput<'opsSaveReward'>) => {
      const { rewardId, ...fields } = body!;
      const saved = { ...reward(rewardId ?? list.length + 100, fields.name), ...fields };
      const at = list.findIndex((r) => r.rewardId === saved.rewardId);
      if (at >= 0) list[at] = saved;
      else list.push(saved);
      return saved;
    },
    opsPointsSettings: () => settings,
    opsSavePointsSettings: ({ body }: CallInput<'opsSavePointsSettings'>) => {
      settings = body!;
      return settings;
    },
  };
};

const goodsCard = () => within(screen.getByRole('region', { name: 'operator:pointsMall.goods' }));

const fill = async (user: RenderedOps['user'], dialog: HTMLElement, values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values)) {
    const input = within(dialog).getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
};

describe('operator console: points mall goods', () => {
  it('lists every goods item with its thumbnail, figures and whether players see it', async () => {
    await renderOps({
      path: '/ops?page=pointsMall',
      handlers: mallServer([reward(1, 'Coffee mug'), reward(2, 'Gift card', { type: 'VOUCHER', imageUrl: '', amountRequired: 12.5, stock: 0, active: false })]),
    });
    await screen.findByRole('cell', { name: 'Coffee mug' });
    // The thumbnail is decorative: the item's name is in the next cell.
    expect(rowWith('Coffee mug').querySelector('img')).toHaveAttribute('src', '/static/rewards/mug.png');
    expect(inRow('Coffee mug').getByText('1,000')).toBeInTheDocument();
    expect(inRow('Coffee mug').getByText('operator:pointsMall.shown')).toBeInTheDocument();
    const card = inRow('Gift card');
    expect(card.getByRole('img', { name: 'operator:pointsMall.noImage' })).toBeInTheDocument();
    for (const text of ['VOUCHER', '12.50', '0', 'operator:pointsMall.hidden']) expect(card.getByText(text)).toBeInTheDocument();
  });

  it('adding goods refuses bad input, then sends the whole item and the list shows it', { timeout: 15_000 }, async () => {
    const { user, opsApi } = await renderOps({ path: '/ops?page=pointsMall', handlers: mallServer([reward(1, 'Coffee mug')]) });
    await screen.findByRole('cell', { name: 'Coffee mug' });
    await user.click(goodsCard().getByRole('button', { name: 'operator:pointsMall.add' }));
    const dialog = await findDialog('operator:pointsMall.addTitle');
    await user.click(within(dialog).getByRole('button', { name: 'operator:pointsMall.save' }));
    expect(within(dialog).getAllByText('operator:fields.required')).toHaveLength(2);
    expect(within(dialog).getByText('operator:pointsMall.pointsInvalid')).toBeInTheDocument();
    expect(within(dialog).getByText('operator:pointsMall.stockInvalid')).toBeInTheDocument();

    await fill(user, dialog, {
      'operator:pointsMall.name': 'Water bottle',
      'operator:pointsMall.type': 'PHYSICAL',
      'operator:pointsMall.pointsRequired': '2.5',
      'operator:pointsMall.amountRequired': '3.999',
      'operator:pointsMall.stock': '-1',
    });
    await user.click(within(dialog).getByRole('button', { name: 'operator:pointsMall.save' }));
    expect(within(dialog).queryByText('operator:fields.required')).not.toBeInTheDocument();
    for (const message of ['pointsInvalid', 'amountInvalid', 'stockInvalid']) expect(within(dialog).getByText(`operator:pointsMall.${message}`)).toBeInTheDocument();
    expect(opsApi.callsTo('opsSaveReward')).toEqual([]);

    await fill(user, dialog, {
      'operator:pointsMall.imageUrl': '/static/rewards/bottle.png',
      'operator:pointsMall.description': '<p>Steel, 500 ml</p>',
      'operator:pointsMall.pointsRequired': '2500',
      'operator:pointsMall.amountRequired': '3.5',
      'operator:pointsMall.stock': '30',
    });
    await user.click(within(dialog).getByRole('checkbox', { name: 'operator:pointsMall.showInMall' }));
    await user.click(within(dialog).getByRole('button', { name: 'operator:pointsMall.save' }));
    expect(await screen.findByRole('cell', { name: 'Water bottle' })).toBeInTheDocument();
    expect(opsApi.callsTo('opsSaveReward')).toEqual([
      {
        body: {
          rewardId: undefined,
          name: 'Water bottle',
          type: 'PHYSICAL',
          imageUrl: '/static/rewards/bottle.png',
          description: '<p>Steel, 500 ml</p>',
          pointsRequired: 2500,
          amountRequired: 3.5,
          stock: 30,
          active: false,
        },
      },
    ]);
    expect(inRow('Water bottle').getByText('operator:pointsMall.hidden')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('editing opens the item as it is and sends it back with its id and the changes', async () => {
    const { user, opsApi } = await renderOps({ path: '/ops?page=pointsMall', handlers: mallServer([reward(1, 'Coffee mug'), reward(2, 'Gift card')]) });
    await screen.findByRole('cell', { name: 'Coffee mug' });
    await user.click(inRow('Coffee mug').getByRole('button', { name: 'operator:pointsMall.edit' }));
    const dialog = await findDialog('operator:pointsMall.editTitle');
    expect(within(dialog).getByLabelText('operator:pointsMall.name')).toHaveValue('Coffee mug');
    expect(within(dialog).getByLabelText('operator:pointsMall.pointsRequired')).toHaveValue('1000');
    expect(within(dialog).getByRole('checkbox', { name: 'operator:pointsMall.showInMall' })).toBeChecked();

    await fill(user, dialog, { 'operator:pointsMall.pointsRequired': '800', 'operator:pointsMall.stock': '0' });
    await user.click(within(dialog).getByRole('button', { name: 'operator:pointsMall.save' }));
    expect(await inRow('Coffee mug').findByText('800')).toBeInTheDocument();
    expect(opsApi.callsTo('opsSaveReward')).toEqual([
      {
        body: {
          rewardId: 1,
          name: 'Coffee mug',
          type: 'PHYSICAL',
          imageUrl: '/static/rewards/mug.png',
          description: '<p>A mug</p>',
          pointsRequired: 800,
          amountRequired: 0,
          stock: 0,
          active: true,
        },
      },
    ]);
    expect(inRow('Gift card').getByText('1,000')).toBeInTheDocument();
  });
});

describe('operator console: points settings', () => {
  it('shows the settings; saving refuses figures out of range, then sends them all and shows the new rules', async () => {
    const { user, opsApi } = await renderOps({ path: '/ops?page=pointsMall', handlers: mallServer([]) });
    const card = within(await screen.findByRole('region', { name: 'operator:pointsMall.settings' }));
    expect(await card.findByText('Earn on every bet')).toBeInTheDocument();
    expect(screen.getByText('operator:pointsMall.none')).toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'operator:pointsMall.editSettings' }));
    const dialog = await findDialog('operator:pointsMall.settingsTitle');
    expect(within(dialog).getByLabelText('operator:pointsMall.ratio')).toHaveValue('100');
    await fill(user, dialog, { 'operator:pointsMall.ratio': '0', 'operator:pointsMall.minConvertPoints': '10.5', 'operator:pointsMall.earnPointsPerUnit': '2000' });
    await user.click(within(dialog).getByRole('button', { name: 'operator:pointsMall.save' }));
    for (const message of ['ratioInvalid', 'minConvertInvalid', 'earnInvalid']) expect(within(dialog).getByText(`operator:pointsMall.${message}`)).toBeInTheDocument();
    expect(opsApi.callsTo('opsSavePointsSettings')).toEqual([]);

    await fill(user, dialog, {
      'operator:pointsMall.ratio': '150',
      'operator:pointsMall.minConvertPoints': '300',
      'operator:pointsMall.earnPointsPerUnit': '1.5',
      'operator:pointsMall.rules': '<p>Convert any time</p>',
    });
    await user.click(within(dialog).getByRole('button', { name: 'operator:pointsMall.save' }));
    expect(await card.findByText('Convert any time')).toBeInTheDocument();
    expect(opsApi.callsTo('opsSavePointsSettings')).toEqual([{ body: { ratio: 150, minConvertPoints: 300, earnPointsPerUnit: 1.5, rules: '<p>Convert any time</p>' } }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('[ERR-26] a refused save keeps the dialog open with the translated reason', async () => {
    const { user } = await renderOps({
      path: '/ops?page=pointsMall',
      handlers: {
        ...mallServer([]),
        opsSavePointsSettings: () => {
          throw new ApiCallError('FORBIDDEN', 403, 'Not allowed');
        },
      },
    });
    const card = within(await screen.findByRole('region', { name: 'operator:pointsMall.settings' }));
    await user.click(await card.findByRole('button', { name: 'operator:pointsMall.editSettings' }));
    const dialog = await findDialog('operator:pointsMall.settingsTitle');
    await user.click(within(dialog).getByRole('button', { name: 'operator:pointsMall.save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('errors:FORBIDDEN');
    expect(card.getByText('Earn on every bet')).toBeInTheDocument();
  });
});
