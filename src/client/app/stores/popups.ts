import { createStore, useStore } from '@client/lib/create-store';

/** The modals the shell mounts (SHELL-23). */
export const POPUP_KINDS = [
  'publicModal',
  'noticeModal',
  'loginPopupModal',
  'registerModal',
  'changePassModal',
  'forgetPassModal',
  'helpModal',
  'legalLicense',
  'gamePopup',
  'vendorGames',
  'chatRoom',
] as const;
export type PopupKind = (typeof POPUP_KINDS)[number];

/**
 * What each popup is opened with. Features that need more add it by declaration merging:
 * `declare module '@client/app/stores/popups' { interface PopupPayloads { changePassModal: { forced: boolean } } }`.
 */
export interface PopupPayloads {
  helpModal: { anchor: string | null };
  /** A vendor's games (GAMES-21); the game popup itself shows the game launcher's state. */
  vendorGames: { vassalage: string; gameType: string; vendorName: string };
}
export type PopupPayload<K extends PopupKind> = K extends keyof PopupPayloads ? PopupPayloads[K] : undefined;

export interface OpenPopup<K extends PopupKind = PopupKind> {
  kind: K;
  payload: PopupPayload<K>;
}

/** Open popups, oldest first; the last one is on top. */
export const popupStore = createStore<readonly OpenPopup[]>(() => []);

type OpenArgs<K extends PopupKind> = PopupPayload<K> extends undefined ? [kind: K] : [kind: K, payload: PopupPayload<K>];

export const openPopup = <K extends PopupKind>(...[kind, payload]: OpenArgs<K>): void =>
  popupStore.update((open) => [...open.filter((p) => p.kind !== kind), { kind, payload } as OpenPopup]);

export const closePopup = (kind: PopupKind): void => popupStore.update((open) => open.filter((p) => p.kind !== kind));

export const useOpenPopups = (): readonly OpenPopup[] => useStore(popupStore);
