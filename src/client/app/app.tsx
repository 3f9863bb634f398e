import { Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { BrandLogo } from '@client/components/brand-logo';
import { Spinner } from '@client/components/spinner';
import { i18next } from '@client/lib/i18n';
import { isOpsPath } from '@client/config/paths';
import { SystemGate } from '@client/features/system/system-gate';
import type { AppApi } from './api';
import { ApiProvider } from './api-context';
import { sessionInfoStore } from './stores/session-info';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export interface AppProps {
  api: AppApi;
  router: AppRouter;
  queryClient: QueryClient;
}

function Splash() {
  return (
    <div className="splash">
      <BrandLogo className="splash__logo" />
      <Spinner label={i18next.t('loading')} />
    </div>
  );
}

/** Another member (or none) means other answers: drop what was cached for the previous one. */
function ForgetDataOnSessionChange({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useEffect(() => {
    let memberId = sessionInfoStore.get().member?.id ?? null;
    return sessionInfoStore.subscribe(() => {
      const next = sessionInfoStore.get().member?.id ?? null;
      if (next === memberId) return;
      memberId = next;
      queryClient.removeQueries();
    });
  }, [queryClient]);
  return <>{children}</>;
}

function TranslatedShell({ children }: { children: ReactNode }) {
  // Suspends until the current language's namespaces are loaded.
  useTranslation(['common', 'shell', 'errors']);
  return <>{children}</>;
}

/** Whether the router is in the operator console; re-renders only when that changes. */
const useInOpsConsole = (router: AppRouter): boolean =>
  useSyncExternalStore(router.subscribe, () => isOpsPath(router.state.location.pathname));

/** The whole client: API, cached reads, translations, system status, then the routes. */
export function App({ api, router, queryClient }: AppProps) {
  const inOpsConsole = useInOpsConsole(router);
  return (
    <ApiProvider api={api}>
      <QueryClientProvider client={queryClient}>
        <ForgetDataOnSessionChange queryClient={queryClient}>
          <Suspense fallback={<Splash />}>
            <TranslatedShell>
              <SystemGate bypass={inOpsConsole}>
                <RouterProvider router={router} />
              </SystemGate>
            </TranslatedShell>
          </Suspense>
        </ForgetDataOnSessionChange>
      </QueryClientProvider>
    </ApiProvider>
  );
}
