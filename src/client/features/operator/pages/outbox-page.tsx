import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OutboxQuery } from '@shared/contract/operator';
import { ChipFilter, RefreshButton, SearchBox } from '../components/list-filters';
import { Pager, QueryView } from '../components/ops-ui';
import { formatDateTime } from '../ops-format';
import { OPS_PAGE_SIZE, useOpsQuery } from '../ops-api';

type Channel = 'sms' | 'email';

/** The call returns the newest messages up to this many (it has no offset), paged here. */
const OUTBOX_LIMIT = OutboxQuery.shape.limit.unwrap().maxValue ?? 200;

/** The SMS and email outbox, newest first, filtered by channel and recipient. */
export function OutboxPage() {
  const { t } = useTranslation('operator');
  const [channel, setChannel] = useState<Channel | 'ALL'>('ALL');
  const [recipient, setRecipient] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const outbox = useOpsQuery('opsOutbox', { query: { channel: channel === 'ALL' ? undefined : channel, recipient: recipient || undefined, limit: OUTBOX_LIMIT } });

  return (
    <div className="ops-page">
      <div className="ops-toolbar">
        <ChipFilter
          label={t('outbox.channel')}
          options={[
            { value: 'ALL' as const, label: t('list.all') },
            { value: 'sms' as const, label: t('outbox.sms') },
            { value: 'email' as const, label: t('outbox.email') },
          ]}
          value={channel}
          onChange={(next) => {
            setChannel(next);
            setPageNo(1);
          }}
        />
        <div className="ops-toolbar__end">
          <SearchBox
            label={t('outbox.recipientSearch')}
            onSearch={(text) => {
              setRecipient(text);
              setPageNo(1);
            }}
          />
          <RefreshButton onRefresh={() => void outbox.refetch()} busy={outbox.isFetching} />
        </div>
      </div>
      <QueryView query={outbox}>
        {(messages) => {
          if (messages.length === 0) return <p className="ops-empty">{t('list.empty')}</p>;
          const totalPages = Math.ceil(messages.length / OPS_PAGE_SIZE);
          const current = Math.min(pageNo, totalPages);
          const shown = messages.slice((current - 1) * OPS_PAGE_SIZE, current * OPS_PAGE_SIZE);
          return (
            <>
              {messages.length >= OUTBOX_LIMIT && <p className="ops-toolbar__text">{t('outbox.newestOnly', { count: OUTBOX_LIMIT })}</p>}
              <ul className="ops-messages">
                {shown.map((message) => (
                  <li key={message.id} className="ops-message">
                    <div className="ops-message__head">
                      <span className="tag">{t(`outbox.${message.channel}`)}</span>
                      <span className="ops-message__to">{message.recipient}</span>
                      <span className="ops-message__time">{formatDateTime(message.createdAt)}</span>
                    </div>
                    {message.subject && <p className="ops-message__subject">{message.subject}</p>}
                    <p className="ops-message__body ops-pre">{message.body}</p>
                  </li>
                ))}
              </ul>
              <Pager pageNum={current} totalPages={totalPages} onPage={setPageNo} />
            </>
          );
        }}
      </QueryView>
    </div>
  );
}
