import type { ComponentType } from 'react';
import { ArrowDownToLine, ArrowUpFromLine, Headset, LogOut, MessageSquareText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, NavLink, useSearchParams } from 'react-router-dom';
import { NotBuilt } from '@client/components/not-built';
import { ScreenLoader } from '@client/components/spinner';
import { Logo } from '@client/app/shell/logo';
import { ThemeToggle } from '@client/components/theme-toggle';
import { preferredCustomerService } from '@client/lib/links';
import { useOpenCustomerService } from '@client/components/use-customer-service';
import { useSignOut } from '@client/app/shell/use-sign-out';
import { AGENT_PAGES, DEFAULT_AGENT_PAGE, type AgentPage } from '@client/config/center-pages';
import { agentPageHref, isAgentPage, memberPageHref, paths } from '@client/config/paths';
import type { CenterPages } from '../router';
import { usePublicState, useSessionInfo } from '@client/state/app-actor';

/** The visitor's offset from UTC, as GMT+7 (AGENT-08). */
export const gmtOffsetLabel = (date: Date = new Date()): string => {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `GMT${sign}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
};

/** The open page, or "not available yet" for a page not built. */
function PageContent({ page: Page }: { page: ComponentType | null }) {
  return Page ? <Page /> : <NotBuilt />;
}

/** SHELL-05: the agent center for agents — a left menu and a content area; anyone else goes to /agent. */
export default function AgentHomeScreen({ pages }: { pages: CenterPages<AgentPage> }) {
  const { t } = useTranslation(['shell', 'common']);
  const [params] = useSearchParams();
  const session = useSessionInfo();
  const { customerService } = usePublicState();
  const openCustomerService = useOpenCustomerService();
  const { askToSignOut, signOutDialog } = useSignOut();
  const requested = params.get('page');
  const page: AgentPage = isAgentPage(requested) ? requested : DEFAULT_AGENT_PAGE;
  const support = preferredCustomerService(customerService);

  if (session.status === 'restoring') return <ScreenLoader label={t('common:loading')} />;
  if (!session.isAgent || !session.member) return <Navigate to={paths.agent.getHref()} replace />;

  return (
    <div className="agent-center">
      <aside className="agent-center__menu" aria-label={t('shell:screens.agentHome')}>
        <div className="agent-center__brand">
          <Logo />
        </div>
        <div className="agent-center__who">
          <span className="avatar" aria-hidden>
            {(session.member.nickname || session.member.account).slice(0, 1).toUpperCase()}
          </span>
          <div>
            <p className="agent-center__name">{session.member.nickname || session.member.account}</p>
            <p className="agent-center__zone">{gmtOffsetLabel()}</p>
          </div>
        </div>
        <nav aria-label={t('shell:screens.agentHome')}>
          <ul className="center-menu__list">
            {AGENT_PAGES.map((entry) => (
              <li key={entry}>
                <NavLink to={agentPageHref(entry)} className="center-menu__item" aria-current={entry === page ? 'page' : undefined}>
                  {t(`shell:agentPages.${entry}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <ul className="center-menu__list center-menu__list--tools">
          <li>
            <Link to={memberPageHref('depositv2')} className="center-menu__item">
              <ArrowDownToLine aria-hidden size={16} />
              {t('common:actions.deposit')}
            </Link>
          </li>
          <li>
            <Link to={memberPageHref('withdraw')} className="center-menu__item">
              <ArrowUpFromLine aria-hidden size={16} />
              {t('common:actions.withdraw')}
            </Link>
          </li>
          <li>
            <Link to={memberPageHref('messageV2')} className="center-menu__item">
              <MessageSquareText aria-hidden size={16} />
              {t('shell:sideMenu.messages')}
            </Link>
          </li>
          {support && (
            <li>
              <button type="button" className="center-menu__item" onClick={() => openCustomerService(support)}>
                <Headset aria-hidden size={16} />
                {t('shell:customerService')}
              </button>
            </li>
          )}
          <li>
            <button type="button" className="center-menu__item center-menu__item--danger" onClick={askToSignOut}>
              <LogOut aria-hidden size={16} />
              {t('common:actions.logout')}
            </button>
          </li>
        </ul>
      </aside>
      <main className="agent-center__content" id="main">
        <div className="agent-center__bar">
          <h1 className="center-content__title">{t(`shell:agentPages.${page}`)}</h1>
          <ThemeToggle />
        </div>
        <PageContent page={pages[page]} />
      </main>
      {signOutDialog}
    </div>
  );
}
