import { createContext, useContext, type ReactNode } from 'react';
import type { AppApi } from '@client/lib/api-client';

const ApiContext = createContext<AppApi | null>(null);

export function ApiProvider({ api, children }: { api: AppApi; children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

/** The API client of the running app (a fake in tests). */
export const useApi = (): AppApi => {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi needs an <ApiProvider>');
  return api;
};
