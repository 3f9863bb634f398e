import { useEffect } from 'react';
import { selectIsModalOpen } from '@machines/app/popup-queue.selectors';
import { usePopupQueueRef, usePopups } from '@client/state/app-actor';

/**
 * /login and /register show the home lobby with their popup open (SHELL-02, SHELL-03); leaving
 * the route closes it. A popup its flow already closed (a login done) gets no second close: the
 * route is left when the next screen has loaded, at no fixed moment, and a late close would land
 * among the popups the player closes meanwhile (a recorded session would not replay in order).
 */
export function RoutePopup({ kind }: { kind: 'loginPopupModal' | 'registerModal' }) {
  const popups = usePopups();
  const queue = usePopupQueueRef();
  useEffect(() => {
    popups.open(kind);
    return () => {
      if (selectIsModalOpen(queue.getSnapshot(), kind)) popups.close(kind);
    };
  }, [kind, popups, queue]);
  return null;
}
