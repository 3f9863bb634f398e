import { useState, type FormEvent } from 'react';
import { RefreshCw, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { OPS_PAGE_SIZE } from '../ops-api';

/** Chips that pick one value of a list filter; the first chip is usually "all". */
export function ChipFilter<V extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <div className="chip-row ops-chips" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={clsx('chip', option.value === value && 'is-active')}
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** A search box that applies its text on submit; an empty search clears the filter. */
export function SearchBox({ label, initial = '', onSearch }: { label: string; initial?: string; onSearch: (text: string) => void }) {
  const { t } = useTranslation('operator');
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form className="ops-search" role="search" onSubmit={submit}>
      <input className="ops-input" type="search" aria-label={label} placeholder={label} value={text} onChange={(e) => setText(e.target.value)} />
      <button type="submit" className="button button--ghost button--compact">
        <Search aria-hidden size={16} />
        {t('list.search')}
      </button>
    </form>
  );
}

export function RefreshButton({ onRefresh, busy }: { onRefresh: () => void; busy: boolean }) {
  const { t } = useTranslation('operator');
  return (
    <button type="button" className={clsx('icon-button', busy && 'is-spinning')} onClick={onRefresh} aria-label={t('list.refresh')} title={t('list.refresh')}>
      <RefreshCw aria-hidden size={18} />
    </button>
  );
}

/** The filters of an order queue: a status (or all), a member search, and the page; changing a filter goes back to page 1. */
export function useQueueFilters<S extends string>(initialStatus: S) {
  const [status, setStatus] = useState<S | 'ALL'>(initialStatus);
  const [account, setAccount] = useState('');
  const [pageNo, setPageNo] = useState(1);
  return {
    status,
    pageNo,
    setPageNo,
    query: { pageNo, pageSize: OPS_PAGE_SIZE, status: status === 'ALL' ? undefined : status, account: account || undefined },
    chooseStatus: (next: S | 'ALL') => {
      setStatus(next);
      setPageNo(1);
    },
    searchAccount: (text: string) => {
      setAccount(text);
      setPageNo(1);
    },
  };
}

/** Status chips (each status, then all), the member search and a refresh button above an order queue. */
export function QueueToolbar<S extends string>({
  statuses,
  statusLabel,
  filters,
  onRefresh,
  busy,
}: {
  statuses: readonly S[];
  statusLabel: (status: S) => string;
  filters: Pick<ReturnType<typeof useQueueFilters<S>>, 'status' | 'chooseStatus' | 'searchAccount'>;
  onRefresh: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation('operator');
  return (
    <div className="ops-toolbar">
      <ChipFilter
        label={t('list.statusFilter')}
        options={[...statuses.map((s) => ({ value: s as S | 'ALL', label: statusLabel(s) })), { value: 'ALL' as const, label: t('list.all') }]}
        value={filters.status}
        onChange={filters.chooseStatus}
      />
      <div className="ops-toolbar__end">
        <SearchBox label={t('list.memberSearch')} onSearch={filters.searchAccount} />
        <RefreshButton onRefresh={onRefresh} busy={busy} />
      </div>
    </div>
  );
}
