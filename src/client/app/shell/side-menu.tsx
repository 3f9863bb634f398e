import { useState } from 'react';
import {
  ArrowDownToLine,
  ArrowUpFromLine,
  Award,
  ChartLine,
  ChevronDown,
  Crown,
  FileText,
  Gift,
  Headset,
  Landmark,
  LogOut,
  MessageSquareText,
  MessagesSquare,
  PanelLeftClose,
  Receipt,
  Scale,
  ShieldCheck,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router-dom';
import { QueryNavLink } from '@client/components/query-nav-link';
import clsx from 'clsx';
import type { GameType } from '@shared/contract/games';
import { DEPOSIT_RECORD_FILTER, type MemberPage } from '@client/config/center-pages';
import { MENU_CATEGORIES } from '@client/config/menu';
import { categoryHref, memberPageHref, paths } from '@client/config/paths';
import { socialResources } from '@client/config/resources';
import { CATEGORY_ICONS } from '@client/features/games/category-icons';
import { useOpenCustomerService } from '@client/components/use-customer-service';
import { useSignOut } from './use-sign-out';
import { useVendorLanes, vendorHref } from '@client/features/games/use-vendor-lanes';
import { DownloadEntry } from './download-panel';
import { LanguageSelect } from './language-select';
import { Logo } from './logo';
import { SocialLinks } from './social-links';
import { ThemeToggle } from '@client/components/theme-toggle';
import { hasSession, isReferralEnabled, usePermission, usePopups, usePublicState, useSessionInfo, type PublicState } from '@client/state/app-actor';

interface Shortcut {
  id: string;
  /** The label's translation key. */
  labelKey: `shell:sideMenu.${'vip' | 'bettingRecord' | 'accountRecord' | 'securityCenter' | 'depositRecord' | 'personalProfit' | 'messages'}`;
  icon: LucideIcon;
  href: string;
}

function CategoryTree() {
  const { t } = useTranslation(['common', 'shell']);
  const { vendorsOf } = useVendorLanes();
  const [expanded, setExpanded] = useState<GameType | null>(null);
  return (
    <ul className="category-tree" aria-label={t('shell:sideMenu.categories')}>
      {MENU_CATEGORIES.map((gameType) => {
        const Icon = CATEGORY_ICONS[gameType];
        const vendors = vendorsOf(gameType);
        const href = categoryHref(gameType);
        const isOpen = expanded === gameType;
        const label = t(`common:gameTypes.${gameType}`);
        return (
          <li key={gameType} className="category-tree__node">
            <div className="category-tree__row">
              {href && (
                <NavLink to={href} className="side-menu__item">
                  <Icon aria-hidden size={18} />
                  <span>{label}</span>
                </NavLink>
              )}
              {vendors.length > 0 && (
                <button
                  type="button"
                  className={clsx('icon-button icon-button--small category-tree__toggle', isOpen && 'is-open')}
                  aria-expanded={isOpen}
                  aria-label={t('shell:sideMenu.vendorsOf', { category: label })}
                  onClick={() => setExpanded(isOpen ? null : gameType)}
                >
                  <ChevronDown aria-hidden size={16} />
                </button>
              )}
            </div>
            {isOpen && (
              <ul className="category-tree__vendors">
                {vendors.map((vendor) => {
                  const vendorLink = vendorHref(vendor);
                  return (
                    <li key={vendor.vassalage}>
                      {vendorLink ? (
                        <QueryNavLink to={vendorLink} className="category-tree__vendor">
                          {vendor.displayName}
                        </QueryNavLink>
                      ) : (
                        <span className="category-tree__vendor">{vendor.displayName}</span>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export interface SideMenuProps {
  onClose: () => void;
}

/** SHELL-35: the member shortcuts, VIP first and only when VIP is enabled. */
export const memberShortcuts = (state: Pick<PublicState, 'hasVip'>): Shortcut[] => [
  ...(state.hasVip ? [{ id: 'vip', labelKey: 'shell:sideMenu.vip', icon: Crown, href: memberPageHref('rewardCenter') } satisfies Shortcut] : []),
  { id: 'bets', labelKey: 'shell:sideMenu.bettingRecord', icon: Receipt, href: memberPageHref('personalHistoryCopy') },
  { id: 'account', labelKey: 'shell:sideMenu.accountRecord', icon: FileText, href: memberPageHref('transactionHistory') },
  { id: 'security', labelKey: 'shell:sideMenu.securityCenter', icon: ShieldCheck, href: memberPageHref('securityCenter') },
  { id: 'deposits', labelKey: 'shell:sideMenu.depositRecord', icon: Landmark, href: paths.member.getHref('transactionHistory', DEPOSIT_RECORD_FILTER) },
  { id: 'profit', labelKey: 'shell:sideMenu.personalProfit', icon: ChartLine, href: memberPageHref('personalProfit') },
  { id: 'messages', labelKey: 'shell:sideMenu.messages', icon: MessageSquareText, href: memberPageHref('messageV2') },
];

/** The side menu (SHELL-33 to SHELL-43). */
export function SideMenu({ onClose }: SideMenuProps) {
  const popups = usePopups();
  const { t } = useTranslation(['shell', 'common']);
  const navigate = useNavigate();
  const session = useSessionInfo();
  const publicState = usePublicState();
  const permission = usePermission();
  const openCustomerService = useOpenCustomerService();
  const { askToSignOut, signOutDialog } = useSignOut();
  const signedIn = hasSession(session);

  const goToMemberPage = (page: MemberPage) => (signedIn ? navigate(memberPageHref(page)) : popups.open('loginPopupModal'));

  const shortcuts = memberShortcuts(publicState);
  const socials = socialResources(permission?.resources ?? []);
  const customerService = publicState.customerService;

  return (
    <aside id="side-menu" className="side-menu" aria-label={t('shell:sideMenu.label')}>
      <div className="side-menu__top">
        <Logo />
        <button type="button" className="icon-button side-menu__close" onClick={onClose} aria-label={t('shell:header.hideMenu')}>
          <PanelLeftClose aria-hidden size={20} />
        </button>
      </div>

      <div className="side-menu__quick">
        <button type="button" className="quick-action quick-action--deposit" onClick={() => goToMemberPage('depositv2')}>
          <ArrowDownToLine aria-hidden size={20} />
          <span>{t('common:actions.deposit')}</span>
        </button>
        <button type="button" className="quick-action quick-action--withdraw" onClick={() => goToMemberPage('withdraw')}>
          <ArrowUpFromLine aria-hidden size={20} />
          <span>{t('common:actions.withdraw')}</span>
        </button>
        <NavLink to={paths.promotions.getHref()} className="quick-action quick-action--promo">
          <Gift aria-hidden size={20} />
          <span>{t('common:nav.promotions')}</span>
        </NavLink>
      </div>

      <nav className="side-menu__section" aria-label={t('shell:sideMenu.categories')}>
        <h2 className="side-menu__heading">{t('shell:sideMenu.categories')}</h2>
        <CategoryTree />
      </nav>

      <nav className="side-menu__section" aria-label={t('shell:sideMenu.member')}>
        <h2 className="side-menu__heading">{t('shell:sideMenu.member')}</h2>
        <ul className="side-menu__list">
          {shortcuts.map(({ id, labelKey, icon: Icon, href }) => (
            <li key={id}>
              <QueryNavLink to={href} className="side-menu__item">
                <Icon aria-hidden size={18} />
                <span>{t(labelKey)}</span>
              </QueryNavLink>
            </li>
          ))}
          {isReferralEnabled(publicState) && (
            <li>
              <QueryNavLink to={memberPageHref('referral')} className="side-menu__item">
                <UserPlus aria-hidden size={18} />
                <span>{t('shell:sideMenu.referral')}</span>
              </QueryNavLink>
            </li>
          )}
          <li>
            <QueryNavLink to={memberPageHref('rewardCenter')} className="side-menu__item">
              <Award aria-hidden size={18} />
              <span>{t('shell:sideMenu.rewardCenter')}</span>
            </QueryNavLink>
          </li>
          <li>
            {/* MEMBER-25: the chat room lists rooms and live models to anyone; launching a chat asks for sign-in there. */}
            <button type="button" className="side-menu__item" onClick={() => popups.open('chatRoom')}>
              <MessagesSquare aria-hidden size={18} />
              <span>{t('shell:sideMenu.chatRoom')}</span>
            </button>
          </li>
          <li>
            <button type="button" className="side-menu__item" onClick={() => popups.open('legalLicense')}>
              <Scale aria-hidden size={18} />
              <span>{t('shell:sideMenu.legalLicense')}</span>
            </button>
          </li>
          <li>
            <DownloadEntry />
          </li>
        </ul>
      </nav>

      {(customerService.length > 0 || socials.length > 0) && (
        <section className="side-menu__section" aria-label={t('shell:sideMenu.contact')}>
          <h2 className="side-menu__heading">{t('shell:sideMenu.contact')}</h2>
          <ul className="side-menu__list">
            {customerService.map((entry) => (
              <li key={`${entry.csType}:${entry.title}`}>
                <button type="button" className="side-menu__item" onClick={() => openCustomerService(entry)}>
                  <Headset aria-hidden size={18} />
                  <span>{entry.title}</span>
                </button>
              </li>
            ))}
          </ul>
          {socials.length > 0 && <SocialLinks resources={socials} />}
        </section>
      )}

      <div className="side-menu__section side-menu__footer">
        <LanguageSelect />
        <div className="side-menu__theme">
          <ThemeToggle />
        </div>
        {signedIn && (
          <button type="button" className="side-menu__item side-menu__item--danger" onClick={askToSignOut}>
            <LogOut aria-hidden size={18} />
            <span>{t('shell:sideMenu.signOut')}</span>
          </button>
        )}
      </div>
      {signOutDialog}
    </aside>
  );
}
