import { useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import type { Announcement } from '@shared/contract/messages';
import { MESSAGE_PAGE_SIZE } from '@shared/contract/messages.values';
import { selectPromotionNotices } from '@machines/auth/session.selectors';
import { EmptyState } from '@client/components/empty-state';
import { FormTabs } from '@client/components/form';
import { SafeHtml } from '@client/components/safe-html';
import { GoToPromotion } from './announcement-browser';
import { Pager } from '@client/components/records/pager';
import { formatDateTime } from '@client/lib/format';
import { MessageList } from './message-list';
import { usePublicState, useSessionInfo, useSessionSelector, type PopupContentProps } from '@client/state/app-actor';

type Tab = 'messages' | 'promotions';

/** The promotions the bell counts, 9 a page, each folding open on a click (MSG-04, MSG-05). */
function PromotionNotices({ items, onLeave }: { items: Announcement[]; onLeave: () => void }) {
  const { t } = useTranslation(['messages', 'common']);
  const [page, setPage] = useState(1);
  const [openIds, setOpenIds] = useState<number[]>([]);
  if (items.length === 0) return <EmptyState title={t('common:in_no_data')} />;
  const totalPages = Math.max(1, Math.ceil(items.length / MESSAGE_PAGE_SIZE));
  const toggle = (id: number) => setOpenIds(openIds.includes(id) ? openIds.filter((o) => o !== id) : [...openIds, id]);
  return (
    <div className="message-list">
      <ul className="message-list__items" aria-label={t('messages:notices.promotions')}>
        {items.slice((page - 1) * MESSAGE_PAGE_SIZE, page * MESSAGE_PAGE_SIZE).map((item) => {
          const open = openIds.includes(item.id);
          return (
            <li key={item.id} className={clsx('message-item', open && 'is-open')}>
              <button type="button" className="message-item__head" aria-expanded={open} onClick={() => toggle(item.id)}>
                <span className="message-item__title">{item.title}</span>
                <time className="message-item__time" dateTime={item.createdAt}>
                  {formatDateTime(item.createdAt)}
                </time>
                <ChevronDown aria-hidden size={16} className="message-item__chevron" />
              </button>
              {open && (
                <div className="message-item__content">
                  <SafeHtml className="rich-text" html={item.content} />
                  <GoToPromotion announcement={item} onGo={onLeave} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <Pager page={page} totalPages={totalPages} onPage={setPage} />
    </div>
  );
}

/**
 * noticeModal, opened by the notice bell (MSG-06): what the bell counts, the unread platform
 * messages and the available promotions (MSG-07). Trial accounts and visitors have no messages.
 */
export function NoticeModalContent({ close }: PopupContentProps<'noticeModal'>) {
  const { t } = useTranslation('messages');
  const { status } = useSessionInfo();
  const { unreadMessage } = usePublicState();
  const promotion = useSessionSelector(selectPromotionNotices);
  const hasMessages = status === 'loggedIn';
  const [tab, setTab] = useState<Tab>(hasMessages ? 'messages' : 'promotions');
  return (
    <div className="notice-modal">
      {hasMessages && (
        <FormTabs<Tab>
          label={t('notices.tabs')}
          tabs={[
            { id: 'messages', label: t('notices.messages', { unread: unreadMessage }) },
            { id: 'promotions', label: t('notices.promotionsCount', { available: promotion.length }) },
          ]}
          selected={tab}
          onSelect={setTab}
        />
      )}
      {hasMessages && tab === 'messages' ? <MessageList /> : <PromotionNotices items={promotion} onLeave={close} />}
    </div>
  );
}
