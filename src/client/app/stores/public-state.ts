import type { CustomerServiceEntry } from '@shared/contract/system';
import { createStore, useStore } from '@client/lib/create-store';

export interface AvailablePromo {
  /** Promotion kind, e.g. REFERRAL. */
  type: string;
  enabled: boolean;
}

/**
 * The public state every screen reads (SHELL-25). The permission call fills currencySymbol and
 * customerService; the wallet, message and promotion features keep the rest current.
 */
export interface PublicState {
  /** Main wallet balance; null until it has loaded for a logged-in user. */
  balance: number | null;
  currencySymbol: string;
  hasVip: boolean;
  vipLabelName: string;
  vipRankLevel: number;
  availablePromo: AvailablePromo[];
  unreadMessage: number;
  availablePromoCount: number;
  customerService: CustomerServiceEntry[];
}

export const publicStateStore = createStore<PublicState>(() => ({
  balance: null,
  currencySymbol: '',
  hasVip: false,
  vipLabelName: '',
  vipRankLevel: 0,
  availablePromo: [],
  unreadMessage: 0,
  availablePromoCount: 0,
  customerService: [],
}));

export const updatePublicState = (patch: Partial<PublicState>): void => publicStateStore.update((s) => ({ ...s, ...patch }));

export const usePublicState = (): PublicState => useStore(publicStateStore);

export const isReferralEnabled = (state: Pick<PublicState, 'availablePromo'>): boolean =>
  state.availablePromo.some((p) => p.type === 'REFERRAL' && p.enabled);

/** The notice bell count: available promotions plus unread messages (MSG-07). */
export const noticeCount = (state: Pick<PublicState, 'availablePromoCount' | 'unreadMessage'>): number =>
  state.availablePromoCount + state.unreadMessage;
