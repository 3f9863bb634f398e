import { assign, enqueueActions, setup } from 'xstate';
import type { Announcement } from '@shared/contract/messages';
import { mustProvideAction, mustProvideActor } from '../shared/placeholders';
import {
  POPUP_DISMISSAL_FLAG,
  type OpenModal,
  type PopupAudience,
  type PopupDismissalFlag,
  type PopupEntry,
  type PopupOffer,
  type PopupQueueContext,
  type PopupQueueEvent,
} from './popup-queue.types';

type ExecutionCode = NonNullable<Announcement['execution']>;

/** Logged in: A, plus F on a first-time login; anonymous: B (MSG-08). */
const popupExecutionCodes = (audience: PopupAudience, firstTimeLogin: boolean): ExecutionCode[] =>
  audience === 'anonymous' ? ['B'] : firstTimeLogin ? ['A', 'F'] : ['A'];

export const filterPopupsByExecution = (offer: PopupOffer): Announcement[] => {
  const codes = popupExecutionCodes(offer.audience, offer.firstTimeLogin);
  return offer.popups.filter((item) => item.execution !== null && codes.includes(item.execution));
};

const ANNOUNCEMENTS_POPUP_ID = 'announcements';

const announcementsOffer = (offer: PopupOffer): PopupQueueContext['pendingOffer'] => {
  const items = filterPopupsByExecution(offer);
  if (items.length === 0) return null;
  const flag = POPUP_DISMISSAL_FLAG[offer.audience];
  return { entry: { id: ANNOUNCEMENTS_POPUP_ID, kind: 'announcements', payload: { items }, dismissalFlag: flag }, flag };
};

const withoutAnnouncements = (queue: PopupEntry[]) => queue.filter((entry) => entry.id !== ANNOUNCEMENTS_POPUP_ID);

/**
 * The app's one list of popups: the modals opened by the user or a flow (`modal.open`, the newest
 * on top, one of each kind), and the queue of announcement popups, whose head is shown in
 * publicModal (popup-queue.selectors.ts). Announcement popups are offered by the session after each
 * load, filtered by execution code, and skipped when their session flag says closed; closing one
 * sets the flag (MSG-08, MSG-09).
 */
export const popupQueueMachine = setup({
  types: {} as { context: PopupQueueContext; events: PopupQueueEvent },
  actors: {
    /** Resolves true when session storage holds `flag` = closed. */
    readPopupDismissal: mustProvideActor<boolean, { flag: PopupDismissalFlag }>('readPopupDismissal'),
  },
  actions: {
    /** Writes `flag` = closed to session storage. */
    storePopupDismissal: mustProvideAction<{ flag: PopupDismissalFlag }>('storePopupDismissal'),
    openModal: assign(({ context }, params: { modal: OpenModal }) => ({
      modals: [...context.modals.filter((modal) => modal.kind !== params.modal.kind), params.modal],
    })),
    closeModal: assign(({ context }, params: { kind: OpenModal['kind'] }) => ({
      modals: context.modals.filter((modal) => modal.kind !== params.kind),
    })),
    enqueue: assign(({ context }, params: { entry: PopupEntry }) => ({
      queue: [...context.queue.filter((entry) => entry.id !== params.entry.id), params.entry],
    })),
    /** A new offer replaces whatever announcements the previous login state queued. */
    takeOffer: assign(({ context }, params: { offer: PopupOffer }) => ({
      queue: withoutAnnouncements(context.queue),
      pendingOffer: announcementsOffer(params.offer),
    })),
    enqueuePendingOffer: assign(({ context }) => ({
      queue: context.pendingOffer ? [...context.queue, context.pendingOffer.entry] : context.queue,
      pendingOffer: null,
    })),
    dropPendingOffer: assign({ pendingOffer: null }),
    /** The login state that offered them ended: queued or still being checked, they go without a dismissal. */
    withdrawAnnouncements: assign(({ context }) => ({ queue: withoutAnnouncements(context.queue), pendingOffer: null })),
    /** The announcements are shown in publicModal: closing them closes that modal too. */
    removePopup: assign(({ context }, params: { id: string }) => ({
      queue: context.queue.filter((entry) => entry.id !== params.id),
      modals: params.id === ANNOUNCEMENTS_POPUP_ID ? context.modals.filter((modal) => modal.kind !== 'publicModal') : context.modals,
    })),
  },
  guards: {
    hasPendingOffer: ({ context }) => context.pendingOffer !== null,
    isDismissed: (_, params: { dismissed: boolean }) => params.dismissed,
  },
}).createMachine({
  id: 'popupQueue',
  context: { modals: [], queue: [], pendingOffer: null },
  initial: 'idle',
  on: {
    'modal.open': { actions: { type: 'openModal', params: ({ event }) => ({ modal: { kind: event.kind, payload: event.payload } as OpenModal }) } },
    'modal.close': { actions: { type: 'closeModal', params: ({ event }) => ({ kind: event.kind }) } },
    'popup.enqueue': { actions: { type: 'enqueue', params: ({ event }) => ({ entry: event.entry }) } },
    'popup.close': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const flag = context.queue.find((entry) => entry.id === event.id)?.dismissalFlag;
        enqueue({ type: 'removePopup', params: { id: event.id } });
        if (flag) enqueue({ type: 'storePopupDismissal', params: { flag } });
      }),
    },
    'popups.offer': {
      target: '.routing',
      actions: { type: 'takeOffer', params: ({ event }) => ({ offer: event }) },
    },
    'popups.withdraw': {
      target: '.idle',
      actions: 'withdrawAnnouncements',
    },
  },
  states: {
    idle: {},
    routing: {
      always: [{ guard: 'hasPendingOffer', target: 'checkingDismissal' }, { target: 'idle' }],
    },
    checkingDismissal: {
      invoke: {
        id: 'readPopupDismissal',
        src: 'readPopupDismissal',
        // `routing` enters this state only with a pending offer
        input: ({ context }) => ({ flag: context.pendingOffer!.flag }),
        onDone: [
          {
            guard: { type: 'isDismissed', params: ({ event }) => ({ dismissed: event.output }) },
            target: 'idle',
            actions: 'dropPendingOffer',
          },
          { target: 'idle', actions: 'enqueuePendingOffer' },
        ],
        // Storage that cannot be read hides nothing: showing an announcement twice beats losing it.
        onError: { target: 'idle', actions: 'enqueuePendingOffer' },
      },
    },
  },
});

export type PopupQueueMachine = typeof popupQueueMachine;
