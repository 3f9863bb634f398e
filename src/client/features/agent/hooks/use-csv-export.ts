import { useMutation } from '@tanstack/react-query';
import type { CsvExport } from '@shared/contract/agent';
import type { QueryInputOf } from '@shared/contract/http';
import { useApi } from '@client/state/api';
import type { ApiCallError } from '@client/lib/api-client';
import { saveTextFile } from '../save-file';

/** The reports' CSV calls: the same filters as the page, every page of it (README, "CSV export"). */
export type ExportKey = 'agentTeamBetsExport' | 'agentUserProfitLossExport' | 'agentIncomeExport' | 'agentTransactionsExport';

/** Asks the server for the report as CSV and saves it; the answer says whether rows were left out. */
export const useCsvExport = <K extends ExportKey>(key: K) => {
  const api = useApi();
  return useMutation<CsvExport, ApiCallError, QueryInputOf<K>>({
    mutationFn: async (query) => {
      const file = (await api.call(key, { query })) as CsvExport;
      saveTextFile(file.fileName, file.contentType, file.content);
      return file;
    },
  });
};
