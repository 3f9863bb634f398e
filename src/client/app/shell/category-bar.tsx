import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import clsx from 'clsx';
import type { GameType, VendorItem } from '@shared/contract/games';
import { useImageUrl } from '@client/state/app-actor';
import { DROPDOWN_NORMAL_MAX_VENDORS, MENU_CATEGORIES } from '@client/config/menu';
import { categoryHref } from '@client/config/paths';
import { CATEGORY_ICONS } from '@client/features/games/category-icons';
import { useVendorLanes, vendorHref } from '@client/features/games/use-vendor-lanes';

/** SHELL-29: more than 10 vendors use the large layout. */
export const dropdownLayout = (vendorCount: number): 'large' | 'normal' => (vendorCount > DROPDOWN_NORMAL_MAX_VENDORS ? 'large' : 'normal');

function VendorDropdown({ gameType, vendors }: { gameType: GameType; vendors: readonly VendorItem[] }) {
  const imageUrl = useImageUrl();
  const { t } = useTranslation();
  const layout = dropdownLayout(vendors.length);
  return (
    <div className={clsx('vendor-dropdown', `vendor-dropdown--${layout}`)} data-layout={layout} aria-label={t(`gameTypes.${gameType}`)}>
      <ul className="vendor-dropdown__grid">
        {vendors.map((vendor) => {
          const href = vendorHref(vendor);
          const content = (
            <>
              <img src={imageUrl(vendor.lagerIcon)} alt="" className="vendor-dropdown__icon" loading="lazy" />
              <span className="vendor-dropdown__name">{vendor.displayName}</span>
              {vendor.maintenance && <span className="tag tag--muted">{t('maintenance')}</span>}
            </>
          );
          return (
            <li key={vendor.vassalage}>
              {href ? (
                <NavLink to={href} className="vendor-dropdown__item">
                  {content}
                </NavLink>
              ) : (
                <span className="vendor-dropdown__item">{content}</span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The header's game categories; hovering or focusing one lists its vendors (SHELL-28). */
export function CategoryBar() {
  const { t } = useTranslation(['common', 'shell']);
  const { vendorsOf } = useVendorLanes();
  const [openType, setOpenType] = useState<GameType | null>(null);

  return (
    <nav className="category-bar" aria-label={t('shell:header.categories')}>
      <ul className="category-bar__list">
        {MENU_CATEGORIES.map((gameType) => {
          const Icon = CATEGORY_ICONS[gameType];
          const vendors = vendorsOf(gameType);
          const href = categoryHref(gameType);
          const label = t(`common:gameTypes.${gameType}`);
          return (
            <li
              key={gameType}
              className="category-bar__entry"
              onMouseEnter={() => setOpenType(gameType)}
              onMouseLeave={() => setOpenType((current) => (current === gameType ? null : current))}
              onFocus={() => setOpenType(gameType)}
              onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setOpenType(null)}
            >
              {href && (
                <NavLink to={href} className="category-bar__link" aria-label={label} title={label}>
                  <Icon aria-hidden size={20} />
                  <span aria-hidden>{label}</span>
                </NavLink>
              )}
              {openType === gameType && vendors.length > 0 && <VendorDropdown gameType={gameType} vendors={vendors} />}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
