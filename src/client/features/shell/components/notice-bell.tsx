import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { openPopup } from '@client/app/stores/popups';
import { noticeCount, usePublicState } from '@client/app/stores/public-state';

/** Opens the notice modal; the badge counts available promotions plus unread messages (MSG-06, MSG-07). */
export function NoticeBell() {
  const { t } = useTranslation('shell');
  const count = noticeCount(usePublicState());
  return (
    <button type="button" className="icon-button notice-bell" onClick={() => openPopup('noticeModal')} aria-label={t('header.notices', { count })}>
      <Bell aria-hidden size={20} />
      {count > 0 && (
        <span className="badge notice-bell__badge" aria-hidden>
          {count > 99 ? '99+' : count}
        </span>
      )}
    </button>
  );
}
