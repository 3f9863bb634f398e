import type { ReactNode } from 'react';
import clsx from 'clsx';

export interface RecordColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'start' | 'end';
}

export interface RecordTableProps<T> {
  caption: string;
  columns: RecordColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  footer?: ReactNode;
}

/** A record list as a table; on narrow screens each row becomes a card labelled by its headers. */
export function RecordTable<T>({ caption, columns, rows, rowKey, footer }: RecordTableProps<T>) {
  return (
    <div className="record-table-wrap">
      <table className="record-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={clsx(column.align === 'end' && 'is-end')}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.id} data-label={column.header} className={clsx(column.align === 'end' && 'is-end')}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {footer && <tfoot>{footer}</tfoot>}
      </table>
    </div>
  );
}
