import { selectPlayerNotices, selectPromotionNotices } from '@machines/auth/session.selectors';
import { useSessionSelector, type PopupContentProps } from '@client/state/app-actor';
import { AnnouncementBrowser } from './announcement-browser';

/**
 * publicModal: the popups the queue shows (filtered by execution code, MSG-08), or, opened from a
 * notice, the player notices and promotions at that notice.
 */
export function PublicModalContent({ payload, close, queued = null }: PopupContentProps<'publicModal'>) {
  const player = useSessionSelector(selectPlayerNotices);
  const promotion = useSessionSelector(selectPromotionNotices);
  // The notices: player (PL) and home (H) notices, then the promotions.
  const items = queued ? queued.items : [...player, ...promotion];
  return (
    <AnnouncementBrowser
      key={queued?.id ?? `notices:${payload.noticeId}`}
      items={items}
      initialId={queued ? null : payload.noticeId}
      onLeave={close}
    />
  );
}
