import { useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import clsx from 'clsx';
import type { GameType, VendorItem } from '@shared/contract/games';
import { EmptyState } from '@client/components/empty-state';
import { GameTile } from '@client/components/game-tile';
import { ScreenHeader } from '@client/components/screen-header';
import { CATEGORY_ICONS } from '@client/features/shell/category-icons';
import { GameGrid } from '@client/features/shell/components/game-grid';
import { useVendorLanes, vendorHref } from '@client/features/shell/use-vendor-lanes';
import { categoryHref } from '@client/config/paths';
import { useApiQuery } from '../query';
import { imageUrl } from '../stores/system-store';

/** Games per page in the category lists (GAMES-06). */
export const CATEGORY_PAGE_SIZE = 18;

function VendorFilter({ gameType, vendors, selected }: { gameType: GameType; vendors: readonly VendorItem[]; selected: string | null }) {
  const { t } = useTranslation('shell');
  const base = categoryHref(gameType) ?? '/';
  return (
    <nav className="chip-row" aria-label={t('games.vendors')}>
      <Link to={base} className={clsx('chip', selected === null && 'is-active')} aria-current={selected === null ? 'page' : undefined}>
        {t('games.all')}
      </Link>
      {vendors.map((vendor) => (
        <Link
          key={vendor.vassalage}
          to={vendorHref(vendor) ?? base}
          className={clsx('chip', selected === vendor.vassalage && 'is-active')}
          aria-current={selected === vendor.vassalage ? 'page' : undefined}
        >
          {vendor.displayName}
        </Link>
      ))}
    </nav>
  );
}

function VendorCards({ vendors }: { vendors: readonly VendorItem[] }) {
  const { t } = useTranslation(['shell', 'common']);
  if (vendors.length === 0) return <EmptyState title={t('common:in_no_data')} />;
  return (
    <ul className="game-grid game-grid--vendors">
      {vendors.map((vendor) => {
        const href = vendorHref(vendor);
        return (
          <li key={vendor.vassalage}>
            <GameTile
              name={vendor.displayName}
              imageUrl={imageUrl(vendor.lagerIcon)}
              caption={vendor.maintenance ? t('common:maintenance') : undefined}
              action={
                href && !vendor.maintenance ? (
                  <Link to={href} className="button button--primary button--compact">
                    {t('shell:games.enter')}
                  </Link>
                ) : undefined
              }
            />
          </li>
        );
      })}
    </ul>
  );
}

function GameList({ gameType, vassalage }: { gameType: GameType; vassalage: string | null }) {
  const { t, i18n } = useTranslation('shell');
  const [draft, setDraft] = useState('');
  const [gameName, setGameName] = useState('');
  const games = useApiQuery('gameList', {
    query: { gameType, pageSize: CATEGORY_PAGE_SIZE, language: i18n.language, ...(vassalage ? { vassalage } : {}), ...(gameName ? { gameName } : {}) },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setGameName(draft.trim());
  };
  return (
    <>
      <form className="search-box" role="search" onSubmit={submit}>
        <Search aria-hidden size={18} />
        <input type="search" value={draft} onChange={(e) => setDraft(e.target.value)} placeholder={t('games.searchPlaceholder')} aria-label={t('games.search')} maxLength={64} />
        <button type="submit" className="button button--primary button--compact">
          {t('games.search')}
        </button>
      </form>
      <GameGrid games={games.data?.games ?? []} isPending={games.isPending} error={games.error} onRetry={() => void games.refetch()} />
    </>
  );
}

export interface GameCategoryScreenProps {
  gameType: GameType;
  /** center: the category's vendors (SHELL-08); list: its games (SHELL-09). */
  kind: 'center' | 'list';
}

/** A category page: its vendors as a filter, and its vendors or games (with ?vassalage, one vendor's, SHELL-12). */
export default function GameCategoryScreen({ gameType, kind }: GameCategoryScreenProps) {
  const { t } = useTranslation(['common', 'shell']);
  const [params] = useSearchParams();
  const vassalage = params.get('vassalage');
  const { vendorsOf } = useVendorLanes();
  const vendors = vendorsOf(gameType);
  const vendor = vendors.find((v) => v.vassalage === vassalage);
  const title = t(`common:gameTypes.${gameType}`);

  return (
    <div className="screen" data-category={gameType}>
      <ScreenHeader
        icon={CATEGORY_ICONS[gameType]}
        title={vassalage ? `${title} · ${vendor?.displayName ?? vassalage}` : title}
        subtitle={t(kind === 'center' ? 'shell:games.centerSubtitle' : 'shell:games.listSubtitle')}
      />
      <VendorFilter gameType={gameType} vendors={vendors} selected={vassalage} />
      {kind === 'center' && !vassalage ? <VendorCards vendors={vendors} /> : <GameList gameType={gameType} vassalage={vassalage} />}
    </div>
  );
}
