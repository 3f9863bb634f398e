import { useEffect, useRef, useState } from 'react';
import { BriefcaseBusiness, ChevronDown, Crown, Headset, LogOut, MessageSquareText, Receipt, UserRound, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { memberPageHref, paths } from '@client/config/paths';
import { Avatar } from '@client/components/avatar';
import { useOpenCustomerService } from '@client/components/use-customer-service';
import { useSignOut } from './use-sign-out';
import { usePublicState, useSessionInfo } from '@client/state/app-actor';

interface MenuEntry {
  id: string;
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
}

/** SHELL-30/31: account shortcuts, live chat, the agent entry for agents, and sign out. */
export function AvatarMenu() {
  const { t } = useTranslation(['shell', 'common']);
  const navigate = useNavigate();
  const session = useSessionInfo();
  const { customerService, hasVip, vipLabelName, vipRankLevel } = usePublicState();
  const openCustomerService = useOpenCustomerService();
  const { askToSignOut, signOutDialog } = useSignOut();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    return () => document.removeEventListener('mousedown', closeOutside);
  }, [open]);

  const liveChat = customerService.find((c) => c.csType === 'LIVECHAT');
  const entries: MenuEntry[] = [
    // MEMBER-16: the member's VIP level, leading to the reward centre's VIP section.
    ...(hasVip
      ? [
          {
            id: 'vip',
            label: vipRankLevel > 0 ? t('shell:avatarMenu.vip', { name: vipLabelName, rank: vipRankLevel }) : t('shell:avatarMenu.vipNone'),
            icon: Crown,
            onSelect: () => navigate(memberPageHref('rewardCenter')),
          },
        ]
      : []),
    { id: 'account', label: t('shell:avatarMenu.myAccount'), icon: UserRound, onSelect: () => navigate(memberPageHref('securityCenter')) },
    { id: 'bets', label: t('shell:avatarMenu.bettingRecord'), icon: Receipt, onSelect: () => navigate(memberPageHref('personalHistoryCopy')) },
    { id: 'messages', label: t('shell:avatarMenu.platformMessages'), icon: MessageSquareText, onSelect: () => navigate(memberPageHref('messageV2')) },
    ...(liveChat ? [{ id: 'livechat', label: t('shell:avatarMenu.liveChat'), icon: Headset, onSelect: () => openCustomerService(liveChat) }] : []),
    ...(session.isAgent ? [{ id: 'agent', label: t('shell:avatarMenu.agentCenter'), icon: BriefcaseBusiness, onSelect: () => navigate(paths.agentHome.getHref()) }] : []),
    { id: 'signout', label: t('shell:avatarMenu.signOut'), icon: LogOut, onSelect: askToSignOut },
  ];

  const shownName = session.member?.nickname || session.member?.account || '';
  // Named by the name it shows first, so a voice command saying what is on screen finds the button.
  const menuLabel = t('shell:header.avatarMenu', { name: shownName });
  return (
    <div className="avatar-menu" ref={rootRef} onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        className="avatar-menu__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={menuLabel}
        onClick={() => setOpen((v) => !v)}
      >
        <Avatar name={shownName} />
        <span className="avatar-menu__name">{shownName}</span>
        <ChevronDown aria-hidden size={16} />
      </button>
      {open && (
        <ul className="dropdown avatar-menu__list" role="menu" aria-label={menuLabel}>
          {entries.map(({ id, label, icon: Icon, onSelect }) => (
            <li key={id} role="none">
              <button
                type="button"
                role="menuitem"
                className={id === 'signout' ? 'dropdown__item dropdown__item--danger' : 'dropdown__item'}
                onClick={() => {
                  setOpen(false);
                  onSelect();
                }}
              >
                <Icon aria-hidden size={18} />
                {label}
              </button>
            </li>
          ))}
        </ul>
      )}
      {signOutDialog}
    </div>
  );
}
