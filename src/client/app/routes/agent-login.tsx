import { BadgeCheck, ChartLine, Clock, HandCoins, Users, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Logo } from '@client/app/shell/logo';
import { ThemeToggle } from '@client/components/theme-toggle';
import { paths } from '@client/config/paths';
import { withSignInParts } from '../create-app-actor';
import { lazyPage } from '../screen';
import { useSessionInfo } from '@client/state/app-actor';
import { AGENT_LOGIN_PERKS, type AgentLoginPerk } from '@shared/boot-reads';

const AgentLoginForm = lazyPage(withSignInParts(() => import('@client/features/auth/components/agent-login-form')), (m) => m.AgentLoginForm);

const PERK_ICONS: Record<AgentLoginPerk, LucideIcon> = { team: Users, contracts: HandCoins, realtime: Clock, reports: ChartLine };

/**
 * SHELL-04 / AGENT-01: promotional text and the agent login form, with no site header or footer. The server paints the
 * promotion with the page (src/server/http/page-reads.ts), with these classes: keep the two alike.
 */
export default function AgentLoginScreen() {
  const { t } = useTranslation(['agent-login', 'shell', 'common']);
  const session = useSessionInfo();
  return (
    <div className="agent-login">
      <section className="agent-login__promo">
        <div className="agent-login__top">
          <Logo />
          <ThemeToggle />
        </div>
        <h1 className="agent-login__title">{t('agent-login:title')}</h1>
        <p className="agent-login__lead">{t('agent-login:lead')}</p>
        <ul className="agent-login__perks">
          {AGENT_LOGIN_PERKS.map((id) => {
            const Icon = PERK_ICONS[id];
            return (
              <li key={id}>
                <Icon aria-hidden size={22} />
                <div>
                  <p className="agent-login__perk-title">{t(`agent-login:perks.${id}.title`)}</p>
                  <p className="agent-login__perk-text">{t(`agent-login:perks.${id}.text`)}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </section>
      <section className="agent-login__form card" aria-labelledby="agent-login-heading">
        <h2 id="agent-login-heading">{t('agent-login:formTitle')}</h2>
        {session.isAgent ? (
          <div className="agent-login__signed-in">
            <BadgeCheck aria-hidden size={28} />
            <p>{t('agent-login:signedIn', { name: session.member?.nickname || session.member?.account })}</p>
            <Link to={paths.agentHome.getHref()} className="button button--primary">
              {t('shell:avatarMenu.agentCenter')}
            </Link>
          </div>
        ) : (
          <AgentLoginForm />
        )}
        <Link to={paths.root.getHref()} className="agent-login__back">
          {t('agent-login:backToSite')}
        </Link>
      </section>
    </div>
  );
}
