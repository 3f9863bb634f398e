import type { CSSProperties } from 'react';
import { Megaphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Announcement } from '@shared/contract/messages';
import { selectPlayerNotices } from '@machines/auth/session.selectors';
import { usePopups, useSessionSelector } from '@client/state/app-actor';

/** Seconds per character of notice titles, so long notices scroll at the same pace as short ones. */
const SECONDS_PER_CHARACTER = 0.28;
const MIN_LOOP_SECONDS = 18;

function NoticeList({ notices, copy }: { notices: Announcement[]; copy: boolean }) {
  const popups = usePopups();
  const open = (notice: Announcement) => popups.open('publicModal', { noticeId: notice.id });
  return (
    // The second copy only closes the loop seamlessly: hidden from assistive tech and the tab order.
    <ul className="notice-marquee__list" aria-hidden={copy || undefined}>
      {notices.map((notice) => (
        <li key={notice.id}>
          <button type="button" className="notice-marquee__notice" tabIndex={copy ? -1 : undefined} onClick={() => open(notice)}>
            {notice.title}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * LOBBY-01: the home notices (type H) scrolling past; hovering or focusing pauses them, and
 * reduced motion shows them still. A click opens the notice in the announcement popup (publicModal).
 */
export function NoticeMarquee() {
  const { t } = useTranslation('games');
  const notices = useSessionSelector(selectPlayerNotices).filter((notice) => notice.type === 'H');
  if (notices.length === 0) return null;
  const characters = notices.reduce((sum, n) => sum + n.title.length, 0);
  const style = { '--marquee-duration': `${Math.max(MIN_LOOP_SECONDS, characters * SECONDS_PER_CHARACTER)}s` } as CSSProperties;
  return (
    <section className="notice-marquee" aria-label={t('home.marquee.label')}>
      <span className="notice-marquee__badge">
        <Megaphone aria-hidden size={16} />
        <span className="notice-marquee__badge-text">{t('home.marquee.badge')}</span>
      </span>
      <div className="notice-marquee__viewport">
        <div className="notice-marquee__track" style={style}>
          <NoticeList notices={notices} copy={false} />
          <NoticeList notices={notices} copy />
        </div>
      </div>
    </section>
  );
}
