import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { messageListMachine, type MessagePage } from '@machines/messages/message-list.machine';
import { selectMessageListStatus, selectMessages, selectMessagePaging } from '@machines/messages/message-list.selectors';
import { createFakeBus } from '../../helpers/fake-bus';
import { message, messageNew, messagePage } from '../../helpers/money-fixtures';
import { apiError, controlledActor } from '../support/fakes';

const nine = Array.from({ length: 9 }, (_, i) => message({ messageId: 100 - i, title: `m${100 - i}`, read: i > 1 }));

const start = async (first: MessagePage = messagePage(nine, { total: 12, totalPages: 2 })) => {
  const bus = createFakeBus();
  const loadMessages = controlledActor<MessagePage, { pageNo: number; pageSize: number }>();
  const markRead = controlledActor<{ unreadMessage: number }, { messageIds: number[] }>();
  const unread: number[] = [];
  const actor = createActor(
    messageListMachine.provide({
      actors: { loadMessages: loadMessages.logic, markRead: markRead.logic },
      actions: { publishUnreadCount: (_, { unreadMessage }) => unread.push(unreadMessage) },
    }),
    { input: { bus, pageSize: 9 } },
  ).start();
  loadMessages.resolve(first);
  await waitFor(actor, (s) => s.matches({ list: 'ready' }));
  return { bus, actor, loadMessages, markRead, unread };
};

describe('message list machine', () => {
  it('[MSG-11] loads 9 messages a page and pages on request', async () => {
    const { actor, loadMessages } = await start();
    try {
      expect(loadMessages.calls).toEqual([{ pageNo: 1, pageSize: 9 }]);
      actor.send({ type: 'page.go', page: 2 });
      expect(loadMessages.calls.at(-1)).toEqual({ pageNo: 2, pageSize: 9 });
      loadMessages.resolve(messagePage([message({ messageId: 3 })], { pageNum: 2, totalPages: 2, total: 10 }));
      await waitFor(actor, (s) => s.matches({ list: 'ready' }));
      expect(selectMessagePaging(actor.getSnapshot())).toEqual({ page: 2, totalPages: 2, total: 10 });
    } finally {
      actor.stop();
    }
  });

  it('[MSG-04] opening an unread message unfolds it and marks it read; the answer updates the unread count', async () => {
    const { actor, markRead, unread } = await start();
    try {
      actor.send({ type: 'message.toggle', messageId: 100 });
      expect(actor.getSnapshot().context.expandedIds).toEqual([100]);
      expect(selectMessages(actor.getSnapshot())[0]?.read).toBe(true);
      actor.send({ type: 'message.toggle', messageId: 99 });
      expect(markRead.calls).toEqual([{ messageIds: [100] }]);
      markRead.resolve({ unreadMessage: 1 });
      await waitFor(actor, () => markRead.calls.length === 2);
      expect(markRead.calls[1]).toEqual({ messageIds: [99] });
      markRead.resolve({ unreadMessage: 0 });
      await waitFor(actor, (s) => s.matches({ reading: 'idle' }) && unread.at(-1) === 0);
      actor.send({ type: 'message.toggle', messageId: 100 });
      expect(actor.getSnapshot().context.expandedIds).toEqual([99]);
      expect(markRead.calls).toHaveLength(2);
    } finally {
      actor.stop();
    }
  });

  it('a read the server refuses shows the message unread again', async () => {
    const { actor, markRead } = await start();
    try {
      actor.send({ type: 'message.toggle', messageId: 100 });
      markRead.reject(apiError('INTERNAL'));
      await waitFor(actor, (s) => s.matches({ reading: 'idle' }) && selectMessages(s)[0]?.read === false);
    } finally {
      actor.stop();
    }
  });

  it('[MSG-11] a pushed message:new goes on top of the first page without a refetch', async () => {
    const { actor, bus, loadMessages } = await start();
    try {
      bus.push('message:new', messageNew({ messageId: 101, title: 'Deposit credited' }));
      const list = selectMessages(actor.getSnapshot());
      expect(list[0]?.title).toBe('Deposit credited');
      expect(list).toHaveLength(9);
      expect(selectMessagePaging(actor.getSnapshot())).toEqual({ page: 1, totalPages: 2, total: 13 });
      expect(loadMessages.calls).toHaveLength(1);
    } finally {
      actor.stop();
    }
  });

  it('an empty inbox is empty; a failed load can be retried', async () => {
    const bus = createFakeBus();
    const loadMessages = controlledActor<MessagePage, { pageNo: number; pageSize: number }>();
    const actor = createActor(
      messageListMachine.provide({ actors: { loadMessages: loadMessages.logic }, actions: { publishUnreadCount: () => {} } }),
      { input: { bus, pageSize: 9 } },
    ).start();
    try {
      expect(selectMessageListStatus(actor.getSnapshot())).toBe('loading');
      loadMessages.reject(apiError('NETWORK'));
      await waitFor(actor, (s) => selectMessageListStatus(s) === 'failed');
      actor.send({ type: 'list.retry' });
      loadMessages.resolve(messagePage([]));
      await waitFor(actor, (s) => selectMessageListStatus(s) === 'empty');
    } finally {
      actor.stop();
    }
  });
});
