import type { FakeHandlers } from './fake-api';
import { createFakeBus, type FakeBus } from './fake-bus';
import { PLAYER, renderApp, type RenderAppOptions, type RenderedApp } from './render-app';

/**
 * The pages load as lazy chunks; transforming them the first time takes longer than Testing
 * Library's 1 s wait, so each test file loads them once up front.
 */
let pagesLoaded: Promise<unknown> | null = null;
const loadPages = () =>
  (pagesLoaded ??= Promise.all([
    import('@client/features/wallet/components/transfer-fund-page'),
    import('@client/features/wallet/components/deposit-page'),
    import('@client/features/wallet/components/withdraw-page'),
    import('@client/features/records/components/account-record-page'),
    import('@client/features/records/components/betting-record-page'),
    import('@client/features/records/components/profit-loss-page'),
    import('@client/features/records/components/bonus-details-page'),
    import('@client/features/records/components/manual-rebate-page'),
    import('@client/features/messages/components/message-center-page'),
    import('@client/features/messages/components/notice-modal-content'),
    import('@client/features/messages/components/public-modal-content'),
    import('@client/app/routes/member'),
  ]));


/** A server whose member has a balance, an inbox, a multi-wallet merchant and nothing else going on. */
export const moneyHandlers = (over: FakeHandlers = {}): FakeHandlers => ({
  balance: () => ({ balance: 1234.5, currencySymbol: '₫' }),
  unreadCount: () => ({ unreadMessage: 0 }),
  merchantWallet: () => ({ isSingle: false }),
  consolidatedFunds: () => ({ totalBalance: 1334.5, mainBalance: 1234.5, wallets: [{ wallet: 'PG', balance: 100 }, { wallet: 'JDB', balance: 0 }] }),
  ...over,
});

export interface MemberCenterApp extends RenderedApp {
  bus: FakeBus;
}

/**
 * The whole client on a fake bus (STYLE.md C5), a player
 * logged in unless `member` says otherwise, at `path`.
 */
export const renderMemberCenter = async (options: RenderAppOptions & { bus?: FakeBus } = {}): Promise<MemberCenterApp> => {
  await loadPages();
  const bus = options.bus ?? createFakeBus();
  const rendered = await renderApp({ member: PLAYER, ...options, bus, handlers: moneyHandlers(options.handlers) });
  return { ...rendered, bus };
};

export const memberPath = (page: string, filter?: string) => `/member?page=${page}${filter ? `&filter=${filter}` : ''}`;
