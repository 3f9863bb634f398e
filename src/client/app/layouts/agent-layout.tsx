import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router-dom';
import type { SessionMember } from '@machines/auth/session.selectors';
import { ScreenLoader } from '@client/components/spinner';
import { isAgentViewPath, paths } from '@client/config/paths';
import { isStoredSessionAgent } from '@client/features/auth/session-storage';
import { withTexts } from '@client/lib/i18n';
import { useSessionInfo } from '@client/state/app-actor';
import { screen } from '../screen';

export const AgentLoginScreen = screen(withTexts(() => import('../routes/agent-login'), ['agent-login']));
export const AgentHomeScreen = screen(() => import('../routes/agent-home'));

/**
 * The screen an agent page will show, fetched at boot beside the texts rather than after the first render (issue 15:
 * the agent login's text is a visitor's largest paint there): the center for a tab whose session is an agent's on
 * /agentHome, the agent login otherwise (AgentsOnly sends anyone else there).
 */
export const preloadAgentPage = async (pathname: string): Promise<void> => {
  if (!isAgentViewPath(pathname)) return;
  const onCenter = pathname.toLowerCase() === paths.agentHome.path.toLowerCase() && isStoredSessionAgent();
  await (onCenter ? AgentHomeScreen : AgentLoginScreen).preload();
};

/** SHELL-18: the agent pages show only the agent view — no side menu, header, banner, footer or mini game. */
export function AgentLayout() {
  return (
    <div className="agent-site">
      <Outlet />
    </div>
  );
}

/**
 * SHELL-05: the agent center is for agents; anyone else goes to /agent. Decided here, before the center's code is
 * asked for: a visitor's /agentHome fetches the login screen at once, not the center first.
 */
export function AgentsOnly({ children }: { children: (agent: SessionMember) => ReactNode }) {
  const { t } = useTranslation('common');
  const session = useSessionInfo();
  if (session.status === 'restoring') return <ScreenLoader label={t('loading')} />;
  if (!session.isAgent || !session.member) return <Navigate to={paths.agent.getHref()} replace />;
  return children(session.member);
}
