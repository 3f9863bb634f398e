import { useState, type FormEvent, type MouseEvent } from 'react';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import clsx from 'clsx';
import type { GameClassify } from '@shared/contract/games';
import { useAskToLogIn } from '../ask-to-log-in';
import { LOBBY_TABS, lobbySearch, PLAYER_TABS, withFilters, type LobbyFilters } from '../lobby-filters';

function FilterLink({ filters, active, label, onClick }: { filters: LobbyFilters; active: boolean; label: string; onClick?: (event: MouseEvent) => void }) {
  return (
    <Link to={{ search: lobbySearch(filters) }} className={clsx('chip', active && 'is-active')} aria-current={active ? 'true' : undefined} onClick={onClick}>
      {label}
    </Link>
  );
}

/** GAMES-08: NEW, FAV, ALL, HOT and RECENT; a guest choosing FAV or RECENT is asked to log in. */
export function LobbyTabs({ filters, signedIn }: { filters: LobbyFilters; signedIn: boolean }) {
  const askToLogIn = useAskToLogIn();
  const { t } = useTranslation('games');
  return (
    <nav className="chip-row lobby-list-tabs" aria-label={t('lobby.tabsLabel')}>
      {LOBBY_TABS.map((tab) => (
        <FilterLink
          key={tab}
          filters={withFilters(filters, { tab })}
          active={filters.tab === tab}
          label={t(`lobby.tabs.${tab}`)}
          onClick={
            !signedIn && PLAYER_TABS.includes(tab)
              ? (event) => {
                  event.preventDefault();
                  askToLogIn();
                }
              : undefined
          }
        />
      ))}
    </nav>
  );
}

/** GAMES-09, GAMES-10: the sub-type filters offered in this language. */
export function SubTypeFilter({ filters, subTypes }: { filters: LobbyFilters; subTypes: readonly GameClassify[] }) {
  const { t } = useTranslation('games');
  return (
    <nav className="chip-row lobby-sub-types" aria-label={t('lobby.subTypesLabel')}>
      <FilterLink filters={withFilters(filters, { subType: null })} active={filters.subType === null} label={t('lobby.allSubTypes')} />
      {subTypes.map((subType) => (
        <FilterLink key={subType} filters={withFilters(filters, { subType })} active={filters.subType === subType} label={t(`lobby.subTypes.${subType}`)} />
      ))}
    </nav>
  );
}

/** GAMES-05: the game-name search; the name is trimmed before it becomes gameName. */
export function LobbySearch({ name, onSearch }: { name: string; onSearch: (name: string) => void }) {
  const { t } = useTranslation('games');
  const [draft, setDraft] = useState(name);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form className="search-box lobby-search" role="search" onSubmit={submit}>
      <Search aria-hidden size={18} />
      <input type="search" value={draft} onChange={(e) => setDraft(e.target.value)} placeholder={t('lobby.searchPlaceholder')} aria-label={t('lobby.searchLabel')} maxLength={64} />
      <button type="submit" className="button button--primary button--compact">
        {t('lobby.search')}
      </button>
    </form>
  );
}
