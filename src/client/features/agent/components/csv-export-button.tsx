import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CSV_MAX_ROWS } from '@shared/contract/agent';
import type { QueryInputOf } from '@shared/contract/http';
import { FormAlert } from '@client/components/form';
import { useCsvExport, type ExportKey } from '../hooks/use-csv-export';

/** Downloads the report as CSV with the page's filters; says so when the file had to stop at CSV_MAX_ROWS rows. */
export function CsvExportButton<K extends ExportKey>({ exportKey, query }: { exportKey: K; query: QueryInputOf<K> | null }) {
  const { t } = useTranslation(['agent', 'errors']);
  const exporter = useCsvExport(exportKey);
  return (
    <div className="csv-export">
      <button
        type="button"
        className="button button--outline button--compact"
        disabled={query === null || exporter.isPending}
        aria-busy={exporter.isPending}
        onClick={() => query && exporter.mutate(query)}
      >
        <Download aria-hidden size={16} />
        {t('agent:reports.export')}
      </button>
      {exporter.isError && <FormAlert>{t(`errors:${exporter.error.code}`)}</FormAlert>}
      {exporter.data?.truncated && <FormAlert tone="info">{t('agent:reports.truncated', { rows: CSV_MAX_ROWS })}</FormAlert>}
    </div>
  );
}
