import { useSelector } from '@xstate/react';
import type { Actor, ActorRefFrom, SnapshotFrom } from 'xstate';
import type { AppMachine } from '@machines/app/app.machine';
import type { PopupQueueMachine } from '@machines/app/popup-queue.machine';
import type { SessionMachine } from '@machines/auth/session.machine';
import { SYSTEM_IDS } from '@machines/shared/ids';
import { createStore, useStore } from '@client/lib/create-store';

export type AppActor = Actor<AppMachine>;
export type SessionRef = ActorRefFrom<SessionMachine>;
export type PopupQueueRef = ActorRefFrom<PopupQueueMachine>;

/**
 * The app's one root actor (STYLE.md C4), created once at start-up by `startAccounts` as soon as
 * the site configuration has loaded, before the site renders. Features reach its long-lived
 * children through the hooks below, never by creating actors of their own.
 */
export const appActorStore = createStore<AppActor | null>(() => null);

export const sessionRefOf = (app: AppActor): SessionRef => app.system.get(SYSTEM_IDS.session) as SessionRef;
export const popupQueueRefOf = (app: AppActor): PopupQueueRef => app.system.get(SYSTEM_IDS.popupQueue) as PopupQueueRef;

export const useAppActor = (): AppActor => {
  const app = useStore(appActorStore);
  if (!app) throw new Error('The app actor has not started: call startAccounts() at start-up');
  return app;
};

export const useSessionRef = (): SessionRef => sessionRefOf(useAppActor());

/** Reads the session through its selectors (machines/auth/session.selectors.ts). */
export const useSessionSelector = <T>(selector: (snapshot: SnapshotFrom<SessionMachine>) => T, compare?: (a: T, b: T) => boolean): T =>
  useSelector(useSessionRef(), selector, compare);

export const usePopupQueueRef = (): PopupQueueRef => popupQueueRefOf(useAppActor());

/** Reads the popup queue through its selectors (machines/app/popup-queue.selectors.ts). */
export const usePopupQueueSelector = <T>(selector: (snapshot: SnapshotFrom<PopupQueueMachine>) => T, compare?: (a: T, b: T) => boolean): T =>
  useSelector(usePopupQueueRef(), selector, compare);
