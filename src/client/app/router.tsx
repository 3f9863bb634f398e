import type { ReactNode } from 'react';
import { UNSAFE_createBrowserHistory, type Location, type RouteObject, type To } from 'react-router-dom';
import type { GameType } from '@shared/contract/games';
import type { AgentPage, MemberPage } from '@client/config/center-pages';
import { paths } from '@client/config/paths';
import type { ModalKind } from '@machines/app/popup-queue.types';
import { withTexts } from '@client/lib/i18n';
import type { LazyScreen } from '@client/lib/lazy-screen';
import type { PopupContentProps } from '@client/state/app-actor';
import { AgentHomeScreen, AgentLayout, AgentLoginScreen, AgentsOnly } from './layouts/agent-layout';
import { RootLayout } from './layouts/root-layout';
import { SiteLayout } from './layouts/site-layout';
import { RouteBoundary } from './route-error';
import { RoutePopup } from './route-popup';
import { withSignInParts } from './create-app-actor';
import { lazyPage, screen } from './screen';

/*
 * The screen map, in one file: the routes, the member and agent center pages behind `?page=`, and
 * the popups. Every screen, page and popup is its own chunk (SHELL-51), loaded when first shown,
 * so the home route carries the home only. A page or popup mapped to null is not built yet: it
 * says "not available yet".
 */

/** A center page: its lazy screen, or null while it is not built. */
export type CenterPages<P extends string> = Record<P, LazyScreen<Record<string, never>> | null>;

/** Member center pages (MEMBER-03), `/member?page=<id>`. */
export const memberPages: CenterPages<MemberPage> = {
  securityCenter: lazyPage(() => import('@client/features/member/components/security-center-page'), (m) => m.SecurityCenterPage),
  transferFund: lazyPage(() => import('@client/features/wallet/components/transfer-fund-page'), (m) => m.TransferFundPage),
  depositv2: lazyPage(() => import('@client/features/wallet/components/deposit-page'), (m) => m.DepositPage),
  withdraw: lazyPage(() => import('@client/features/wallet/components/withdraw-page'), (m) => m.WithdrawPage),
  transferUpline: screen(() => import('@client/features/agent/pages/member/transferUpline')),
  personalHistoryCopy: lazyPage(() => import('@client/features/records/components/betting-record-page'), (m) => m.BettingRecordPage),
  transactionHistory: lazyPage(() => import('@client/features/records/components/account-record-page'), (m) => m.AccountRecordPage),
  personalProfit: lazyPage(() => import('@client/features/records/components/profit-loss-page'), (m) => m.ProfitLossPage),
  bonusDetails: lazyPage(() => import('@client/features/records/components/bonus-details-page'), (m) => m.BonusDetailsPage),
  rewardCenter: lazyPage(() => import('./pages/reward-center'), (m) => m.RewardCenterWithVip),
  referral: screen(() => import('@client/features/agent/pages/member/referral')),
  missionLeaderboard: lazyPage(() => import('@client/features/missions/components/missions-page'), (m) => m.MissionsPage),
  messageV2: lazyPage(() => import('@client/features/messages/components/message-center-page'), (m) => m.MessageCenterPage),
  manualRebate: lazyPage(() => import('@client/features/records/components/manual-rebate-page'), (m) => m.ManualRebatePage),
};

/** Agent center pages (AGENT-05), `/agentHome?page=<id>`; the contract entries show where the consolidated contract info says (AGENT-06). */
export const agentPages: CenterPages<AgentPage> = {
  agentAnnouncement: screen(() => import('@client/features/agent/pages/agentAnnouncement')),
  agentTeamOverview: screen(() => import('@client/features/agent/pages/agentTeamOverview')),
  registerCenter: screen(() => import('./pages/register-center')),
  downlineManagmentView: screen(() => import('@client/features/agent/pages/downlineManagmentView')),
  personalHistoryCopy: screen(() => import('@client/features/agent/pages/personalHistoryCopy')),
  palStatementsAgentCopy: screen(() => import('@client/features/agent/pages/palStatementsAgentCopy')),
  agentRevenueReport: screen(() => import('@client/features/agent/pages/agentRevenueReport')),
  agentDownlineTransactionDetailsCopy: screen(() => import('@client/features/agent/pages/agentDownlineTransactionDetailsCopy')),
  agentDividendRecordCopy2: screen(() => import('@client/features/agent/pages/agentDividendRecordCopy2')),
  agentDailyWages2: screen(() => import('@client/features/agent/pages/agentDailyWages2')),
  agentHourSalary: screen(() => import('@client/features/agent/pages/agentHourSalary')),
  agentRealtimeSalary: screen(() => import('@client/features/agent/pages/agentRealtimeSalary')),
};

/** What each modal shows (SHELL-23), inside the shell's modal frame: its lazy content, or null while it is not built. */
export type PopupContents = { [K in ModalKind]: LazyScreen<PopupContentProps<K>> | null };

// The login and registration popups sign a player in: what the sign-in needs next comes beside their chunks.
export const popupContents: PopupContents = {
  publicModal: lazyPage(() => import('@client/features/messages/components/public-modal-content'), (m) => m.PublicModalContent),
  noticeModal: lazyPage(() => import('@client/features/messages/components/notice-modal-content'), (m) => m.NoticeModalContent),
  loginPopupModal: lazyPage(withSignInParts(() => import('@client/features/auth/components/login-popup')), (m) => m.LoginPopup),
  registerModal: lazyPage(withSignInParts(() => import('./popups/register-modal')), (m) => m.RegisterModal),
  changePassModal: lazyPage(() => import('@client/features/auth/components/password-change-flows'), (m) => m.ChangePasswordPopup),
  forgetPassModal: lazyPage(() => import('@client/features/auth/components/forgot-password-popup'), (m) => m.ForgotPasswordPopup),
  helpModal: lazyPage(() => import('@client/app/shell/help-modal-content'), (m) => m.HelpModalContent),
  legalLicense: lazyPage(() => import('@client/app/shell/help-modal-content'), (m) => m.LegalLicenseContent),
  gamePopup: lazyPage(() => import('@client/features/games/components/game-popup'), (m) => m.GamePopup),
  vendorGames: lazyPage(() => import('@client/features/games/components/vendor-games-popup'), (m) => m.VendorGamesPopup),
  chatRoom: lazyPage(() => import('@client/features/chat/components/chat-room-modal'), (m) => m.ChatRoomModal),
};

/** The forced password change the session demands (AUTH-07): its own chunk, most visits never need it. */
export const forcedPasswordChange = lazyPage(() => import('@client/features/auth/components/password-change-flows'), (m) => m.ForcedPasswordChange);

/** The contract popup's content (SHELL-24): its own chunk, shown only when a contract waits for an answer. */
export const contractPopup = lazyPage(() => import('@client/features/contracts/components/contract-popup'), (m) => m.ContractPopupContent);

const MemberScreen = screen(() => import('./routes/member'));
const HelpScreen = screen(() => import('./routes/help'));
const GameCategoryScreen = screen(() => import('./routes/game-category'));
const MyGamesScreen = screen(() => import('./routes/my-games'));
const LotteryScreen = screen(() => import('./routes/lottery'));
const PromotionsScreen = screen(() => import('./routes/promotions'));
const PointMallScreen = screen(() => import('./routes/point-mall'));
const WinnersScreen = screen(() => import('./routes/winners'));
const DownloadScreen = screen(withTexts(() => import('./routes/download'), ['download']));
const SeamlessScreen = screen(() => import('./routes/seamless'));
const NotFoundScreen = screen(() => import('./routes/not-found'));
const OidcCallbackScreen = screen(() => import('./routes/oidc-callback'));
const ResetPasswordScreen = screen(() => import('./routes/reset-password'));
const OpsScreen = screen(() => import('@client/features/operator/ops-area'));

/** A route's own error boundary: its screen failing leaves the rest of the site standing. */
const guarded = (element: ReactNode) => <RouteBoundary>{element}</RouteBoundary>;

const categoryRoute = (path: string, gameType: GameType, kind: 'center' | 'list'): RouteObject => ({
  path,
  element: guarded(<GameCategoryScreen gameType={gameType} kind={kind} />),
});

/** The route table (spec section 2); each leaf has its own error boundary. */
export const appRoutes: RouteObject[] = [
  // The operator console: its own login and layout, none of the player site's parts or popups.
  { path: paths.ops.path, element: guarded(<OpsScreen />) },
  {
    element: guarded(<RootLayout popups={popupContents} forcedPasswordChange={forcedPasswordChange} contractPopup={contractPopup} />),
    children: [
      {
        element: guarded(<AgentLayout />),
        children: [
          { path: paths.agent.path, element: guarded(<AgentLoginScreen />) },
          { path: paths.agentHome.path, element: guarded(<AgentsOnly>{(agent) => <AgentHomeScreen pages={agentPages} agent={agent} />}</AgentsOnly>) },
        ],
      },
      {
        element: guarded(<SiteLayout />),
        children: [
          // The home paths render the shared index view from the layout; these routes only match them.
          { path: paths.root.path, element: null },
          { path: paths.index.path, element: null },
          { path: paths.indexHtml.path, element: null },
          { path: paths.home.path, element: null },
          { path: paths.login.path, element: <RoutePopup kind="loginPopupModal" /> },
          { path: paths.register.path, element: <RoutePopup kind="registerModal" /> },
          { path: paths.member.path, element: guarded(<MemberScreen pages={memberPages} />) },
          { path: paths.help.path, element: guarded(<HelpScreen />) },
          categoryRoute(paths.sports.path, 'SPORTS', 'center'),
          categoryRoute(paths.esports.path, 'ESPORTS', 'center'),
          categoryRoute(paths.lott.path, 'LOTT', 'center'),
          categoryRoute(paths.elott.path, 'ELOTT', 'center'),
          categoryRoute(paths.live.path, 'LIVE', 'list'),
          categoryRoute(paths.fish.path, 'FISH', 'list'),
          categoryRoute(paths.rng.path, 'RNG', 'list'),
          categoryRoute(paths.pvp.path, 'PVP', 'list'),
          { path: paths.favorite.path, element: guarded(<MyGamesScreen list="favorite" />) },
          { path: paths.recent.path, element: guarded(<MyGamesScreen list="recent" />) },
          { path: paths.lottery.path, element: guarded(<LotteryScreen area="lottery" />) },
          { path: paths.seaLottery.path, element: guarded(<LotteryScreen area="seaLottery" />) },
          { path: paths.vnLottery.path, element: guarded(<LotteryScreen area="vnLottery" />) },
          { path: paths.promotions.path, element: guarded(<PromotionsScreen />) },
          { path: paths.pointMall.path, element: guarded(<PointMallScreen />) },
          { path: paths.winners.path, element: guarded(<WinnersScreen />) },
          { path: paths.download.path, element: guarded(<DownloadScreen />) },
          { path: paths.seamless.path, element: guarded(<SeamlessScreen />) },
          { path: paths.oidcCallback.path, element: guarded(<OidcCallbackScreen />) },
          { path: paths.resetPassword.path, element: guarded(<ResetPasswordScreen />) },
          { path: '*', element: guarded(<NotFoundScreen />) },
        ],
      },
    ],
  },
];

/** The history the routes render (`unstable_HistoryRouter` in app.tsx), browser or memory. */
export type AppHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;

/**
 * Navigation from outside React (the app actor, tests) over the one history the routes render.
 * The routes use the declarative router, not a data router (`createBrowserRouter`): the app has no
 * loaders, actions or fetchers, and the data router's code was 17 kB gzip of the first script (issue 15).
 */
export interface AppRouter {
  readonly history: AppHistory;
  readonly location: Location;
  /** A path, or a step back (-1) or forward through the history. */
  navigate: (to: To | number) => void;
}

/** `v5Compat`: a push or replace tells the history's listener (the router), as `BrowserRouter`'s own history does. */
export const createAppRouter = (history: AppHistory = UNSAFE_createBrowserHistory({ v5Compat: true })): AppRouter => ({
  history,
  get location() {
    return history.location;
  },
  navigate: (to) => (typeof to === 'number' ? history.go(to) : history.push(to)),
});
