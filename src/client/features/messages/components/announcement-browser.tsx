import { useState } from 'react';
import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import clsx from 'clsx';
import type { Announcement } from '@shared/contract/messages';
import { MESSAGE_PAGE_SIZE } from '@shared/contract/messages.values';
import { EmptyState } from '@client/components/empty-state';
import { SafeHtml } from '@client/components/safe-html';
import { memberPageHref } from '@client/config/paths';
import { Pager } from '@client/components/records/pager';
import { formatDateTime } from '@client/lib/format';

/** MSG-03: an item with a promotionType offers the reward centre. */
export function GoToPromotion({ announcement, onGo }: { announcement: Announcement; onGo: () => void }) {
  const { t } = useTranslation('messages');
  const navigate = useNavigate();
  if (!announcement.promotionType) return null;
  return (
    <button
      type="button"
      className="button button--primary button--compact"
      onClick={() => {
        onGo();
        navigate(memberPageHref('rewardCenter'));
      }}
    >
      <Gift aria-hidden size={16} />
      {t('announcements.goToPromotion')}
    </button>
  );
}

/**
 * MSG-02: a list of titles, 9 a page, beside the chosen item's title and sanitised HTML content;
 * it opens at `initialId` (on its page) when that is one of the items, otherwise at the first.
 */
export function AnnouncementBrowser({ items, initialId = null, onLeave }: { items: Announcement[]; initialId?: number | null; onLeave: () => void }) {
  const { t } = useTranslation(['messages', 'common']);
  const initialIndex = Math.max(0, items.findIndex((a) => a.id === initialId));
  const [page, setPage] = useState(Math.floor(initialIndex / MESSAGE_PAGE_SIZE) + 1);
  const [selectedId, setSelectedId] = useState<number | null>(items[initialIndex]?.id ?? null);
  if (items.length === 0) return <EmptyState title={t('common:in_no_data')} />;
  const totalPages = Math.max(1, Math.ceil(items.length / MESSAGE_PAGE_SIZE));
  const shown = items.slice((page - 1) * MESSAGE_PAGE_SIZE, page * MESSAGE_PAGE_SIZE);
  const selected = items.find((a) => a.id === selectedId) ?? shown[0] ?? items[0]!;
  const goTo = (next: number) => {
    setPage(next);
    setSelectedId(items[(next - 1) * MESSAGE_PAGE_SIZE]?.id ?? null);
  };
  return (
    <div className="announcement-browser">
      <nav className="announcement-browser__list" aria-label={t('messages:announcements.listLabel')}>
        <ul>
          {shown.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className={clsx('announcement-browser__title', item.id === selected.id && 'is-active')}
                aria-current={item.id === selected.id ? 'true' : undefined}
                onClick={() => setSelectedId(item.id)}
              >
                {item.title}
              </button>
            </li>
          ))}
        </ul>
        <Pager page={page} totalPages={totalPages} onPage={goTo} />
      </nav>
      <article className="announcement-browser__detail" aria-labelledby={`announcement-${selected.id}`}>
        <h3 id={`announcement-${selected.id}`} className="announcement-browser__heading">
          {selected.title}
        </h3>
        <time className="announcement-browser__time" dateTime={selected.createdAt}>
          {formatDateTime(selected.createdAt)}
        </time>
        <SafeHtml className="rich-text announcement-browser__content" html={selected.content} />
        <GoToPromotion announcement={selected} onGo={onLeave} />
      </article>
    </div>
  );
}
