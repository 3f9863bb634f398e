import type { Promotion } from '@shared/contract/promotions';
import type { FakeHandlers } from '../../../helpers/fake-api';
import { moneyHandlers } from '../../../helpers/member-center';
import { PLAYER, renderApp, type RenderAppOptions, type RenderedApp, type SessionMember } from '../../../helpers/render-app';

export const promotion = (over: Partial<Promotion> = {}): Promotion => ({
  promotionId: 1,
  title: 'Weekly rebate club',
  type: 'REBATE',
  content: '<p>Join the club</p>',
  imageUrl: '',
  startTime: '2026-11-01T00:00:00.000Z',
  endTime: '2099-01-01T00:00:00.000Z',
  needsApplication: false,
  bonusAmount: 8,
  prizes: [],
  status: 'JOIN',
  entry: null,
  ...over,
});

export const entry = (over: Partial<NonNullable<Promotion['entry']>> = {}): NonNullable<Promotion['entry']> => ({
  comment: null,
  reason: null,
  amount: 0,
  prizeName: null,
  appliedAt: '2026-11-20T08:30:05.000Z',
  imageIds: [],
  ...over,
});

/** One promotion of each kind a player meets. */
export const PROMOTIONS: Promotion[] = [
  promotion(),
  promotion({ promotionId: 2, title: 'First deposit bonus', type: 'DEPOSIT', needsApplication: true, bonusAmount: 88 }),
  promotion({ promotionId: 3, title: 'Lucky draw', type: 'RAFFLE', bonusAmount: 0, status: 'PROCESS', prizes: [{ name: 'Gold', amount: 38 }] }),
  promotion({ promotionId: 4, title: 'Weekend tournament', type: 'OTHER', bonusAmount: 0, status: 'COMING_SOON' }),
];

export const promotionHandlers = (over: FakeHandlers = {}): FakeHandlers =>
  moneyHandlers({
    promotionList: (input) => ({ list: PROMOTIONS.filter((p) => !input.query?.type || p.type === input.query.type) }),
    rewardCenter: () => ({ list: PROMOTIONS.slice(0, 3), claimableCount: 1 }),
    redEnvelopeList: () => ({ list: [] }),
    ...over,
  });

let loaded: Promise<unknown> | null = null;
/** The screens' chunks take seconds to transform the first time on a busy machine: load them once, before the tests' clocks start. */
export const loadScreens = () =>
  (loaded ??= Promise.all([import('@client/app/routes/promotions'), import('@client/app/routes/member'), import('@client/features/promotions/components/reward-center-page')]));

export const renderPromotions = async ({
  member = PLAYER,
  handlers,
  path = '/promotions',
  ...options
}: Omit<RenderAppOptions, 'member'> & { member?: SessionMember | null } = {}): Promise<RenderedApp> => {
  await loadScreens();
  return renderApp({ lng: 'en', path, ...options, ...(member ? { member } : {}), handlers: promotionHandlers(handlers) });
};
