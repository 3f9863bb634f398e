import { useState, type FormEvent } from 'react';
import { RefreshCw, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';

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
