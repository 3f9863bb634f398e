import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router-dom';
import type { SessionMember } from '@machines/auth/session.selectors';
import { ScreenLoader } from '@client/components/spinner';
import { paths } from '@client/config/paths';
import { useSessionInfo } from '@client/state/app-actor';

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
