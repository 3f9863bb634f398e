import { useTranslation } from 'react-i18next';
import type { BusStreams } from '@machines/app/bus-bridge';
import { usePublicState } from '@client/app/stores/public-state';
import { MessageList } from './message-list';

/** messageV2 (platform information): the player's messages, and how many are unread. */
export function MessageCenterPage({ bus }: { bus: BusStreams }) {
  const { t } = useTranslation('messages');
  const { unreadMessage } = usePublicState();
  return (
    <div className="member-page">
      <p className="member-page__lead" aria-live="polite">
        {t('unreadCount', { count: unreadMessage })}
      </p>
      <MessageList bus={bus} />
    </div>
  );
}
