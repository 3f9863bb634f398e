import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { waitFor, type Actor, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from 'xstate';
import type { CustomerServiceEntry, Permission, SystemStatusCode } from '@shared/contract/system';
import type { AppMachine } from '@machines/app/app.machine';
import type { LiveBus } from '@machines/app/bus-bridge';
import type { LiveMachine } from '@machines/app/live.machine';
import type { PopupQueueMachine } from '@machines/app/popup-queue.machine';
import { selectOpenModals } from '@machines/app/popup-queue.selectors';
import type { ModalKind, ModalPayload, OpenModal, ShownModal } from '@machines/app/popup-queue.types';
import type { ContractPopupMachine } from '@machines/contracts/contract-popup.machine';
import type { SessionMachine } from '@machines/auth/session.machine';
import { sameSessionInfo, selectSessionInfo, type SessionInfo } from '@machines/auth/session.selectors';
import type { FavouritesMachine } from '@machines/games/favourites.machine';
import type { GameLaunchMachine } from '@machines/games/game-launch.machine';
import type { UnreadCountMachine } from '@machines/messages/unread-count.machine';
import { selectUnreadCount } from '@machines/messages/unread-count.selectors';
import type { MissionCountMachine } from '@machines/missions/mission-count.machine';
import { selectClaimableMissions } from '@machines/missions/mission-count.selectors';
import { SYSTEM_IDS } from '@machines/shared/ids';
import type { FlowError } from '@machines/shared/flow-error';
import type { SiteMachine } from '@machines/system/site.machine';
import { selectPermission, selectSiteError, selectSitePhase, selectSystemStatus, type SitePhase } from '@machines/system/site.selectors';
import type { BalanceMachine } from '@machines/wallet/balance.machine';
import { selectBalance, selectCurrencySymbol, selectIsBalanceLoading } from '@machines/wallet/balance.selectors';
import type { QueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@shared/contract/http';
import { imageUrl } from '@shared/image-url';
import { useApiQuery } from './queries';

/*
 * The views' way into the app actor (machines/app/app.machine.ts), the one owner of long-lived
 * client state: its children are read through selectors and told things with events. Nothing here
 * starts an actor; src/client/app/create-app-actor.ts composes and starts the one app actor.
 */

export type AppActor = Actor<AppMachine>;
export type SiteRef = ActorRefFrom<SiteMachine>;
export type SessionRef = ActorRefFrom<SessionMachine>;
export type PopupQueueRef = ActorRefFrom<PopupQueueMachine>;
export type FavouritesRef = ActorRefFrom<FavouritesMachine>;
export type GameLaunchRef = ActorRefFrom<GameLaunchMachine>;
export type LiveRef = ActorRefFrom<LiveMachine>;
export type BalanceRef = ActorRefFrom<BalanceMachine>;
export type UnreadCountRef = ActorRefFrom<UnreadCountMachine>;
export type ContractPopupRef = ActorRefFrom<ContractPopupMachine>;
export type MissionCountRef = ActorRefFrom<MissionCountMachine>;

interface AppServices {
  app: AppActor;
  /** The event bus the live machine connects; pages that follow one push subscribe to it. */
  bus: LiveBus;
}

const AppContext = createContext<AppServices | null>(null);

export function AppActorProvider({ app, bus, children }: AppServices & { children: ReactNode }) {
  const services = useMemo(() => ({ app, bus }), [app, bus]);
  return <AppContext.Provider value={services}>{children}</AppContext.Provider>;
}

const useServices = (): AppServices => {
  const services = useContext(AppContext);
  if (!services) throw new Error('The app actor is not provided: render inside <AppActorProvider>');
  return services;
};

export const useAppActor = (): AppActor => useServices().app;

export const useBus = (): LiveBus => useServices().bus;

/** A child of an actor's snapshot by its invoke id, as the ref type the caller knows it to be. */
const childOf = <T extends AnyActorRef>(snapshot: { children: Record<string, AnyActorRef | undefined> } | undefined, id: string): T | undefined =>
  snapshot?.children[id] as T | undefined;

const useAppChild = <T extends AnyActorRef>(id: string): T | undefined => useSelector(useAppActor(), (snapshot) => childOf<T>(snapshot, id));

const required = <T,>(ref: T | undefined, id: string): T => {
  if (!ref) throw new Error(`The app actor has no "${id}" yet`);
  return ref;
};

// ---- site: configuration and status

export const useSiteRef = (): SiteRef => required(useAppChild<SiteRef>(SYSTEM_IDS.site), SYSTEM_IDS.site);

export interface SiteView {
  /** `ready` once the configuration is in and the app runs (the session with it). */
  phase: SitePhase;
  status: SystemStatusCode;
  permission: Permission | null;
  error: FlowError | null;
}

export const useSite = (): SiteView => {
  const site = useSiteRef();
  const running = useSelector(useAppActor(), (snapshot) => snapshot.matches('running'));
  const phase = useSelector(site, selectSitePhase);
  const status = useSelector(site, selectSystemStatus);
  const permission = useSelector(site, selectPermission);
  const error = useSelector(site, selectSiteError);
  return { phase: phase === 'ready' && !running ? 'loading' : phase, status, permission, error };
};

/** The site's public configuration (spec section 3); null until it has loaded. */
export const usePermission = (): Permission | null => useSelector(useSiteRef(), selectPermission);

/** SHELL-52: image paths on the configured image CDNs, a host picked at random per image. */
export const useImageUrl = (): ((path: string) => string) => {
  const cdns = usePermission()?.imageCDNs;
  return useCallback((path: string) => imageUrl(path, cdns ?? []), [cdns]);
};

// ---- session

export const useSessionRef = (): SessionRef => required(useAppChild<SessionRef>(SYSTEM_IDS.session), SYSTEM_IDS.session);

/** Reads the session through its selectors (machines/auth/session.selectors.ts). */
export const useSessionSelector = <T,>(selector: (snapshot: SnapshotFrom<SessionMachine>) => T, compare?: (a: T, b: T) => boolean): T =>
  useSelector(useSessionRef(), selector, compare);

export const useSessionInfo = (): SessionInfo => useSessionSelector(selectSessionInfo, sameSessionInfo);

/** Logged in or trial: a session exists. */
export const hasSession = (info: SessionInfo): boolean => info.status === 'loggedIn' || info.status === 'trial';

/** Logs out through the session machine (AUTH-17) and settles once the session is logged out. */
export const logOut = async (session: SessionRef): Promise<void> => {
  if (!session.getSnapshot().can({ type: 'session.logout' })) return;
  session.send({ type: 'session.logout' });
  await waitFor(session, (snapshot) => snapshot.matches('loggedOut'));
};

export const useLogOut = (): (() => Promise<void>) => {
  const session = useSessionRef();
  return useMemo(() => () => logOut(session), [session]);
};

// ---- popups: the modals and the announcement queue

export const usePopupQueueRef = (): PopupQueueRef => required(useAppChild<PopupQueueRef>(SYSTEM_IDS.popupQueue), SYSTEM_IDS.popupQueue);

const sameModals = (a: ShownModal[], b: ShownModal[]) =>
  a.length === b.length && a.every((modal, i) => modal.kind === b[i]!.kind && modal.payload === b[i]!.payload && modal.queued?.items === b[i]!.queued?.items);

/** The modals on screen, the last on top (SHELL-23). */
export const useOpenModals = (): ShownModal[] => useSelector(usePopupQueueRef(), selectOpenModals, sameModals);

type OpenArgs<K extends ModalKind> = ModalPayload<K> extends undefined ? [kind: K] : [kind: K, payload: ModalPayload<K>];

export interface Popups {
  open<K extends ModalKind>(...args: OpenArgs<K>): void;
  close(kind: ModalKind): void;
}

export const popupsOf = (queue: Pick<PopupQueueRef, 'send'>): Popups => ({
  open: (...[kind, payload]) => queue.send({ type: 'modal.open', kind, payload } as { type: 'modal.open' } & OpenModal),
  close: (kind) => queue.send({ type: 'modal.close', kind }),
});

/** Opens and closes modals: `open('loginPopupModal')`, `open('helpModal', { anchor })`. */
export const usePopups = (): Popups => {
  const queue = usePopupQueueRef();
  return useMemo(() => popupsOf(queue), [queue]);
};

/** What a popup's content is given: what it was opened with, and how to close it. */
export interface PopupContentProps<K extends ModalKind> {
  payload: ModalPayload<K>;
  close: () => void;
  /** publicModal only: the queued announcement popups it shows, when it shows them (MSG-08). */
  queued?: ShownModal['queued'];
}

// ---- games

export const useFavouritesRef = (): FavouritesRef => required(useAppChild<FavouritesRef>(SYSTEM_IDS.favourites), SYSTEM_IDS.favourites);

export const useGameLaunchRef = (): GameLaunchRef => required(useAppChild<GameLaunchRef>(SYSTEM_IDS.gameLaunch), SYSTEM_IDS.gameLaunch);

export const useGameLaunchSelector = <T,>(selector: (snapshot: SnapshotFrom<GameLaunchMachine>) => T, compare?: (a: T, b: T) => boolean): T =>
  useSelector(useGameLaunchRef(), selector, compare);

// ---- live: what follows the socket while a session is online

export const useLiveRef = (): LiveRef => required(useAppChild<LiveRef>(SYSTEM_IDS.live), SYSTEM_IDS.live);

/** What runs while a session is online, once loaded (machines/app/online.machine.ts); undefined otherwise. */
const useOnlineRef = () => useSelector(useLiveRef(), (snapshot) => snapshot.context.online ?? undefined);

const useLiveChild = <T extends AnyActorRef>(id: string): T | undefined => useSelector(useOnlineRef(), (snapshot) => childOf<T>(snapshot, id));

/** The balance actor while a session is online; undefined otherwise. */
export const useBalanceRef = (): BalanceRef | undefined => useLiveChild<BalanceRef>(SYSTEM_IDS.balance);

export interface BalanceView {
  /** The main balance; null until it has loaded or while nobody is logged in. */
  balance: number | null;
  loading: boolean;
  /** Fetches the balance again (WALLET-03); null while there is no session. */
  refresh: (() => Promise<void>) | null;
}

export const useBalance = (): BalanceView => {
  const ref = useBalanceRef();
  const balance = useSelector(ref, (snapshot) => (snapshot ? selectBalance(snapshot) : null));
  const loading = useSelector(ref, (snapshot) => (snapshot ? selectIsBalanceLoading(snapshot) : false));
  const refresh = useMemo(
    () =>
      ref
        ? async () => {
            ref.send({ type: 'balance.refresh' });
            await waitFor(ref, (snapshot) => !selectIsBalanceLoading(snapshot));
          }
        : null,
    [ref],
  );
  return { balance, loading, refresh };
};

/** The unread-count actor while a session is online; undefined otherwise. */
export const useUnreadCountRef = (): UnreadCountRef | undefined => useLiveChild<UnreadCountRef>(SYSTEM_IDS.unreadCount);

/** Unread platform messages (MSG-07); 0 while nobody is logged in. */
export const useUnreadCount = (): number => useSelector(useUnreadCountRef(), (snapshot) => (snapshot ? selectUnreadCount(snapshot) : 0));

/** The mission-count actor while a real member is online; undefined otherwise. */
export const useMissionCountRef = (): MissionCountRef | undefined => useLiveChild<MissionCountRef>(SYSTEM_IDS.missionCount);

/** Claimable mission rewards, the missionLeaderboard badge (MEMBER-04); 0 while no real member is online. */
export const useClaimableMissions = (): number =>
  useSelector(useMissionCountRef(), (snapshot) => (snapshot ? selectClaimableMissions(snapshot) : 0));

/** The contract popup while a real member is logged in (SHELL-24); undefined otherwise. */
export const useContractPopupRef = (): ContractPopupRef | undefined => useLiveChild<ContractPopupRef>(SYSTEM_IDS.contractPopup);

// ---- the public state every screen reads (SHELL-25), composed from the children that own it

export interface PublicState {
  /** Main wallet balance; null until it has loaded for a logged-in user. */
  balance: number | null;
  currencySymbol: string;
  /** VIP is on for a logged-in real member while the operator defines at least one level (MEMBER-16). */
  hasVip: boolean;
  /** The member's VIP level name and rank ('' and 0 until a level is reached). */
  vipLabelName: string;
  vipRankLevel: number;
  /** Site-wide promotion switches; REFERRAL offers the invite-friends link. */
  availablePromo: Permission['availablePromo'];
  unreadMessage: number;
  availablePromoCount: number;
  customerService: CustomerServiceEntry[];
}

interface PublicStateParts {
  permission: Permission | null;
  balance: number | null;
  balanceCurrency: string | null;
  unreadMessage: number;
  availablePromoCount: number;
  vip: ResponseOf<'vipStatus'> | undefined;
}

const publicStateOf = ({ permission, balance, balanceCurrency, unreadMessage, availablePromoCount, vip }: PublicStateParts): PublicState => ({
  balance,
  currencySymbol: balanceCurrency ?? permission?.currencySymbol ?? '',
  hasVip: (vip?.levels.length ?? 0) > 0,
  vipLabelName: vip?.name ?? '',
  vipRankLevel: vip?.rank ?? 0,
  availablePromo: permission?.availablePromo ?? [],
  unreadMessage,
  availablePromoCount,
  customerService: permission?.customerService ?? [],
});

/**
 * Available promotions (MEMBER-04's rewardCenter badge, MSG-07's bell): the reward centre's rewards
 * waiting for a logged-in real member (bonuses to claim, raffles to draw); 0 for anyone else. A read
 * of the cache, which every promotion action refreshes.
 */
const useAvailablePromoCount = (loggedIn: boolean): number => {
  const center = useApiQuery('rewardCenter', undefined, { enabled: loggedIn });
  return loggedIn ? (center.data?.claimableCount ?? 0) : 0;
};

/**
 * The VIP status (MEMBER-16) of a logged-in real member, undefined for anyone else (trial accounts
 * have no VIP). A read of the cache, which the VIP section and its claims refresh.
 */
const useVipStatus = (loggedIn: boolean): ResponseOf<'vipStatus'> | undefined => {
  const vip = useApiQuery('vipStatus', undefined, { enabled: loggedIn });
  return loggedIn ? vip.data : undefined;
};

export const usePublicState = (): PublicState => {
  const permission = usePermission();
  const balanceRef = useBalanceRef();
  const balance = useSelector(balanceRef, (snapshot) => (snapshot ? selectBalance(snapshot) : null));
  const balanceCurrency = useSelector(balanceRef, (snapshot) => (snapshot ? selectCurrencySymbol(snapshot) : null));
  const unreadMessage = useUnreadCount();
  const loggedIn = useSelector(useAppChild<SessionRef>(SYSTEM_IDS.session), (snapshot) => (snapshot ? selectSessionInfo(snapshot).status === 'loggedIn' : false));
  const availablePromoCount = useAvailablePromoCount(loggedIn);
  const vip = useVipStatus(loggedIn);
  return useMemo(
    () => publicStateOf({ permission, balance, balanceCurrency, unreadMessage, availablePromoCount, vip }),
    [permission, balance, balanceCurrency, unreadMessage, availablePromoCount, vip],
  );
};

/** The public state outside React, as it is now; the available promotions and the VIP status come from the query cache when it is given. */
export const readPublicState = (app: AppActor, queryClient?: QueryClient): PublicState => {
  const snapshotOf = <T extends AnyActorRef>(id: string) => (app.system.get(id) as T | undefined)?.getSnapshot();
  const balance = snapshotOf<BalanceRef>(SYSTEM_IDS.balance);
  const unread = snapshotOf<UnreadCountRef>(SYSTEM_IDS.unreadCount);
  const session = snapshotOf<SessionRef>(SYSTEM_IDS.session);
  const site = snapshotOf<SiteRef>(SYSTEM_IDS.site);
  const loggedIn = session !== undefined && selectSessionInfo(session).status === 'loggedIn';
  return publicStateOf({
    permission: site ? selectPermission(site) : null,
    balance: balance ? selectBalance(balance) : null,
    balanceCurrency: balance ? selectCurrencySymbol(balance) : null,
    unreadMessage: unread ? selectUnreadCount(unread) : 0,
    availablePromoCount: loggedIn ? (queryClient?.getQueryData<ResponseOf<'rewardCenter'>>(['rewardCenter', null])?.claimableCount ?? 0) : 0,
    vip: loggedIn ? queryClient?.getQueryData<ResponseOf<'vipStatus'>>(['vipStatus', null]) : undefined,
  });
};

export const isReferralEnabled = (state: Pick<PublicState, 'availablePromo'>): boolean =>
  state.availablePromo.some((promo) => promo.type === 'REFERRAL' && promo.enabled);

/** The notice bell count: available promotions plus unread messages (MSG-07). */
export const noticeCount = (state: Pick<PublicState, 'availablePromoCount' | 'unreadMessage'>): number =>
  state.availablePromoCount + state.unreadMessage;
