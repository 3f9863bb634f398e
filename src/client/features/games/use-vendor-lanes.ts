import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { VendorItem } from '@shared/contract/games';
import { isGameType, type GameType } from '@shared/contract/games.values';
import { useSessionCachedQuery } from '@client/state/queries';
import { categoryHref } from '@client/config/paths';
import { regroupVendorLanes } from './game-menus';

const NO_VENDORS: readonly VendorItem[] = [];

/**
 * Vendors per game type from the vendor list call (API-40), for the header drop-downs, the side-menu
 * tree and the lobby pages: kept in session storage until the language changes (GAMES-29), grouped
 * as the game menus are (GAMES-28).
 */
export const useVendorLanes = () => {
  const { i18n } = useTranslation();
  const query = useSessionCachedQuery('vendorList', { query: { language: i18n.language } }, i18n.language);
  const lanes = useMemo(() => regroupVendorLanes(query.data?.data.lanes ?? []), [query.data]);
  return {
    isPending: query.isPending,
    vendorsOf: (gameType: GameType): readonly VendorItem[] => lanes.find((l) => l.gameType === gameType)?.vendors ?? NO_VENDORS,
  };
};

/** A vendor's own game list: its category page filtered by vendor code (`/rng?vassalage=…`, SHELL-12). */
export const vendorHref = (vendor: Pick<VendorItem, 'gameType' | 'vassalage'>): string | null => {
  const base = isGameType(vendor.gameType) ? categoryHref(vendor.gameType) : null;
  return base ? `${base}?${new URLSearchParams({ vassalage: vendor.vassalage })}` : null;
};
