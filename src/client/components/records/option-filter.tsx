import { useTranslation } from 'react-i18next';
import { SelectField } from '@client/components/form';

/** A record filter over a fixed list of values, with "all" first; undefined means all. */
export function OptionFilter<V extends string>({
  label,
  options,
  value,
  optionLabel,
  onChange,
}: {
  label: string;
  options: readonly V[];
  value: V | undefined;
  optionLabel: (value: V) => string;
  onChange: (value: V | undefined) => void;
}) {
  const { t } = useTranslation('records');
  return (
    <SelectField label={label} value={value ?? ''} onChange={(e) => onChange(e.target.value ? (e.target.value as V) : undefined)}>
      <option value="">{t('filters.all')}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {optionLabel(option)}
        </option>
      ))}
    </SelectField>
  );
}
