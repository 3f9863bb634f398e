import type { SnapshotFrom } from 'xstate';
import type { BusStreams } from '@machines/app/bus-bridge';
import type { PopupQueueMachine } from '@machines/app/popup-queue.machine';
import { selectVisiblePopup } from '@machines/app/popup-queue.selectors';
import { selectAnnouncements } from '@machines/auth/session.selectors';
import type { SessionMachine } from '@machines/auth/session.machine';
import { closePopup, openPopup, popupStore, type PopupKind } from '@client/app/stores/popups';
import { publicStateStore, updatePublicState } from '@client/app/stores/public-state';
import { appActorStore, popupQueueRefOf, sessionRefOf, type AppActor, type PopupQueueRef } from '@client/features/session/session.context';
import { addPushedAnnouncement, announcementsStore, setLoadedAnnouncements, setQueuedPopups } from './announcements-store';

const isPublicModalOpen = () => popupStore.get().some((p) => p.kind === 'publicModal');

/** While the visitor is logging in or registering, announcements wait rather than cover the form. */
const ACCOUNT_POPUPS: readonly PopupKind[] = ['loginPopupModal', 'registerModal', 'forgetPassModal', 'changePassModal'];
const isAccountPopupOpen = () => popupStore.get().some((p) => ACCOUNT_POPUPS.includes(p.kind));

/**
 * Connects the app's announcements to the screens, from start-up (STYLE.md C4):
 * - the session's loaded announcements feed the lists, and their promotions the bell's count (MSG-07);
 * - the popup queue's head, the popups filtered by execution code (MSG-08), opens publicModal;
 *   closing it tells the queue, which sets the session flag (MSG-09);
 * - `announcement:new` pushes go on top of the lists at once.
 */
export const startAnnouncementPopups = ({ bus }: { bus: BusStreams }): (() => void) => {
  let attached: { app: AppActor; queue: PopupQueueRef; stop: () => void } | null = null;

  let lastLoaded: ReturnType<typeof selectAnnouncements> | undefined;
  const showSession = (snapshot: SnapshotFrom<SessionMachine>) => {
    const loaded = selectAnnouncements(snapshot);
    if (loaded === lastLoaded) return;
    lastLoaded = loaded;
    setLoadedAnnouncements(loaded);
  };

  const showQueueHead = (snapshot: SnapshotFrom<PopupQueueMachine>) => {
    const head = selectVisiblePopup(snapshot);
    const queued = announcementsStore.get().queued;
    if (head?.kind === 'announcements') {
      if (queued?.entryId === head.id && queued.items === head.payload.items) return;
      if (isAccountPopupOpen()) return;
      setQueuedPopups({ entryId: head.id, items: head.payload.items });
      openPopup('publicModal');
    } else if (queued) {
      // The queue dropped them (another login state's offer): they are no longer to be shown.
      setQueuedPopups(null);
      closePopup('publicModal');
    }
  };

  const attach = () => {
    const app = appActorStore.get();
    if (attached?.app === app) return;
    attached?.stop();
    attached = null;
    if (!app) return;
    const session = sessionRefOf(app).subscribe(showSession);
    const queue = popupQueueRefOf(app);
    const queueSubscription = queue.subscribe(showQueueHead);
    showSession(sessionRefOf(app).getSnapshot());
    showQueueHead(queue.getSnapshot());
    attached = { app, queue, stop: () => [session, queueSubscription].forEach((s) => s.unsubscribe()) };
  };

  const onPopupsChanged = () => {
    const queued = announcementsStore.get().queued;
    // A waiting head shows once the account popups are gone.
    if (!queued && attached && !isAccountPopupOpen()) return showQueueHead(attached.queue.getSnapshot());
    if (!queued || isPublicModalOpen()) return;
    setQueuedPopups(null);
    attached?.queue.send({ type: 'popup.close', id: queued.entryId });
  };

  const countPromotions = () => {
    const count = announcementsStore.get().promotion.length;
    if (publicStateStore.get().availablePromoCount !== count) updatePublicState({ availablePromoCount: count });
  };

  const stopApp = appActorStore.subscribe(attach);
  const stopPopups = popupStore.subscribe(onPopupsChanged);
  const stopCount = announcementsStore.subscribe(countPromotions);
  const pushed = bus.on$('announcement:new').subscribe(({ eventId: _eventId, at: _at, ...announcement }) => addPushedAnnouncement(announcement));
  attach();
  countPromotions();

  return () => {
    attached?.stop();
    attached = null;
    stopApp();
    stopPopups();
    stopCount();
    pushed.unsubscribe();
    announcementsStore.reset();
  };
};
