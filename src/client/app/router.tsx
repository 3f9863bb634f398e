import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import type { GameType } from '@shared/contract/games';
import { paths } from '@client/config/paths';
import { AgentLayout } from './layouts/agent-layout';
import { RootLayout } from './layouts/root-layout';
import { SiteLayout } from './layouts/site-layout';
import { RouteError } from './route-error';
import { RoutePopup } from './route-popup';
import { screen } from './screen';

const AgentLoginScreen = screen(() => import('./routes/agent-login'));
const AgentHomeScreen = screen(() => import('./routes/agent-home'));
const MemberScreen = screen(() => import('./routes/member'));
const HelpScreen = screen(() => import('./routes/help'));
const GameCategoryScreen = screen(() => import('./routes/game-category'));
const MyGamesScreen = screen(() => import('./routes/my-games'));
const LotteryScreen = screen(() => import('./routes/lottery'));
const PromotionsScreen = screen(() => import('./routes/promotions'));
const PointMallScreen = screen(() => import('./routes/point-mall'));
const WinnersScreen = screen(() => import('./routes/winners'));
const SeamlessScreen = screen(() => import('./routes/seamless'));
const NotFoundScreen = screen(() => import('./routes/not-found'));
const OidcCallbackScreen = screen(() => import('./routes/oidc-callback'));
const ResetPasswordScreen = screen(() => import('./routes/reset-password'));
const OpsScreen = screen(() => import('@client/features/operator/ops-area'));

const errorElement = <RouteError />;

const categoryRoute = (path: string, gameType: GameType, kind: 'center' | 'list'): RouteObject => ({
  path,
  element: <GameCategoryScreen gameType={gameType} kind={kind} />,
  errorElement,
});

/** The route table (spec section 2); each leaf has its own error boundary. */
export const appRoutes: RouteObject[] = [
  // The operator console: its own login and layout, none of the player site's parts or popups.
  { path: paths.ops.path, element: <OpsScreen />, errorElement },
  {
    element: <RootLayout />,
    errorElement,
    children: [
      {
        element: <AgentLayout />,
        errorElement,
        children: [
          { path: paths.agent.path, element: <AgentLoginScreen />, errorElement },
          { path: paths.agentHome.path, element: <AgentHomeScreen />, errorElement },
        ],
      },
      {
        element: <SiteLayout />,
        errorElement,
        children: [
          // The home paths render the shared index view from the layout; these routes only match them.
          { path: paths.root.path, element: null },
          { path: paths.index.path, element: null },
          { path: paths.indexHtml.path, element: null },
          { path: paths.home.path, element: null },
          { path: paths.login.path, element: <RoutePopup kind="loginPopupModal" /> },
          { path: paths.register.path, element: <RoutePopup kind="registerModal" /> },
          { path: paths.member.path, element: <MemberScreen />, errorElement },
          { path: paths.help.path, element: <HelpScreen />, errorElement },
          categoryRoute(paths.sports.path, 'SPORTS', 'center'),
          categoryRoute(paths.esports.path, 'ESPORTS', 'center'),
          categoryRoute(paths.lott.path, 'LOTT', 'center'),
          categoryRoute(paths.elott.path, 'ELOTT', 'center'),
          categoryRoute(paths.live.path, 'LIVE', 'list'),
          categoryRoute(paths.fish.path, 'FISH', 'list'),
          categoryRoute(paths.rng.path, 'RNG', 'list'),
          categoryRoute(paths.pvp.path, 'PVP', 'list'),
          { path: paths.favorite.path, element: <MyGamesScreen list="favorite" />, errorElement },
          { path: paths.recent.path, element: <MyGamesScreen list="recent" />, errorElement },
          { path: paths.lottery.path, element: <LotteryScreen area="lottery" />, errorElement },
          { path: paths.seaLottery.path, element: <LotteryScreen area="seaLottery" />, errorElement },
          { path: paths.vnLottery.path, element: <LotteryScreen area="vnLottery" />, errorElement },
          { path: paths.promotions.path, element: <PromotionsScreen />, errorElement },
          { path: paths.pointMall.path, element: <PointMallScreen />, errorElement },
          { path: paths.winners.path, element: <WinnersScreen />, errorElement },
          { path: paths.seamless.path, element: <SeamlessScreen />, errorElement },
          { path: paths.oidcCallback.path, element: <OidcCallbackScreen />, errorElement },
          { path: paths.resetPassword.path, element: <ResetPasswordScreen />, errorElement },
          { path: '*', element: <NotFoundScreen />, errorElement },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
