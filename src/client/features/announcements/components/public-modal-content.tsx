import type { PopupContentProps } from '@client/app/slots';
import { useAnnouncements } from '../announcements-store';
import { AnnouncementBrowser } from './announcement-browser';

/**
 * publicModal: the popups the queue shows (filtered by execution code, MSG-08), or, opened from a
 * notice, the player notices and promotions.
 */
export function PublicModalContent({ close }: PopupContentProps<'publicModal'>) {
  const { queued, player, promotion, selectedId } = useAnnouncements();
  // The notices: player (PL) and home (H) notices, then the promotions.
  const items = queued ? queued.items : [...player, ...promotion];
  return (
    <AnnouncementBrowser key={queued?.entryId ?? `notices:${selectedId}`} items={items} initialId={queued ? null : selectedId} onLeave={close} />
  );
}
