import { History, Heart, LayoutGrid, type LucideIcon } from 'lucide-react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import clsx from 'clsx';
import type { VendorItem } from '@shared/contract/games';
import { Carousel } from '@client/components/carousel';
import { useImageUrl } from '@client/state/app-actor';
import { useAskToLogIn } from '../ask-to-log-in';
import { lobbySearch, PLAYER_TABS, VENDOR_MENU_SLIDES, withFilters, type LobbyFilters } from '../lobby-filters';

/** Fewer slides per view on a narrow menu (phones); VENDOR_MENU_SLIDES once it is desktop-wide. */
const VENDOR_MENU_BREAKPOINTS = { 0: 3, 480: 4, 720: VENDOR_MENU_SLIDES };

type MenuEntry =
  | { kind: 'filter'; id: 'ALL' | 'RECENT' | 'FAV'; label: string; icon: LucideIcon }
  | { kind: 'vendor'; id: string; vendor: VendorItem };

export interface VendorMenuProps {
  vendors: readonly VendorItem[];
  filters: LobbyFilters;
  signedIn: boolean;
}

/** GAMES-03, GAMES-04: All, Recent and Favorite, then the category's vendors, 6 to a view. */
export function VendorMenu({ vendors, filters, signedIn }: VendorMenuProps) {
  const askToLogIn = useAskToLogIn();
  const imageUrl = useImageUrl();
  const { t } = useTranslation('games');
  const entries: MenuEntry[] = [
    { kind: 'filter', id: 'ALL', label: t('lobby.all'), icon: LayoutGrid },
    { kind: 'filter', id: 'RECENT', label: t('lobby.recent'), icon: History },
    { kind: 'filter', id: 'FAV', label: t('lobby.favorite'), icon: Heart },
    ...vendors.map((vendor): MenuEntry => ({ kind: 'vendor', id: vendor.vassalage, vendor })),
  ];
  const ownTab = PLAYER_TABS.includes(filters.tab);

  const targetOf = (entry: MenuEntry): LobbyFilters => {
    if (entry.kind === 'vendor') return withFilters(filters, { vassalage: entry.vendor.vassalage });
    // All keeps a NEW or HOT list; Recent and Favorite are the player's lists across vendors.
    const tab = entry.id === 'ALL' ? (ownTab ? 'ALL' : filters.tab) : entry.id;
    return withFilters(filters, { vassalage: null, tab });
  };
  const isActive = (entry: MenuEntry): boolean =>
    entry.kind === 'vendor' ? filters.vassalage === entry.vendor.vassalage : !filters.vassalage && (entry.id === 'ALL' ? !ownTab : filters.tab === entry.id);
  const guard = (entry: MenuEntry) => (event: MouseEvent) => {
    if (entry.kind === 'filter' && entry.id !== 'ALL' && !signedIn) {
      event.preventDefault();
      askToLogIn();
    }
  };

  return (
    <Carousel
      className="vendor-menu"
      label={t('lobby.vendorMenu')}
      items={entries}
      getKey={(entry) => `${entry.kind}:${entry.id}`}
      slidesPerView={VENDOR_MENU_SLIDES}
      breakpoints={VENDOR_MENU_BREAKPOINTS}
      spaceBetween={10}
      // The page is drawn afresh for each choice: open the menu where the chosen entry is.
      initialIndex={Math.max(0, entries.findIndex(isActive))}
      navigation
      renderItem={(entry) => {
        const active = isActive(entry);
        return (
          <Link
            to={{ search: lobbySearch(targetOf(entry)) }}
            className={clsx('vendor-menu__item', active && 'is-active')}
            aria-current={active ? 'true' : undefined}
            onClick={guard(entry)}
          >
            {entry.kind === 'filter' ? (
              <entry.icon aria-hidden size={22} className="vendor-menu__icon" />
            ) : (
              <img src={imageUrl(entry.vendor.lagerIcon)} alt="" className="vendor-menu__logo" loading="lazy" />
            )}
            <span className="vendor-menu__name">{entry.kind === 'filter' ? entry.label : entry.vendor.displayName}</span>
            {entry.kind === 'vendor' && entry.vendor.maintenance && <span className="tag tag--muted">{t('lobby.maintenance')}</span>}
          </Link>
        );
      }}
    />
  );
}
