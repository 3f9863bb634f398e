import type { PopupContentProps } from '@client/app/slots';
import { useAnnouncements } from '../announcements-store';
import { AnnouncementBrowser } from './announcement-browser';

/**
 * publicModal: the popups the queue shows (filtered by execution code, MSG-08), or, opened from a
 * notice, the player notices and promotions.
 */
export function PublicModalContent({ close }: PopupContentProps<'publicModal'>) {
  const { queued, player, promotion } = useAnnouncements();
  const items = queued ? queued.items : [...player.filter((a) => a.type === 'PL'), ...promotion];
  return <AnnouncementBrowser key={queued?.entryId ?? 'notices'} items={items} onLeave={close} />;
}
