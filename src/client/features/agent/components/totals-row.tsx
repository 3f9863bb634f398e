import type { ReactNode } from 'react';
import clsx from 'clsx';
import type { RecordColumn } from '@client/components/records/record-table';

/**
 * A report table's totals line (the table's footer): the label under the first column, each total
 * under its own column, the other cells empty. Totals cover the whole filter, not only this page.
 */
export function TotalsRow<T>({ label, columns, totals }: { label: string; columns: RecordColumn<T>[]; totals: Partial<Record<string, ReactNode>> }) {
  return (
    <tr className="record-table__totals">
      {columns.map((column, index) =>
        index === 0 ? (
          <th key={column.id} scope="row" data-label={column.header}>
            {label}
          </th>
        ) : (
          <td key={column.id} data-label={column.header} className={clsx(column.align === 'end' && 'is-end', totals[column.id] === undefined && 'is-blank')}>
            {totals[column.id]}
          </td>
        ),
      )}
    </tr>
  );
}
