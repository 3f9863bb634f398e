import { screen, within } from '@testing-library/react';
import type { ResponseOf } from '@shared/contract/http';
import type { FakeHandlers } from '../../../helpers/fake-api';
import { moneyHandlers } from '../../../helpers/member-center';
import { PLAYER, renderApp, type RenderAppOptions, type RenderedApp, type SessionMember } from '../../../helpers/render-app';

export type Reward = ResponseOf<'pointsRewardList'>['list'][number];
export type RedeemRecord = ResponseOf<'pointsRedeemList'>['list'][number];
export type PointsTransaction = ResponseOf<'pointsTransactions'>['list'][number];

export const reward = (over: Partial<Reward> = {}): Reward => ({
  rewardId: 1,
  name: 'Gold voucher',
  type: 'VOUCHER',
  imageUrl: '/rewards/gold.png',
  description: '<p>Worth <b>500</b> at partner shops.</p>',
  pointsRequired: 1000,
  amountRequired: 0,
  stock: 5,
  ...over,
});

export const redeemRecord = (over: Partial<RedeemRecord> = {}): RedeemRecord => ({
  referenceNo: 'PR20261120001',
  applyTime: '2026-11-20T08:30:05.000Z',
  type: 'VOUCHER',
  name: 'Gold voucher',
  quantity: 2,
  pointsRequired: 2000,
  amountRequired: 0,
  status: 'PROCESSING',
  ...over,
});

export const pointsTransaction = (over: Partial<PointsTransaction> = {}): PointsTransaction => ({
  id: 'T1',
  time: '2026-11-20T08:30:05.000Z',
  ratio: 100,
  redeemAmount: 0,
  balance: 12_500,
  change: 250,
  remark: 'Bets settled',
  ...over,
});

/** A mall with two goods (one also costing cash and sold out), 12,500 points held, 100 points per 1.00, at least 300 converted. */
export const pointsHandlers = (over: FakeHandlers = {}): FakeHandlers =>
  moneyHandlers({
    pointsBalance: () => ({ points: 12_500 }),
    pointsRewardList: () => ({
      list: [reward(), reward({ rewardId: 2, name: 'Smart phone', type: 'PHYSICAL', pointsRequired: 50_000, amountRequired: 20, stock: 0, imageUrl: '/rewards/phone.png' })],
      totalPages: 1,
    }),
    pointsConfig: () => ({ ratio: 100, minConvertPoints: 300, rules: '<p>Earn 1 point per 10 staked.</p>' }),
    pointsRedeemList: () => ({ list: [], totalPages: 0 }),
    pointsTransactions: () => ({ list: [], totalPages: 0 }),
    ...over,
  });

let screenLoaded: Promise<unknown> | null = null;
/** The mall's chunk takes longer than Testing Library's 1 s wait to transform the first time; load it once up front. */
const loadScreen = () => (screenLoaded ??= import('@client/app/routes/point-mall'));

/** The whole client at /pointMall on a fake API; a logged-in player unless `member` is null (a visitor) or another account. */
export const renderMall = async ({ member = PLAYER, handlers, ...options }: Omit<RenderAppOptions, 'member'> & { member?: SessionMember | null } = {}): Promise<RenderedApp> => {
  await loadScreen();
  return renderApp({ lng: 'en', path: '/pointMall', ...options, ...(member ? { member } : {}), handlers: pointsHandlers(handlers) });
};

export const goodsList = () => screen.findByRole('list', { name: 'Goods you can redeem' });
export const goodsCard = (list: HTMLElement, name: string) => within(list).getByRole('article', { name });
export const tab = (name: string) => screen.getByRole('tab', { name });
