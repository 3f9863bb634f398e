import type { SnapshotFrom } from 'xstate';
import type { PopupQueueMachine } from './popup-queue.machine';
import { ACCOUNT_MODALS, type OpenModal, type PopupEntry, type ShownModal } from './popup-queue.types';

type Snapshot = SnapshotFrom<PopupQueueMachine>;

/** The one popup on screen: the head of the queue. */
export const selectVisiblePopup = (snapshot: Snapshot): PopupEntry | null => snapshot.context.queue[0] ?? null;

export const selectQueuedPopupCount = (snapshot: Snapshot): number => snapshot.context.queue.length;

export const selectIsModalOpen = (snapshot: Snapshot, kind: OpenModal['kind']): boolean => snapshot.context.modals.some((modal) => modal.kind === kind);

/**
 * The modals on screen, the last on top: the opened ones, and above them the head of the
 * announcement queue in publicModal, unless an account modal is open (the announcements wait
 * rather than cover a login or registration form).
 */
export const selectOpenModals = (snapshot: Snapshot): ShownModal[] => {
  const { modals } = snapshot.context;
  const head = snapshot.context.queue[0];
  const opened = (list: OpenModal[]): ShownModal[] => list.map((modal) => ({ ...modal, queued: null }));
  if (!head || modals.some((modal) => ACCOUNT_MODALS.includes(modal.kind))) return opened(modals);
  return [
    ...opened(modals.filter((modal) => modal.kind !== 'publicModal')),
    { kind: 'publicModal', payload: { noticeId: null }, queued: { id: head.id, items: head.payload.items } },
  ];
};
