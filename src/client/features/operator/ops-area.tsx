import { useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import { isOpsPage, paths, type OpsPage } from '@client/config/paths';
import { OpsConsole } from './components/ops-console';
import { OpsLogin } from './components/ops-login';
import { useOpsSession } from './ops-session';
import { AccessLocksPage } from './pages/access-locks-page';
import { AnnouncementsPage } from './pages/announcements-page';
import { AuditLogPage } from './pages/audit-log-page';
import { BannersPage } from './pages/banners-page';
import { ChatPage } from './pages/chat-page';
import { ContractsPage } from './pages/contracts-page';
import { DashboardPage } from './pages/dashboard-page';
import { DepositsPage } from './pages/deposits-page';
import { GamesPage } from './pages/games-page';
import { JobIncidentsPage } from './pages/job-incidents-page';
import { MembersPage } from './pages/members-page';
import { MessagesPage } from './pages/messages-page';
import { MissionsPage } from './pages/missions-page';
import { OutboxPage } from './pages/outbox-page';
import { PointsMallPage } from './pages/points-mall-page';
import { PointsRedeemsPage } from './pages/points-redeems-page';
import { PromotionsPage } from './pages/promotions-page';
import { RedEnvelopesPage } from './pages/red-envelopes-page';
import { RegionBlocksPage } from './pages/region-blocks-page';
import { VipLevelsPage } from './pages/vip-levels-page';
import { WithdrawalsPage } from './pages/withdrawals-page';
import './operator.css';

const PAGES: Record<OpsPage, ComponentType> = {
  dashboard: DashboardPage,
  deposits: DepositsPage,
  withdrawals: WithdrawalsPage,
  pointsRedeems: PointsRedeemsPage,
  members: MembersPage,
  contracts: ContractsPage,
  games: GamesPage,
  pointsMall: PointsMallPage,
  missions: MissionsPage,
  promotions: PromotionsPage,
  redEnvelopes: RedEnvelopesPage,
  vip: VipLevelsPage,
  chat: ChatPage,
  announcements: AnnouncementsPage,
  banners: BannersPage,
  messages: MessagesPage,
  outbox: OutboxPage,
  accessLocks: AccessLocksPage,
  regionBlocks: RegionBlocksPage,
  jobIncidents: JobIncidentsPage,
  auditLog: AuditLogPage,
};

/**
 * /ops: the operator console. Without an operator session (a player's token does not count) it
 * is the operator sign-in at /ops; with one, the page named by ?page= (the dashboard by default).
 */
export default function OpsArea() {
  // Suspends until the console's translations are loaded.
  useTranslation('operator');
  const { session } = useOpsSession();
  const [params] = useSearchParams();
  const requested = params.get('page');
  const page: OpsPage = isOpsPage(requested) ? requested : 'dashboard';

  // In braces: Chromium's scroll methods return a promise, which an effect must not return (React calls it at clean-up).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [page]);

  if (!session) {
    if (requested !== null) return <Navigate to={paths.ops.getHref()} replace />;
    return <OpsLogin />;
  }
  const Page = PAGES[page];
  return (
    <OpsConsole page={page} operator={session.operator}>
      <Page key={page} />
    </OpsConsole>
  );
}
