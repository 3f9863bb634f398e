import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from '@client/lib/api-client';

/** What screens and actors need of the API client; tests pass a fake with just `call`. */
export type AppApi = Pick<ApiClient, 'call'>;

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
