import { ArrowDownToLine, ArrowUpFromLine, Menu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { memberPageHref } from '@client/config/paths';
import { AvatarMenu } from './avatar-menu';
import { BalancePill } from './balance-pill';
import { CategoryBar } from './category-bar';
import { Logo } from './logo';
import { NoticeBell } from './notice-bell';
import { ThemeToggle } from '@client/components/theme-toggle';
import { hasSession, useSessionInfo, usePopups } from '@client/state/app-actor';

export interface HeaderProps {
  sideMenuShown: boolean;
  onToggleSideMenu: () => void;
  /** The pointer is on the menu button or it has focus: a click may follow, so the side menu's chunk can be fetched now. */
  onSideMenuIntent?: () => void;
}

/** SHELL-26/27: login and register for guests; balance, deposit, withdraw and the avatar menu for members. */
export function Header({ sideMenuShown, onToggleSideMenu, onSideMenuIntent }: HeaderProps) {
  const popups = usePopups();
  const { t } = useTranslation(['shell', 'common']);
  const navigate = useNavigate();
  const session = useSessionInfo();
  const signedIn = hasSession(session);

  return (
    <header className="site-header">
      <div className="site-header__start">
        <button
          type="button"
          className="icon-button"
          onClick={onToggleSideMenu}
          onPointerEnter={onSideMenuIntent}
          onFocus={onSideMenuIntent}
          aria-label={sideMenuShown ? t('shell:header.hideMenu') : t('shell:header.showMenu')}
          aria-expanded={sideMenuShown}
          aria-controls="side-menu"
        >
          <Menu aria-hidden size={22} />
        </button>
        <span className="site-header__logo">
          <Logo />
        </span>
      </div>
      <CategoryBar />
      <div className="site-header__actions">
        <span className="theme-toggle-slot">
          <ThemeToggle />
        </span>
        <NoticeBell />
        {signedIn ? (
          <>
            <BalancePill />
            <button type="button" className="button button--primary button--compact hide-narrow" onClick={() => navigate(memberPageHref('depositv2'))}>
              <ArrowDownToLine aria-hidden size={16} />
              {t('common:actions.deposit')}
            </button>
            <button type="button" className="button button--outline button--compact hide-narrow" onClick={() => navigate(memberPageHref('withdraw'))}>
              <ArrowUpFromLine aria-hidden size={16} />
              {t('common:actions.withdraw')}
            </button>
            <AvatarMenu />
          </>
        ) : (
          session.status !== 'restoring' && (
            <>
              <button type="button" className="button button--outline button--compact" onClick={() => popups.open('loginPopupModal')}>
                {t('common:actions.login')}
              </button>
              <button type="button" className="button button--primary button--compact" onClick={() => popups.open('registerModal')}>
                {t('common:actions.register')}
              </button>
            </>
          )
        )}
      </div>
    </header>
  );
}
