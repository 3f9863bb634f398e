import { act, screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { beforeEach, describe, expect, it } from 'vitest';
import type { QueryInputOf } from '@shared/contract/http';
import type { Message } from '@shared/contract/messages';
import { refusal } from '../../../helpers/accounts-fixture';
import { memberPath, renderMemberCenter } from '../../../helpers/member-center';
import { message, messageNew, messagePage, unreadCountEvent } from '../../../helpers/money-fixtures';
import { resetShell } from '../../../helpers/render-app';

beforeEach(() => {
  resetShell();
});

const inbox = (count: number, unread = 2): Message[] =>
  Array.from({ length: count }, (_, i) => message({ messageId: 100 - i, title: `Notice ${100 - i}`, content: `Body of ${100 - i}`, read: i >= unread }));

const list = () => screen.getByRole('list', { name: 'Platform messages' });
const head = (title: string) => within(list()).getByRole('button', { name: new RegExp(title) });

describe('messageV2 (platform messages)', () => {
  it('[MSG-11] [MSG-04] lists 9 messages a page and pages through the rest', async () => {
    const queries: QueryInputOf<'messageList'>[] = [];
    const { user } = await renderMemberCenter({
      lng: 'en',
      path: memberPath('messageV2'),
      handlers: {
        messageList: ({ query }) => {
          queries.push(query!);
          return query?.pageNo === 2
            ? messagePage([message({ messageId: 1, title: 'The tenth', read: true })], { pageNum: 2, totalPages: 2, total: 10, unreadMessage: 2 })
            : messagePage(inbox(9), { totalPages: 2, total: 10 });
        },
      },
    });
    expect(await screen.findByText('Notice 100')).toBeInTheDocument();
    expect(within(list()).getAllByRole('listitem')).toHaveLength(9);
    expect(queries[0]).toEqual({ pageNo: 1, pageSize: 9 });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('The tenth')).toBeInTheDocument();
    expect(queries.at(-1)).toEqual({ pageNo: 2, pageSize: 9 });
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('[MSG-04] [MSG-05] a click unfolds a message and another folds it; times read yyyy-MM-dd HH:mm:ss', async () => {
    const { user } = await renderMemberCenter({ lng: 'en', path: memberPath('messageV2'), handlers: { messageList: () => messagePage(inbox(3, 0)) } });
    await screen.findByText('Notice 100');
    expect(within(list()).getAllByText(format(new Date('2026-11-20T08:30:05.000Z'), 'yyyy-MM-dd HH:mm:ss'))).toHaveLength(3);
    expect(screen.queryByText('Body of 99')).not.toBeInTheDocument();
    await user.click(head('Notice 99'));
    expect(head('Notice 99')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Body of 99')).toBeInTheDocument();
    await user.click(head('Notice 99'));
    expect(screen.queryByText('Body of 99')).not.toBeInTheDocument();
  });

  it('[MSG-07] [MEMBER-04] opening an unread message marks it read; the answer’s count updates the bell and the badge', async () => {
    const { user, api } = await renderMemberCenter({
      lng: 'en',
      path: memberPath('messageV2'),
      handlers: {
        unreadCount: () => ({ unreadMessage: 2 }),
        messageList: () => messagePage(inbox(3, 2)),
        markMessagesRead: () => ({ unreadMessage: 1 }),
      },
    });
    await screen.findByText('Notice 100');
    expect(within(head('Notice 100')).getByRole('img', { name: 'Unread' })).toBeInTheDocument();
    await user.click(head('Notice 100'));
    await waitFor(() => expect(api.callsTo('markMessagesRead')).toEqual([{ body: { messageIds: [100] } }]));
    expect(within(head('Notice 100')).queryByRole('img', { name: 'Unread' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('1 unread message')).toBeInTheDocument());
    const badge = within(screen.getByRole('link', { name: /Platform messages/ })).getByTestId('menu-badge');
    expect(badge).toHaveTextContent('1');
    await user.click(head('Notice 98'));
    expect(api.callsTo('markMessagesRead')).toHaveLength(1);
  });

  it('[MSG-11] the platform’s own messages are shown in the reader’s language from their template', async () => {
    const { user } = await renderMemberCenter({
      lng: 'en',
      path: memberPath('messageV2'),
      handlers: {
        messageList: () =>
          messagePage([
            message({ messageId: 5, type: 'DEPOSIT', title: 'x', content: 'x', template: 'deposit.credited', params: { orderId: 'D77', amount: '500.00' }, read: true }),
            message({ messageId: 4, type: 'WITHDRAW', title: 'x', content: 'x', template: 'withdraw.rejected', params: { withdrawalId: 'W8', amount: '300.00', reason: 'Name mismatch' }, read: true }),
          ]),
      },
    });
    await user.click(await screen.findByRole('button', { name: /Deposit credited/ }));
    expect(screen.getByText('Your deposit D77 of 500.00 has been credited.')).toBeInTheDocument();
    await user.click(head('Withdrawal rejected'));
    expect(screen.getByText('Your withdrawal W8 of 300.00 was rejected: Name mismatch. The amount is back in your wallet.')).toBeInTheDocument();
    expect(within(list()).getByText('Withdrawal')).toBeInTheDocument();
  });

  it('[MSG-11] a pushed message:new goes on top at once, without asking for the list again', async () => {
    const { bus, api } = await renderMemberCenter({ lng: 'en', path: memberPath('messageV2'), handlers: { messageList: () => messagePage(inbox(2)) } });
    await screen.findByText('Notice 100');
    act(() => bus.push('message:new', messageNew({ messageId: 101, title: 'Fresh news' })));
    act(() => bus.push('unread:count', unreadCountEvent(3)));
    expect(within(list()).getAllByRole('listitem')[0]).toHaveTextContent('Fresh news');
    expect(screen.getByText('3 unread messages')).toBeInTheDocument();
    expect(api.callsTo('messageList')).toHaveLength(1);
  });

  it('an empty inbox says in_no_data; a failed load shows the error and loads again on retry', async () => {
    let fail = true;
    const { user } = await renderMemberCenter({
      path: memberPath('messageV2'),
      handlers: {
        messageList: () => {
          if (fail) throw refusal('INTERNAL', 500);
          return messagePage([]);
        },
      },
    });
    expect(await screen.findByText('errors:INTERNAL')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'common:actions.retry' }));
    expect(await screen.findByText('common:in_no_data')).toBeInTheDocument();
  });
});
