import clsx from 'clsx';

/** A row of toggle chips of which exactly one is pressed (a period, a figure to chart). */
export function ChoiceChips<V extends string>({
  label,
  options,
  value,
  optionLabel,
  onChange,
}: {
  label: string;
  options: readonly V[];
  value: V;
  optionLabel: (option: V) => string;
  onChange: (option: V) => void;
}) {
  return (
    <div className="chip-row" role="group" aria-label={label}>
      {options.map((option) => (
        <button key={option} type="button" className={clsx('chip', option === value && 'is-active')} aria-pressed={option === value} onClick={() => onChange(option)}>
          {optionLabel(option)}
        </button>
      ))}
    </div>
  );
}
