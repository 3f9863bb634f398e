import { createActor, fromCallback, waitFor, type ActorRefFrom } from 'xstate';
import type { Permission, SystemStatusCode } from '@shared/contract/system';
import { appMachine, type StoredSession } from '@machines/app/app.machine';
import { liveMachine } from '@machines/app/live.machine';
import { onlineMachine, type OnlineMachine } from '@machines/app/online.machine';
import type { SessionMachine } from '@machines/auth/session.machine';
import { SYSTEM_IDS } from '@machines/shared/ids';
import { siteMachine, type SiteConfig } from '@machines/system/site.machine';
import { balanceMachine } from '@machines/wallet/balance.machine';
import { unreadCountMachine } from '@machines/messages/unread-count.machine';
import { createFakeBus } from '../../helpers/fake-bus';
import { makePermission } from '../../helpers/permission-fixture';
import { answeringActor } from './fakes';

const GUEST: StoredSession = { token: null, userName: null, passwordChangePending: false };

export interface AppSystemOptions {
  /** The children under test, provided by the test (session, popup queue, favourites...). */
  actors: NonNullable<Parameters<typeof appMachine.provide>[0]['actors']>;
  permission?: Partial<Permission>;
  storedSession?: StoredSession;
}

/**
 * The root app actor with the children a test provides, a site that loads `permission` at once and a
 * live machine on a fake bus; resolves once the site is in and the session runs.
 */
export const startAppSystem = async ({ actors, permission = {}, storedSession = GUEST }: AppSystemOptions) => {
  const bus = createFakeBus();
  const site: SiteConfig = { permission: makePermission(permission), status: 0 };
  const machine = appMachine.provide({
    actors: {
      ...actors,
      site: siteMachine.provide({
        actors: { loadSite: answeringActor<SiteConfig, void>(() => site).logic, loadStatus: answeringActor<SystemStatusCode, void>(() => 0).logic },
      }),
      live: liveMachine.provide({
        actors: {
          loadOnline: answeringActor<OnlineMachine, void>(() =>
            onlineMachine.provide({
              actors: {
                balance: balanceMachine.provide({ actors: { fetchBalance: answeringActor<{ balance: number; currencySymbol: string }, void>(() => ({ balance: 0, currencySymbol: '₫' })).logic } }),
                unreadCount: unreadCountMachine.provide({ actors: { fetchUnreadCount: answeringActor<{ unreadMessage: number }, void>(() => ({ unreadMessage: 0 })).logic } }),
                liveCache: fromCallback(() => {}),
              },
              actions: { announceRevocation: () => {} },
            }),
          ).logic,
        },
        actions: { forgetMemberData: () => {} },
      }),
    },
  });
  const actor = createActor(machine, { input: { bus, storedSession } }).start();
  await waitFor(actor, (snapshot) => snapshot.matches('running'));
  const child = <T>(id: string) => actor.system.get(id) as T;
  return { actor, bus, child, session: child<ActorRefFrom<SessionMachine>>(SYSTEM_IDS.session) };
};
