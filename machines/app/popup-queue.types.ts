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

export interface PopupQueueContext {
  queue: PopupEntry[];
  /** The announcements entry waiting for the check of its dismissal flag. */
  pendingOffer: { entry: PopupEntry; flag: PopupDismissalFlag } | null;
}

export type PopupQueueEvent =
  | ({ type: 'popups.offer' } & PopupOffer)
  | { type: 'popup.enqueue'; entry: PopupEntry }
  | { type: 'popup.close'; id: string };
