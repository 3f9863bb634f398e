import { Suspense, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { unstable_HistoryRouter as HistoryRouter, useLocation, useRoutes } from 'react-router-dom';
import type { LiveBus } from '@machines/app/bus-bridge';
import { BrandLogo } from '@client/components/brand-logo';
import { Spinner } from '@client/components/spinner';
import { i18next } from '@client/lib/i18n';
import { isOpsPath } from '@client/config/paths';
import { SystemGate } from '@client/features/system/system-gate';
import type { AppApi } from '@client/lib/api-client';
import { ApiProvider } from '@client/state/api';
import { AppActorProvider, type AppActor } from '@client/state/app-actor';
import { appRoutes, type AppRouter } from './router';

export interface AppProps {
  api: AppApi;
  /** The app actor, started (create-app-actor.ts), and the bus it drives. */
  app: AppActor;
  bus: LiveBus;
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

function TranslatedShell({ children }: { children: ReactNode }) {
  // Suspends until the current language's namespaces are loaded.
  useTranslation(['common', 'shell']);
  return <>{children}</>;
}

/** The routes behind the system gate; the operator console passes it whatever the status. */
function GatedRoutes() {
  const routes = useRoutes(appRoutes);
  return <SystemGate bypass={isOpsPath(useLocation().pathname)}>{routes}</SystemGate>;
}

/** The whole client: API, app actor, cached reads, translations, system status, then the routes. */
export function App({ api, app, bus, router, queryClient }: AppProps) {
  return (
    <ApiProvider api={api}>
      <AppActorProvider app={app} bus={bus}>
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={<Splash />}>
            <TranslatedShell>
              <HistoryRouter history={router.history}>
                <GatedRoutes />
              </HistoryRouter>
            </TranslatedShell>
          </Suspense>
        </QueryClientProvider>
      </AppActorProvider>
    </ApiProvider>
  );
}
