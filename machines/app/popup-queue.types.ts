import type { Announcement } from '@shared/contract/messages';

export type PopupAudience = 'member' | 'anonymous';

/** The session-storage flag that hides an audience's announcement popups once closed (MSG-09). */
export type PopupDismissalFlag = 'USER_POPUP' | 'ANONYMOUS_POPUP';

export const POPUP_DISMISSAL_FLAG: Record<PopupAudience, PopupDismissalFlag> = {
  member: 'USER_POPUP',
  anonymous: 'ANONYMOUS_POPUP',
};

/**
 * Payload per popup kind. A feature adds its kind by augmenting this interface:
 * `declare module '@machines/app/popup-queue.types' { interface PopupPayloads { contractOffer: {...} } }`.
 */
export interface PopupPayloads {
  announcements: { items: Announcement[] };
}
export type PopupKind = keyof PopupPayloads;

export type PopupEntry = {
  [K in PopupKind]: {
    id: string;
    kind: K;
    payload: PopupPayloads[K];
    /** Set to closed in session storage when this popup is closed. */
    dismissalFlag: PopupDismissalFlag | null;
  };
}[PopupKind];

export interface PopupOffer {
  popups: Announcement[];
  audience: PopupAudience;
  firstTimeLogin: boolean;
}

/** The modals the shell mounts (SHELL-23), opened by the user or by a flow. */
export const MODAL_KINDS = [
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
export type ModalKind = (typeof MODAL_KINDS)[number];

/** The account modals: while one is open, queued announcements wait rather than cover the form. */
export const ACCOUNT_MODALS: readonly ModalKind[] = ['loginPopupModal', 'registerModal', 'forgetPassModal', 'changePassModal'];

/**
 * What a modal is opened with. A feature that needs more adds it by augmenting this interface:
 * `declare module '@machines/app/popup-queue.types' { interface ModalPayloads { chatRoom: {...} } }`.
 */
export interface ModalPayloads {
  helpModal: { anchor: string | null };
  /** A vendor's games (GAMES-21); the game popup itself shows the game launcher's state. */
  vendorGames: { vassalage: string; gameType: string; vendorName: string };
  /** The notices, opened at one of them (a click in the lobby's notice marquee) or at the first. */
  publicModal: { noticeId: number | null };
}
export type ModalPayload<K extends ModalKind> = K extends keyof ModalPayloads ? ModalPayloads[K] : undefined;

export type OpenModal = { [K in ModalKind]: { kind: K; payload: ModalPayload<K> } }[ModalKind];

/**
 * A modal on screen: an opened one, or the head of the announcement queue shown in publicModal,
 * whose `queued` entry is closed with `popup.close` (setting its session flag).
 */
export type ShownModal = OpenModal & { queued: { id: string; items: Announcement[] } | null };

export interface PopupQueueContext {
  /** Opened modals, oldest first; the last one is on top. */
  modals: OpenModal[];
  queue: PopupEntry[];
  /** The announcements entry waiting for the check of its dismissal flag. */
  pendingOffer: { entry: PopupEntry; flag: PopupDismissalFlag } | null;
}

export type PopupQueueEvent =
  | ({ type: 'modal.open' } & OpenModal)
  | { type: 'modal.close'; kind: ModalKind }
  | ({ type: 'popups.offer' } & PopupOffer)
  /** The login state that offered the announcements has ended: its popups go, unread and not dismissed. */
  | { type: 'popups.withdraw' }
  | { type: 'popup.enqueue'; entry: PopupEntry }
  | { type: 'popup.close'; id: string };
