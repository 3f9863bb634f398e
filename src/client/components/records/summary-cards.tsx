import type { ReactNode } from 'react';

/** Key figures above a list, as label and value cards. */
export function SummaryCards({ items }: { items: { id: string; label: string; value: ReactNode }[] }) {
  return (
    <dl className="summary-list summary-list--figures">
      {items.map((item) => (
        <div key={item.id}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
