import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { createActor, fromCallback, type EventObject } from 'xstate';
import type { LiveBusInput } from '@machines/app/bus-bridge';
import { onlineMachine } from '@machines/app/online.machine';
import type { Balance } from '@shared/contract/wallet';
import { createAgentLiveCacheLogic } from '@client/features/agent/agent-live-cache';
import { readSessionToken } from '@client/features/auth/session-storage';
import { createContractPopupLogic } from '@client/features/contracts/contract-popup.actors';
import { createUnreadCountLogic } from '@client/features/messages/unread-count.actors';
import { createMissionCountLogic } from '@client/features/missions/mission-count.actors';
import { createPromotionsLiveCacheLogic } from '@client/features/promotions/live-cache';
import { createBalanceLogic } from '@client/features/wallet/balance.actors';
import { createLiveCacheLogic } from '@client/features/wallet/live-cache';
import { actorOptions } from '@client/lib/actor-inspection';
import type { AppApi } from '@client/lib/api-client';
import type { EarlyRead } from '@client/lib/early-read';
import { staleOnEvents } from '@client/state/stale-on-events';
import { showToast } from '@client/state/ui-state';

/**
 * The live caches of every area, as one actor of the online machine: each keeps its own cached
 * server reads in step with the bus while a session is online.
 */
const createLiveCachesLogic = (queryClient: QueryClient) => {
  const areas = [
    createLiveCacheLogic(queryClient),
    createAgentLiveCacheLogic(queryClient),
    createPromotionsLiveCacheLogic(queryClient),
    // The chat room modal's live models: an operator marking one online shows at once.
    staleOnEvents(queryClient, ['liveModels:changed'], ['liveModelList']),
  ];
  return fromCallback<EventObject, LiveBusInput>(({ input }) => {
    const running = areas.map((logic) => createActor(logic, { ...actorOptions, input }).start());
    return () => running.forEach((actor) => actor.stop());
  });
};

/**
 * The online machine with the app's side effects (STYLE.md C3): what the live machine loads with
 * the first login and runs while a session is online (src/client/app/create-app-actor.ts).
 */
export const createOnlineLogic = ({ api, queryClient, earlyBalance }: { api: AppApi; queryClient: QueryClient; earlyBalance: EarlyRead<Balance> }) =>
  onlineMachine.provide({
    actors: {
      balance: createBalanceLogic(api, () => earlyBalance.take(readSessionToken())),
      unreadCount: createUnreadCountLogic(api),
      liveCache: createLiveCachesLogic(queryClient),
      contractPopup: createContractPopupLogic(api, queryClient),
      missionCount: createMissionCountLogic(api),
    },
    actions: {
      // The user's own logout needs no notice; any other end of the session does.
      announceRevocation: () => void showToast(i18next.t('errors:SESSION_EXPIRED'), 'warning'),
    },
  });
