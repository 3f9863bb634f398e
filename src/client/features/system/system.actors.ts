import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { deriveSystemStatus } from '@shared/contract/system.values';
import { siteMachine } from '@machines/system/site.machine';
import { applyLanguageConfig } from '@client/lib/i18n';
import { rememberMerchantCode } from '@client/lib/merchant-code';
import type { AppApi } from '@client/lib/api-client';
import { fetchApiQuery } from '@client/state/queries';

/**
 * The site machine with its real calls: the permission and the status (the status endpoint's
 * answer when it comes, otherwise derived from the permission flags, maintenance first, SHELL-47);
 * the merchant code is remembered and the merchant's languages applied (SHELL-55).
 */
export const createSiteLogic = (api: AppApi, queryClient: QueryClient) =>
  siteMachine.provide({
    actors: {
      // Through the query cache, which holds the answers a page with reads came with (src/client/app/boot-reads.ts).
      loadSite: fromPromise(async () => {
        const [permission, status] = await Promise.all([
          fetchApiQuery(queryClient, api, 'systemPermission'),
          fetchApiQuery(queryClient, api, 'systemStatus').catch(() => null),
        ]);
        rememberMerchantCode(permission.merchantCode);
        await applyLanguageConfig(permission);
        return { permission, status: status?.status ?? deriveSystemStatus(permission) };
      }),
      loadStatus: fromPromise(async () => (await api.call('systemStatus')).status),
    },
  });
