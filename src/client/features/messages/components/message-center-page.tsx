import { useTranslation } from 'react-i18next';
import { MessageList } from './message-list';
import { usePublicState } from '@client/state/app-actor';

/** messageV2 (platform information): the player's messages, and how many are unread. */
export function MessageCenterPage() {
  const { t } = useTranslation('messages');
  const { unreadMessage } = usePublicState();
  return (
    <div className="member-page">
      <p className="member-page__lead" aria-live="polite">
        {t('unreadCount', { count: unreadMessage })}
      </p>
      <MessageList />
    </div>
  );
}
