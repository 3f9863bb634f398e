import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { noticeCount, usePopups, usePublicState } from '@client/state/app-actor';

/** Opens the notice modal; the badge counts available promotions plus unread messages (MSG-06, MSG-07). */
export function NoticeBell() {
  const popups = usePopups();
  const { t } = useTranslation('shell');
  const count = noticeCount(usePublicState());
  // The label says what the badge shows, so a voice command naming the visible count finds the button.
  const shown = count > 99 ? '99+' : String(count);
  return (
    <button type="button" className="icon-button notice-bell" onClick={() => popups.open('noticeModal')} aria-label={t('header.notices', { shown })}>
      <Bell aria-hidden size={20} />
      {count > 0 && (
        <span className="badge notice-bell__badge" aria-hidden>
          {shown}
        </span>
      )}
    </button>
  );
}
