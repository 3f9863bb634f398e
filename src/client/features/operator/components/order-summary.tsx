import type { ReactNode } from 'react';

/** What an action is about, as label–value rows at the top of its dialog. */
export function OrderSummary({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="ops-summary">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
