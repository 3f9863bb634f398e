import { useState } from 'react';
import { Megaphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '@client/state/queries';
import { SafeHtml } from '@client/components/safe-html';
import { Pager } from '@client/components/records/pager';
import { QueryStates } from '@client/components/records/query-states';
import { formatDateTime } from '@client/lib/format';
import '../agent.css';

/**
 * agentAnnouncement (AGENT-11): what operators publish for agents, newest first, 9 a page; a new
 * one pushed while the page is open (agentAnnouncement:new) shows without a reload (the agent live cache, agent-live-cache.ts).
 */
export default function AgentAnnouncementsPage() {
  const { t } = useTranslation('agent');
  const [page, setPage] = useState(1);
  const announcements = useApiQuery('agentAnnouncements', { query: { pageNo: page } });
  return (
    <div className="agent-page">
      <QueryStates query={announcements} isEmpty={(data) => data.list.length === 0}>
        {(data) => (
          <>
            <ul className="agent-announcements" aria-label={t('announcements.list')}>
              {data.list.map((item) => (
                <li key={item.id}>
                  <article className="agent-card agent-announcement" aria-labelledby={`agent-announcement-${item.id}`}>
                    <header className="agent-announcement__head">
                      <Megaphone aria-hidden size={18} />
                      <h3 id={`agent-announcement-${item.id}`} className="agent-card__title">
                        {item.title}
                      </h3>
                      <time className="agent-announcement__time" dateTime={item.createdAt}>
                        {formatDateTime(item.createdAt)}
                      </time>
                    </header>
                    <SafeHtml className="rich-text" html={item.content} />
                  </article>
                </li>
              ))}
            </ul>
            <Pager page={page} totalPages={data.totalPages} onPage={setPage} />
          </>
        )}
      </QueryStates>
    </div>
  );
}
