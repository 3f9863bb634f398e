import { useCallback, type ComponentType } from 'react';
import { ArrowDownToLine, ArrowUpFromLine, Headset, LogOut, MessageSquareText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { SessionMember } from '@machines/auth/session.selectors';
import { Avatar } from '@client/components/avatar';
import { NotBuilt } from '@client/components/not-built';
import { Logo } from '@client/app/shell/logo';
import { useSignOut } from '@client/app/shell/use-sign-out';
import { ThemeToggle } from '@client/components/theme-toggle';
import { useOpenCustomerService } from '@client/components/use-customer-service';
import { preferredCustomerService } from '@client/lib/links';
import { AgentClock } from '@client/features/agent/components/agent-clock';
import { revealInRow } from '@client/features/agent/reveal-in-row';
import { useAgentMenuPages } from '@client/features/agent/use-agent-menu';
import { DEFAULT_AGENT_PAGE, type AgentPage } from '@client/config/center-pages';
import { agentPageHref, isAgentPage, memberPageHref } from '@client/config/paths';
import { usePublicState } from '@client/state/app-actor';
import type { CenterPages } from '../router';

/** The open page, or "not available yet" for a page not built. */
function PageContent({ page: Page }: { page: ComponentType | null }) {
  return Page ? <Page /> : <NotBuilt />;
}

/** SHELL-05: the agent center for agents (AgentsOnly sends anyone else to /agent): a left menu and a content area. */
export default function AgentHomeScreen({ pages, agent }: { pages: CenterPages<AgentPage>; agent: SessionMember }) {
  const { t } = useTranslation(['shell', 'common']);
  const [params] = useSearchParams();
  const { customerService } = usePublicState();
  const openCustomerService = useOpenCustomerService();
  const { askToSignOut, signOutDialog } = useSignOut();
  const requested = params.get('page');
  const page: AgentPage = isAgentPage(requested) ? requested : DEFAULT_AGENT_PAGE;
  const support = preferredCustomerService(customerService);
  const menuPages = useAgentMenuPages();
  // On phones the menu is a sideways row: the open page's entry is brought into it when the page changes.
  const revealCurrent = useCallback((item: HTMLAnchorElement | null) => revealInRow(item), [page]);

  return (
    <div className="agent-center">
      <aside className="agent-center__menu" aria-label={t('shell:screens.agentHome')}>
        <div className="agent-center__brand">
          <Logo />
        </div>
        <div className="agent-center__who">
          <Avatar name={agent.nickname || agent.account} />
          <div>
            <p className="agent-center__name">{agent.nickname || agent.account}</p>
            <AgentClock />
          </div>
        </div>
        <nav aria-label={t('shell:screens.agentHome')}>
          <ul className="center-menu__list">
            {menuPages.map((entry) => (
              <li key={entry}>
                {/* Link, not NavLink: every page shares the path /agentHome, which NavLink alone would mark current. */}
                <Link
                  to={agentPageHref(entry)}
                  className="center-menu__item"
                  aria-current={entry === page ? 'page' : undefined}
                  ref={entry === page ? revealCurrent : undefined}
                >
                  {t(`shell:agentPages.${entry}`)}
                </Link>
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
