import { BriefcaseBusiness, Crown, Headset, LogOut, MessageSquareText, Receipt, UserRound, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { memberPageHref, paths } from '@client/config/paths';
import { useOpenCustomerService } from '@client/components/use-customer-service';
import { useSignOut } from './use-sign-out';
import { usePublicState, useSessionInfo } from '@client/state/app-actor';

interface MenuEntry {
  id: string;
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
}

export interface AvatarMenuListProps {
  open: boolean;
  /** The menu's accessible name, the trigger's. */
  label: string;
  onClose: () => void;
}

/**
 * The avatar menu's entries (SHELL-30/31): account shortcuts, live chat, the agent entry for agents, and sign out,
 * with the sign-out confirmation. Its own chunk (issue 15), mounted from the menu's first opening and kept mounted
 * after, so the confirmation outlives the list that asked for it.
 */
export function AvatarMenuList({ open, label, onClose }: AvatarMenuListProps) {
  const { t } = useTranslation(['shell', 'common']);
  const navigate = useNavigate();
  const session = useSessionInfo();
  const { customerService, hasVip, vipLabelName, vipRankLevel } = usePublicState();
  const openCustomerService = useOpenCustomerService();
  const { askToSignOut, signOutDialog } = useSignOut();

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

  return (
    <>
      {open && (
        <ul className="dropdown avatar-menu__list" role="menu" aria-label={label}>
          {entries.map(({ id, label: entryLabel, icon: Icon, onSelect }) => (
            <li key={id} role="none">
              <button
                type="button"
                role="menuitem"
                className={id === 'signout' ? 'dropdown__item dropdown__item--danger' : 'dropdown__item'}
                onClick={() => {
                  onClose();
                  onSelect();
                }}
              >
                <Icon aria-hidden size={18} />
                {entryLabel}
              </button>
            </li>
          ))}
        </ul>
      )}
      {signOutDialog}
    </>
  );
}
