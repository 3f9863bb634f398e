import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OpsApplication, OpsPromotion } from '@shared/contract/operator-promotions';
import { findDialog, inRow, renderOps, resetOps } from './ops-harness';

beforeEach(() => resetOps());

const promo = (over: Partial<OpsPromotion> = {}): OpsPromotion => ({
  promotionId: 1,
  title: 'First deposit bonus',
  type: 'DEPOSIT',
  content: '<p>Match</p>',
  imageUrl: '',
  startTime: '2026-11-01T00:00:00.000Z',
  endTime: '2027-01-01T00:00:00.000Z',
  needsApplication: true,
  bonusAmount: 88,
  prizes: [],
  active: true,
  pendingApplications: 1,
  ...over,
});

const application = (over: Partial<OpsApplication> = {}): OpsApplication => ({
  entryId: 5,
  promotionId: 1,
  promotionTitle: 'First deposit bonus',
  memberId: 7,
  account: 'player01',
  status: 'APPLYING',
  comment: 'Receipt attached',
  imageIds: [1, 2],
  amount: 0,
  reason: null,
  appliedAt: '2026-11-20T08:00:00.000Z',
  reviewedAt: null,
  ...over,
});

const paged = <T,>(list: T[]) => ({ list, pageNum: 1, totalPages: list.length ? 1 : 0, total: list.length });

const openPromotions = (applications: OpsApplication[] = [application()]) => {
  let entries = applications;
  return renderOps({
    path: '/ops?page=promotions',
    handlers: {
      opsPromotions: () => [promo(), promo({ promotionId: 2, title: 'Lucky draw', type: 'RAFFLE', needsApplication: false, bonusAmount: 0, prizes: [{ name: 'Gold', amount: 38, weight: 9 }], pendingApplications: 0 })],
      opsSavePromotion: ({ body }) => promo({ ...body, promotionId: 3, prizes: body?.prizes ?? [] } as Partial<OpsPromotion>),
      opsPromotionApplications: ({ query }) => paged(entries.filter((a) => !query?.status || a.status === query.status)),
      opsApproveApplication: ({ body }) => {
        entries = entries.map((a) => (a.entryId === body!.entryId ? { ...a, status: 'ISSUED' as const, amount: 88 } : a));
        return entries.find((a) => a.entryId === body!.entryId)!;
      },
      opsApplicationImage: ({ query }) => ({ imageId: Number(query!.imageId), contentType: 'image/png' as const, data: 'iVBORw0KGgo=' }),
      opsRejectApplication: ({ body }) => {
        entries = entries.map((a) => (a.entryId === body!.entryId ? { ...a, status: 'REJECTED' as const, reason: body!.reason } : a));
        return entries.find((a) => a.entryId === body!.entryId)!;
      },
    },
  });
};

describe('operator console: promotions', () => {
  it('[MEMBER-10] lists the promotions with their bonus or weighted prizes and waiting applications', async () => {
    await openPromotions();
    expect(await screen.findByRole('cell', { name: 'Lucky draw' })).toBeInTheDocument();
    expect(inRow('Lucky draw').getByText('Gold 38.00 ×9')).toBeInTheDocument();
    expect(screen.getAllByRole('cell', { name: 'First deposit bonus' }).length).toBeGreaterThan(0);
  });

  it('[MEMBER-10] adds a raffle with its prizes typed one per line; a raffle without prizes is refused before sending', async () => {
    const { user, opsApi } = await openPromotions();
    await screen.findByRole('cell', { name: 'Lucky draw' });
    await user.click(screen.getByRole('button', { name: 'operator:promotions.add' }));
    const dialog = await findDialog('operator:promotions.addTitle');
    await user.type(within(dialog).getByLabelText('operator:promotions.title'), 'Spin day');
    await user.selectOptions(within(dialog).getByLabelText('operator:promotions.type'), 'RAFFLE');
    await user.type(within(dialog).getByLabelText('operator:promotions.startTime'), '2026-12-01T10:00');
    await user.type(within(dialog).getByLabelText('operator:promotions.endTime'), '2026-12-31T10:00');
    await user.click(within(dialog).getByRole('button', { name: 'operator:promotions.save' }));
    expect(within(dialog).getByText('operator:promotions.prizesInvalid')).toBeInTheDocument();
    expect(opsApi.callsTo('opsSavePromotion')).toEqual([]);
    await user.type(within(dialog).getByLabelText('operator:promotions.prizes'), 'Big | 50 | 1{Enter}Small | 1 | 9');
    await user.click(within(dialog).getByRole('button', { name: 'operator:promotions.save' }));
    await expect.poll(() => opsApi.callsTo('opsSavePromotion').length).toBe(1);
    expect(opsApi.callsTo('opsSavePromotion')[0]!.body).toMatchObject({
      title: 'Spin day',
      type: 'RAFFLE',
      needsApplication: false,
      bonusAmount: 0,
      prizes: [
        { name: 'Big', amount: 50, weight: 1 },
        { name: 'Small', amount: 1, weight: 9 },
      ],
    });
  });

  it('[MEMBER-12] approves an application from the queue', async () => {
    const { user, opsApi } = await openPromotions();
    expect(await screen.findByRole('cell', { name: 'Receipt attached' })).toBeInTheDocument();
    await user.click(inRow('Receipt attached').getByRole('button', { name: 'operator:actions.approve' }));
    const dialog = await findDialog('operator:promotions.approveTitle');
    await user.click(within(dialog).getByRole('button', { name: 'operator:actions.approve' }));
    expect(await screen.findByText('operator:list.empty')).toBeInTheDocument();
    expect(opsApi.callsTo('opsApproveApplication')).toEqual([{ body: { entryId: 5 } }]);
  });

  it('[MEMBER-12] shows the images the player sent with the application', async () => {
    const { user, opsApi } = await openPromotions();
    await screen.findByRole('cell', { name: 'Receipt attached' });
    await user.click(inRow('Receipt attached').getByRole('button', { name: 'operator:promotions.viewImages' }));
    const dialog = await findDialog('operator:promotions.imagesTitle');
    expect(await within(dialog).findAllByRole('img', { name: 'operator:promotions.imageAlt' })).toHaveLength(2);
    expect(opsApi.callsTo('opsApplicationImage').map((c) => c.query?.imageId)).toEqual([1, 2]);
  });

  it('[MEMBER-12] rejecting needs a reason, then sends it', async () => {
    const { user, opsApi } = await openPromotions();
    await screen.findByRole('cell', { name: 'Receipt attached' });
    await user.click(inRow('Receipt attached').getByRole('button', { name: 'operator:actions.reject' }));
    const dialog = await findDialog('operator:promotions.rejectTitle');
    await user.click(within(dialog).getByRole('button', { name: 'operator:actions.reject' }));
    expect(within(dialog).getByText('operator:fields.reasonInvalid')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('operator:fields.reason'), 'No deposit found');
    await user.click(within(dialog).getByRole('button', { name: 'operator:actions.reject' }));
    await expect.poll(() => opsApi.callsTo('opsRejectApplication')).toEqual([{ body: { entryId: 5, reason: 'No deposit found' } }]);
  });
});
