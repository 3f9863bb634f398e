import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@client/components/avatar';
import { lazyScreen } from '@client/lib/lazy-screen';
import { useSessionInfo } from '@client/state/app-actor';
import { ChunkFailed } from '../screen';

/** Whether the menu is open, for the failed chunk's notice, which shows in place of the list only while it is. */
const MenuOpen = createContext(false);

function ListFailed({ onRetry }: { onRetry: () => void }) {
  if (!useContext(MenuOpen)) return null;
  return (
    <div className="dropdown avatar-menu__list">
      <ChunkFailed onRetry={onRetry} />
    </div>
  );
}

/**
 * The menu's entries are their own chunk (issue 15): only a member who opens the menu needs them. The pointer on the
 * trigger or its focus fetches it ahead of the click; while it loads the open menu is not drawn yet (it overlays the
 * page, so nothing moves when it comes).
 */
const AvatarMenuList = lazyScreen(() => import('./avatar-menu-list').then(({ AvatarMenuList }) => ({ default: AvatarMenuList })), {
  fallbacks: {
    loading: null,
    failed: (retry) => <ListFailed onRetry={retry} />,
  },
});

/** Fetches the avatar menu's entries before it first opens. */
export const preloadAvatarMenu = (): Promise<void> => AvatarMenuList.preload();

/** SHELL-30/31: the member's avatar and name, opening the account menu. */
export function AvatarMenu() {
  const { t } = useTranslation(['shell', 'common']);
  const session = useSessionInfo();
  const [open, setOpen] = useState(false);
  // From the first opening on, the entries stay mounted: the sign-out confirmation they open outlives the list.
  const [opened, setOpened] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    return () => document.removeEventListener('mousedown', closeOutside);
  }, [open]);

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
        onPointerEnter={() => void preloadAvatarMenu()}
        onFocus={() => void preloadAvatarMenu()}
        onClick={() => {
          setOpened(true);
          setOpen((v) => !v);
        }}
      >
        <Avatar name={shownName} />
        <span className="avatar-menu__name">{shownName}</span>
        <ChevronDown aria-hidden size={16} />
      </button>
      {opened && (
        <MenuOpen.Provider value={open}>
          <AvatarMenuList open={open} label={menuLabel} onClose={() => setOpen(false)} />
        </MenuOpen.Provider>
      )}
    </div>
  );
}
