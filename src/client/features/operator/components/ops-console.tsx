import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  ArrowDownToLine,
  ArrowUpFromLine,
  Crown,
  FileSignature,
  GalleryHorizontal,
  Gamepad2,
  Gift,
  LayoutDashboard,
  LockKeyholeOpen,
  LogOut,
  Mail,
  Mails,
  Megaphone,
  MessagesSquare,
  PackageCheck,
  ScrollText,
  Send,
  ShieldBan,
  Target,
  Ticket,
  TriangleAlert,
  WalletCards,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { OperatorSession } from '@shared/contract/operator';
import { Avatar } from '@client/components/avatar';
import { BrandLogo } from '@client/components/brand-logo';
import { OPS_PAGES, paths, type OpsPage } from '@client/config/paths';
import { ThemeToggle } from '@client/components/theme-toggle';
import { useForgetOpsData, useOpsApi } from '../ops-api';
import { endOpsSession } from '../ops-session';

const PAGE_ICONS: Record<OpsPage, LucideIcon> = {
  dashboard: LayoutDashboard,
  deposits: ArrowDownToLine,
  withdrawals: ArrowUpFromLine,
  pointsRedeems: PackageCheck,
  members: WalletCards,
  contracts: FileSignature,
  games: Gamepad2,
  pointsMall: Gift,
  missions: Target,
  promotions: Ticket,
  redEnvelopes: Mail,
  vip: Crown,
  chat: MessagesSquare,
  announcements: Megaphone,
  banners: GalleryHorizontal,
  messages: Send,
  outbox: Mails,
  accessLocks: LockKeyholeOpen,
  regionBlocks: ShieldBan,
  jobIncidents: TriangleAlert,
  auditLog: ScrollText,
};

/**
 * AUTH-49: the role label beside the operator's name. Operator accounts are admins (operators.role
 * defaults to 'admin'), labelled Admin; the label grants nothing, every signed-in operator uses the
 * whole console. A role the client does not know shows as stored.
 */
export function OperatorRoleLabel({ role }: { role: string }) {
  const { t } = useTranslation('auth');
  return role === 'admin' ? <span className="tag">{t('roles.admin')}</span> : <span className="tag tag--muted">{role}</span>;
}

/** The console's own layout: its menu, the page title, the operator and sign-out; nothing of the player site. */
export function OpsConsole({ page, operator, children }: { page: OpsPage; operator: OperatorSession['operator']; children: ReactNode }) {
  const { t } = useTranslation('operator');
  const api = useOpsApi();
  const forgetData = useForgetOpsData();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const currentLink = useRef<HTMLAnchorElement>(null);

  // On a phone the menu is a strip that scrolls sideways: keep the open page's entry in it.
  // In braces: Chromium's scroll methods return a promise, which an effect must not return.
  useEffect(() => {
    currentLink.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [page]);

  const signOut = async () => {
    setSigningOut(true);
    try {
      await api.call('operatorLogout');
    } catch {
      // The token is dropped here whatever the server answered; an unreachable server keeps it until it expires.
    } finally {
      endOpsSession();
      forgetData();
      navigate(paths.ops.getHref(), { replace: true });
    }
  };

  return (
    <div className="ops-shell">
      <aside className="ops-shell__menu">
        <div className="ops-shell__menu-inner">
          <div className="ops-shell__brand">
            <BrandLogo className="ops-shell__logo" />
            <span className="ops-shell__badge">{t('console')}</span>
          </div>
          <nav aria-label={t('nav.label')}>
            <ul className="ops-nav">
              {OPS_PAGES.map((entry) => {
                const Icon = PAGE_ICONS[entry];
                return (
                  <li key={entry}>
                    <Link
                      ref={entry === page ? currentLink : undefined}
                      to={paths.ops.getHref(entry)}
                      className="ops-nav__item"
                      aria-current={entry === page ? 'page' : undefined}
                    >
                      <Icon aria-hidden size={18} />
                      <span>{t(`nav.${entry}`)}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        </div>
      </aside>
      <div className="ops-shell__body">
        <header className="ops-topbar">
          <h1 className="ops-topbar__title">{t(`nav.${page}`)}</h1>
          <div className="ops-topbar__tools">
            <span className="ops-topbar__who" title={t('signedInAs', { name: operator.username, role: operator.role })}>
              <Avatar name={operator.username} />
              <span className="ops-topbar__name">{operator.username}</span>
              <OperatorRoleLabel role={operator.role} />
            </span>
            <ThemeToggle />
            <button type="button" className="button button--ghost button--compact" onClick={() => void signOut()} disabled={signingOut} aria-label={t('signOut')}>
              <LogOut aria-hidden size={16} />
              <span className="ops-topbar__signout">{t('signOut')}</span>
            </button>
          </div>
        </header>
        <main className="ops-shell__content">{children}</main>
      </div>
    </div>
  );
}
