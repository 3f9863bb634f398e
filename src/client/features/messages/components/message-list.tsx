import { useMemo, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { ChevronDown, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import type { Message } from '@shared/contract/messages';
import { MESSAGE_PAGE_SIZE } from '@shared/contract/messages.values';
import {
  selectExpandedIds,
  selectIsPageLoading,
  selectMessageListError,
  selectMessageListStatus,
  selectMessagePaging,
  selectMessages,
} from '@machines/messages/message-list.selectors';
import { useApi } from '@client/state/api';
import { useBus, useUnreadCountRef } from '@client/state/app-actor';
import { EmptyState } from '@client/components/empty-state';
import { ScreenLoader } from '@client/components/spinner';
import { Pager } from '@client/components/records/pager';
import { formatDateTime } from '@client/lib/format';
import { createMessageListLogic } from '../messages.actors';
import { actorOptions } from '@client/lib/actor-inspection';

/** A platform message's text: the platform's own messages are translated from their template, operator ones shown as written. */
export const useMessageText = () => {
  const { t } = useTranslation('messages');
  return (message: Message) =>
    message.template
      ? {
          title: t(`template.${message.template}.title`, message.params),
          content: t(`template.${message.template}.content`, message.params),
        }
      : { title: message.title, content: message.content };
};

function MessageItem({ message, expanded, onToggle }: { message: Message; expanded: boolean; onToggle: () => void }) {
  const { t } = useTranslation('messages');
  const text = useMessageText()(message);
  const contentId = `message-${message.messageId}-content`;
  return (
    <li className={clsx('message-item', !message.read && 'message-item--unread', expanded && 'is-open')}>
      <button type="button" className="message-item__head" aria-expanded={expanded} aria-controls={contentId} onClick={onToggle}>
        {message.read ? <span className="message-item__dot is-read" aria-hidden /> : <span className="message-item__dot" role="img" aria-label={t('unread')} />}
        <span className="message-item__title">{text.title}</span>
        <span className="message-item__type">{t(`types.${message.type}`)}</span>
        <time className="message-item__time" dateTime={message.createdAt}>
          {formatDateTime(message.createdAt)}
        </time>
        <ChevronDown aria-hidden size={16} className="message-item__chevron" />
      </button>
      {expanded && (
        <p id={contentId} className="message-item__content">
          {text.content}
        </p>
      )}
    </li>
  );
}

/**
 * Platform messages 9 a page (MSG-04, MSG-11): a click folds or unfolds one (and marks it read),
 * times as yyyy-MM-dd HH:mm:ss (MSG-05), new messages pushed on top as they arrive.
 */
export function MessageList() {
  const bus = useBus();
  const { t } = useTranslation(['messages', 'common', 'errors']);
  const api = useApi();
  const unreadCount = useUnreadCountRef();
  const unreadCountNow = useRef(unreadCount);
  unreadCountNow.current = unreadCount;
  const logic = useMemo(() => createMessageListLogic(api, () => unreadCountNow.current), [api]);
  const list = useActorRef(logic, { ...actorOptions, input: { bus, pageSize: MESSAGE_PAGE_SIZE } });
  const status = useSelector(list, selectMessageListStatus);
  const messages = useSelector(list, selectMessages);
  const expandedIds = useSelector(list, selectExpandedIds);
  const paging = useSelector(list, selectMessagePaging, (a, b) => a.page === b.page && a.totalPages === b.totalPages && a.total === b.total);
  const pageLoading = useSelector(list, selectIsPageLoading);
  const error = useSelector(list, selectMessageListError);

  if (status === 'loading') return <ScreenLoader label={t('common:loading')} />;
  if (status === 'failed') {
    return (
      <EmptyState
        tone="warning"
        icon={TriangleAlert}
        title={t(`errors:${error?.code ?? 'INTERNAL'}`)}
        action={
          <button type="button" className="button button--outline button--compact" onClick={() => list.send({ type: 'list.retry' })}>
            {t('common:actions.retry')}
          </button>
        }
      />
    );
  }
  if (status === 'empty') return <EmptyState title={t('common:in_no_data')} />;
  return (
    <div className="message-list" aria-busy={pageLoading}>
      <ul className="message-list__items" aria-label={t('messages:listLabel')}>
        {messages.map((message) => (
          <MessageItem
            key={message.messageId}
            message={message}
            expanded={expandedIds.includes(message.messageId)}
            onToggle={() => list.send({ type: 'message.toggle', messageId: message.messageId })}
          />
        ))}
      </ul>
      <Pager page={paging.page} totalPages={paging.totalPages} onPage={(page) => list.send({ type: 'page.go', page })} disabled={pageLoading} />
    </div>
  );
}
