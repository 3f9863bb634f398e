import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { VendorCategory, VendorItem } from '@shared/contract/games';
import { COCKFIGHT_VENDORS, ESPORTS_VENDORS, type GameType } from '@shared/contract/games.values';
import { useApiQuery } from '@client/state/queries';

/** The categories the platform files its e-sports and cockfight vendors under SPORTS for (GAMES-28). */
const SPLIT_FROM_SPORTS = [
  { category: 'ESPORTS', vendors: ESPORTS_VENDORS as readonly string[] },
  { category: 'COCKFIGHT', vendors: COCKFIGHT_VENDORS as readonly string[] },
] as const;

/** Where a vendor found under SPORTS belongs: ESPORTS, COCKFIGHT, or SPORTS itself. */
export const sportsVendorCategory = (vassalage: string): string =>
  SPLIT_FROM_SPORTS.find((split) => split.vendors.includes(vassalage))?.category ?? 'SPORTS';

/**
 * Moves the items of SPORTS that belong to a split category into that category (merged into an
 * existing one, or a new one right after SPORTS), keeping every other category as it came.
 */
const splitSports = <C, I>(
  categories: readonly C[],
  codeOf: (category: C) => string,
  itemsOf: (category: C) => readonly I[],
  vendorOf: (item: I) => string,
  withItems: (category: C | null, code: string, items: I[]) => C,
): C[] => {
  const sports = categories.find((c) => codeOf(c) === 'SPORTS');
  if (!sports) return [...categories];
  const moved = new Map<string, I[]>();
  for (const item of itemsOf(sports)) {
    const code = sportsVendorCategory(vendorOf(item));
    if (code !== 'SPORTS') moved.set(code, [...(moved.get(code) ?? []), item]);
  }
  if (moved.size === 0) return [...categories];
  const result: C[] = [];
  for (const category of categories) {
    const code = codeOf(category);
    if (category === sports) {
      result.push(withItems(category, code, itemsOf(category).filter((item) => sportsVendorCategory(vendorOf(item)) === 'SPORTS')));
      for (const { category: split } of SPLIT_FROM_SPORTS) {
        const items = moved.get(split);
        if (items && !categories.some((c) => codeOf(c) === split)) result.push(withItems(null, split, items));
      }
    } else if (moved.has(code)) {
      result.push(withItems(category, code, [...itemsOf(category), ...(moved.get(code) ?? [])]));
    } else {
      result.push(category);
    }
  }
  return result;
};

/** GAMES-28 over the game menus: e-sports and cockfight vendor cards leave SPORTS for their own categories. */
export const regroupGameMenus = (menus: readonly VendorCategory[], titleOf: (category: string) => string): VendorCategory[] =>
  splitSports(
    menus,
    (menu) => menu.gameCategory,
    (menu) => menu.cards,
    (card) => card.vassalage,
    (menu, code, cards) => (menu ? { ...menu, cards } : { gameCategory: code, title: titleOf(code), gameClassify: '', cards }),
  );

export interface VendorLane {
  gameType: string;
  vendors: VendorItem[];
}

/** GAMES-28 over the vendor lanes, so the header drop-downs and side-menu tree group vendors as the menus do. */
export const regroupVendorLanes = (lanes: readonly VendorLane[]): VendorLane[] =>
  splitSports(
    lanes,
    (lane) => lane.gameType,
    (lane) => lane.vendors,
    (vendor) => vendor.vassalage,
    (lane, code, vendors) => ({ ...lane, gameType: code, vendors }),
  );

/** The game menus (API-32) regrouped per GAMES-28, in the interface language. */
export const useGameMenus = () => {
  const { t, i18n } = useTranslation('common');
  const query = useApiQuery('gameMenus', { query: { language: i18n.language } });
  const menus = useMemo(() => (query.data ? regroupGameMenus(query.data, (code) => t(`gameTypes.${code as GameType}`)) : undefined), [query.data, t]);
  return { ...query, menus };
};
