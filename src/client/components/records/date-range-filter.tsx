import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { TextField } from '@client/components/form';
import { DATE_PRESETS, dateRangeIssue, presetOf, presetRange, RECORD_MAX_RANGE_DAYS, type DateRange } from './date-range';

export interface DateRangeFilterProps {
  value: DateRange;
  onChange: (range: DateRange) => void;
}

/** Start and end dates with the presets of CONST-04; a range the server would refuse is explained, not sent. */
export function DateRangeFilter({ value, onChange }: DateRangeFilterProps) {
  const { t } = useTranslation('records');
  const active = presetOf(value);
  const issue = dateRangeIssue(value);
  return (
    <fieldset className="date-range">
      <legend className="visually-hidden">{t('filters.dateRange')}</legend>
      <div className="chip-row" role="group" aria-label={t('filters.presets')}>
        {DATE_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className={clsx('chip', active === preset && 'is-active')}
            aria-pressed={active === preset}
            onClick={() => onChange(presetRange(preset))}
          >
            {t(`filters.preset.${preset}`)}
          </button>
        ))}
      </div>
      <div className="date-range__inputs">
        <TextField type="date" label={t('filters.from')} value={value.from} onChange={(e) => onChange({ ...value, from: e.target.value })} />
        <TextField type="date" label={t('filters.to')} value={value.to} onChange={(e) => onChange({ ...value, to: e.target.value })} />
      </div>
      {issue && (
        <p className="form-field__error" role="alert">
          {t(`filters.issue.${issue}`, { days: RECORD_MAX_RANGE_DAYS })}
        </p>
      )}
    </fieldset>
  );
}
