import { useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MAX_FILTER_LEVEL } from '@shared/contract/agent';
import { TextField } from '@client/components/form';

export type Scope = {
  account?: string;
  level?: number;
};

/** Narrows a team report or list to members whose name contains a text and to one level of the tree. */
export function ScopeFilters({ value, onChange }: { value: Scope; onChange: (scope: Scope) => void }) {
  const { t } = useTranslation('agent');
  const [account, setAccount] = useState(value.account ?? '');
  const [level, setLevel] = useState(value.level ? String(value.level) : '');
  const levelNumber = Number(level);
  const levelInvalid = level !== '' && (!Number.isInteger(levelNumber) || levelNumber < 1 || levelNumber > MAX_FILTER_LEVEL);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (levelInvalid) return;
    const name = account.trim();
    // An emptied field is named as undefined, so that it clears the filter the page holds.
    onChange({ account: name || undefined, level: level ? levelNumber : undefined });
  };
  return (
    <form className="scope-filters" role="search" aria-label={t('filters.search')} onSubmit={submit} noValidate>
      <TextField label={t('filters.account')} value={account} maxLength={64} autoComplete="off" onChange={(e) => setAccount(e.target.value)} />
      <TextField
        label={t('filters.level')}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_FILTER_LEVEL}
        value={level}
        placeholder={t('filters.allLevels')}
        onChange={(e) => setLevel(e.target.value)}
        error={levelInvalid ? t('filters.levelInvalid', { max: MAX_FILTER_LEVEL }) : null}
      />
      <button type="submit" className="button button--primary button--compact scope-filters__submit">
        <Search aria-hidden size={16} />
        {t('filters.apply')}
      </button>
    </form>
  );
}
