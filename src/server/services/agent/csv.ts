import { stringify } from 'csv-stringify/sync';
import { CSV_MAX_ROWS, type CsvExport } from '@shared/contract/agent';
import type { Range } from '../records/records';
import { formatAtOffset } from './team-query';

/**
 * The reports' CSV files, made on the server from the same query as the page (every page of it,
 * up to CSV_MAX_ROWS rows) so the file and the screen never disagree. Cells that a spreadsheet
 * would run as a formula (= + - @ at the start) are escaped by csv-stringify.
 */

/** Every row of a report in one page, and whether rows were left out. */
export const ALL_ROWS = { pageNo: 1, pageSize: CSV_MAX_ROWS } as const;

interface CsvColumn<Row> {
  header: string;
  cell: (row: Row) => string | number | null;
}

export const csvExport = <Row>(
  name: string,
  range: Range,
  offsetMinutes: number,
  columns: CsvColumn<Row>[],
  page: { list: Row[]; total: number },
  totalsLine: (string | number | null)[],
): CsvExport => {
  const day = (instant: Date) => formatAtOffset(instant, offsetMinutes).slice(0, 10).replace(/-/g, '');
  const content = stringify([columns.map((c) => c.header), ...page.list.map((row) => columns.map((c) => c.cell(row))), totalsLine], {
    escape_formulas: true,
    record_delimiter: 'windows',
  });
  return {
    fileName: `${name}-${day(range.start)}-${day(range.end)}.csv`,
    contentType: 'text/csv',
    content,
    rowCount: page.list.length,
    truncated: page.total > page.list.length,
  };
};

/** Times in the files are local to the caller, as yyyy-MM-dd HH:mm:ss. */
export const csvTime = (iso: string | null, offsetMinutes: number): string => (iso ? formatAtOffset(iso, offsetMinutes) : '');
