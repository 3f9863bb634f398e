import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiCallError } from '@client/lib/api-client';
import { resetShell } from '../../../helpers/render-app';
import { entry, loadScreens, promotion, PROMOTIONS, renderPromotions } from './promotions-kit';

beforeAll(() => loadScreens(), 60_000);
beforeEach(() => resetShell());

const card = (id: number) => screen.findByTestId(`promotion-${id}`);

describe('promotions page', { timeout: 30_000 }, () => {
  it('[MEMBER-10] filters by promotion type through the list call', async () => {
    const { user, api } = await renderPromotions();
    expect(await card(1)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Raffle' }));
    await waitFor(() => expect(screen.queryByTestId('promotion-1')).not.toBeInTheDocument());
    expect(await card(3)).toBeInTheDocument();
    expect(api.callsTo('promotionList').at(-1)).toEqual({ query: { type: 'RAFFLE' } });
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(await card(1)).toBeInTheDocument();
  });

  it('[MEMBER-11] each promotion shows its status, and only the action that status allows', async () => {
    const statuses = ['JOIN', 'APPLYING', 'REJECTED', 'ISSUED', 'CLAIMED', 'PROCESS', 'SIGNED', 'CLOSE', 'COMING_SOON'] as const;
    const list = statuses.map((status, i) =>
      promotion({ promotionId: i + 1, title: `P${i}`, status, entry: status === 'REJECTED' ? entry({ reason: 'No deposit found' }) : status === 'ISSUED' ? entry({ amount: 8 }) : null }),
    );
    await renderPromotions({ handlers: { promotionList: () => ({ list }) } });
    const labels = ['Join', 'Applying', 'Rejected', 'Issued', 'Claimed', 'In process', 'Joined', 'Closed', 'Coming soon'];
    for (const [i, label] of labels.entries()) {
      const c = await card(i + 1);
      expect(within(c).getByText(label, { selector: '.status-tag' })).toBeInTheDocument();
    }
    expect(within(await card(1)).getByRole('button', { name: 'Join' })).toBeInTheDocument();
    expect(within(await card(3)).getByText('Reason: No deposit found')).toBeInTheDocument();
    expect(within(await card(4)).getByRole('button', { name: /Claim/ })).toBeInTheDocument();
    expect(within(await card(6)).getByRole('button', { name: 'Draw now' })).toBeInTheDocument();
    for (const id of [2, 3, 5, 7, 8, 9]) expect(within(await card(id)).queryAllByRole('button')).toHaveLength(1); // details only
  });

  it('[MEMBER-11] joining calls the server and says so; a refusal is said in words', async () => {
    const { user, api } = await renderPromotions({ handlers: { promotionJoin: () => promotion({ status: 'ISSUED' }) } });
    await user.click(within(await card(1)).getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('You have joined Weekly rebate club.')).toBeInTheDocument();
    expect(api.callsTo('promotionJoin')).toEqual([{ body: { promotionId: 1 } }]);
    api.handle({
      promotionJoin: () => {
        throw new ApiCallError('PROMOTION_ENTERED', 409, 'Already joined');
      },
    });
    await user.click(within(await card(1)).getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('You have already joined this promotion.')).toBeInTheDocument();
  });

  it('[MEMBER-12] a rejected application can be sent again while the promotion runs, not after it ended', async () => {
    const rejected = { status: 'REJECTED', needsApplication: true, entry: entry({ reason: 'No deposit found' }) } as const;
    const list = [promotion({ promotionId: 1, ...rejected }), promotion({ promotionId: 2, ...rejected, endTime: '2020-01-01T00:00:00.000Z' })];
    const { user } = await renderPromotions({ handlers: { promotionList: () => ({ list }) } });
    await user.click(within(await card(1)).getByRole('button', { name: 'Apply again' }));
    expect(await screen.findByRole('dialog', { name: 'Apply for Weekly rebate club' })).toBeInTheDocument();
    expect(within(await card(2)).queryByRole('button', { name: 'Apply again' })).not.toBeInTheDocument();
  });

  it('[MEMBER-12] an application shows the player the comment and the images sent with it', async () => {
    const sent = promotion({ promotionId: 2, status: 'APPLYING', needsApplication: true, entry: entry({ comment: 'Receipt attached', imageIds: [41] }) });
    const { api } = await renderPromotions({
      handlers: { promotionList: () => ({ list: [sent] }), promotionImage: () => ({ imageId: 41, contentType: 'image/png', data: 'iVBORw0KGgo=' }) },
    });
    const shown = await card(2);
    expect(within(shown).getByText('Your comment: Receipt attached')).toBeInTheDocument();
    const image = await within(shown).findByRole('img', { name: 'Image 1 you sent' });
    expect(image).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(api.callsTo('promotionImage')).toEqual([{ query: { imageId: 41 } }]);
  });

  it('[MEMBER-14] drawing a raffle shows the prize credited', async () => {
    const { user, api } = await renderPromotions({ handlers: { raffleClaim: () => ({ prizeName: 'Gold', amount: 38, balance: 1272.5 }) } });
    await user.click(within(await card(3)).getByRole('button', { name: 'Draw now' }));
    expect(await screen.findByText(/You drew Gold/)).toBeInTheDocument();
    expect(api.callsTo('raffleClaim')).toEqual([{ body: { promotionId: 3 } }]);
  });

  it('[MEMBER-10] a visitor sees the promotions and is asked to log in, with no actions', async () => {
    await renderPromotions({ member: null, handlers: { promotionList: () => ({ list: PROMOTIONS.map((p) => ({ ...p, status: p.status === 'PROCESS' ? 'JOIN' : p.status })) }) } });
    expect(await screen.findByText('Log in to join promotions.')).toBeInTheDocument();
    expect(within(await card(1)).queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
  });
});
