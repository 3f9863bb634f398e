import { useTranslation } from 'react-i18next';
import { GameType, type VendorItem } from '@shared/contract/games';
import { useApiQuery } from '@client/app/query';
import { categoryHref } from '@client/config/paths';

const NO_VENDORS: readonly VendorItem[] = [];

/** Vendors per game type from the vendor list call (API-40), for the header drop-downs and the side-menu tree. */
export const useVendorLanes = () => {
  const { i18n } = useTranslation();
  const query = useApiQuery('vendorList', { query: { language: i18n.language } });
  const lanes = query.data?.data.lanes ?? [];
  return {
    vendorsOf: (gameType: GameType): readonly VendorItem[] => lanes.find((l) => l.gameType === gameType)?.vendors ?? NO_VENDORS,
  };
};

/** A vendor's own game list: its category page filtered by vendor code (`/rng?vassalage=…`, SHELL-12). */
export const vendorHref = (vendor: Pick<VendorItem, 'gameType' | 'vassalage'>): string | null => {
  const parsed = GameType.safeParse(vendor.gameType);
  const base = parsed.success ? categoryHref(parsed.data) : null;
  return base ? `${base}?${new URLSearchParams({ vassalage: vendor.vassalage })}` : null;
};
