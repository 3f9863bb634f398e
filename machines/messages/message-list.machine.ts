import { assign, setup } from 'xstate';
import type { ResponseOf } from '@shared/contract/http';
import type { Message } from '@shared/contract/messages';
import { busEvents, resyncEvents, type BusResyncedEvent, type BusStreams, type ServerMachineEvent } from '../app/bus-bridge';
import { toFlowError, type FlowError } from '../shared/flow-error';
import { mustProvideAction, mustProvideActor } from '../shared/placeholders';

export type MessagePage = ResponseOf<'messageList'>;

export interface MessageListInput {
  bus: BusStreams;
  pageSize: number;
}

export interface MessageListContext {
  bus: BusStreams;
  pageSize: number;
  page: number;
  list: Message[];
  total: number;
  totalPages: number;
  /** Unfolded messages (MSG-04: a click folds or unfolds an item). */
  expandedIds: number[];
  /** Opened unread messages waiting to be marked read on the server, and those on their way. */
  unsentReadIds: number[];
  sendingReadIds: number[];
  error: FlowError | null;
}

export type MessageListEvent =
  | { type: 'page.go'; page: number }
  | { type: 'message.toggle'; messageId: number }
  | { type: 'list.retry' }
  | ServerMachineEvent<'message:new'>
  | BusResyncedEvent;

export type MessageListTag = 'loading';

const pagesFor = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/**
 * The player's platform messages (messageV2, MSG-11), a page at a time. Opening an unread message
 * marks it read (batched while a call is under way); a pushed `message:new` is put on top of the
 * first page at once (no refetch); after a reconnect the page is loaded again.
 */
export const messageListMachine = setup({
  types: {} as { context: MessageListContext; events: MessageListEvent; input: MessageListInput; tags: MessageListTag },
  actors: {
    loadMessages: mustProvideActor<MessagePage, { pageNo: number; pageSize: number }>('loadMessages'),
    markRead: mustProvideActor<{ unreadMessage: number }, { messageIds: number[] }>('markRead'),
    messageEvents: busEvents('message:new'),
    resyncEvents,
  },
  actions: {
    publishUnreadCount: mustProvideAction<{ unreadMessage: number }>('publishUnreadCount'),
    assignPageNo: assign(({ context }, params: { page: number }) => ({
      page: Math.min(Math.max(1, Math.trunc(params.page)), context.totalPages),
    })),
    assignPage: assign((_, params: { page: MessagePage }) => ({
      list: params.page.list,
      total: params.page.total,
      totalPages: Math.max(1, params.page.totalPages),
      page: params.page.pageNum,
      error: null,
    })),
    prependMessage: assign(({ context }, params: { message: Message }) => {
      if (context.list.some((m) => m.messageId === params.message.messageId)) return {};
      const total = context.total + 1;
      const onFirstPage = context.page === 1;
      return {
        list: onFirstPage ? [params.message, ...context.list].slice(0, context.pageSize) : context.list,
        total,
        totalPages: pagesFor(total, context.pageSize),
      };
    }),
    toggleMessage: assign(({ context }, params: { messageId: number }) => {
      const expanded = context.expandedIds.includes(params.messageId);
      const message = context.list.find((m) => m.messageId === params.messageId);
      const opensUnread = !expanded && message !== undefined && !message.read;
      return {
        expandedIds: expanded ? context.expandedIds.filter((id) => id !== params.messageId) : [...context.expandedIds, params.messageId],
        list: opensUnread ? context.list.map((m) => (m.messageId === params.messageId ? { ...m, read: true } : m)) : context.list,
        unsentReadIds: opensUnread ? [...context.unsentReadIds, params.messageId] : context.unsentReadIds,
      };
    }),
    startSendingReads: assign(({ context }) => ({ sendingReadIds: context.unsentReadIds, unsentReadIds: [] })),
    finishSendingReads: assign({ sendingReadIds: [] }),
    /** The server did not take them: show them unread again. */
    revertSendingReads: assign(({ context }) => ({
      list: context.list.map((m) => (context.sendingReadIds.includes(m.messageId) ? { ...m, read: false } : m)),
      sendingReadIds: [],
    })),
    assignError: assign((_, params: { error: FlowError }) => ({ error: params.error })),
  },
  guards: {
    hasUnsentReads: ({ context }) => context.unsentReadIds.length > 0,
  },
}).createMachine({
  id: 'messageList',
  context: ({ input }) => ({
    bus: input.bus,
    pageSize: input.pageSize,
    page: 1,
    list: [],
    total: 0,
    totalPages: 1,
    expandedIds: [],
    unsentReadIds: [],
    sendingReadIds: [],
    error: null,
  }),
  invoke: [
    { id: 'messageEvents', src: 'messageEvents', input: ({ context }) => ({ bus: context.bus }) },
    { id: 'resyncEvents', src: 'resyncEvents', input: ({ context }) => ({ bus: context.bus }) },
  ],
  on: {
    'server.messageNew': { actions: { type: 'prependMessage', params: ({ event }) => ({ message: stripMeta(event.payload) }) } },
    'message.toggle': { actions: { type: 'toggleMessage', params: ({ event }) => ({ messageId: event.messageId }) } },
  },
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          tags: 'loading',
          invoke: {
            id: 'loadMessages',
            src: 'loadMessages',
            input: ({ context }) => ({ pageNo: context.page, pageSize: context.pageSize }),
            onDone: {
              target: 'ready',
              actions: [
                { type: 'assignPage', params: ({ event }) => ({ page: event.output }) },
                { type: 'publishUnreadCount', params: ({ event }) => ({ unreadMessage: event.output.unreadMessage }) },
              ],
            },
            onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) } },
          },
        },
        ready: {
          on: {
            'page.go': { target: 'loading', actions: { type: 'assignPageNo', params: ({ event }) => ({ page: event.page }) } },
            'server.busResynced': 'loading',
          },
        },
        failed: {
          on: { 'list.retry': 'loading', 'server.busResynced': 'loading' },
        },
      },
    },
    reading: {
      initial: 'idle',
      states: {
        idle: { always: { guard: 'hasUnsentReads', target: 'marking' } },
        marking: {
          entry: 'startSendingReads',
          invoke: {
            id: 'markRead',
            src: 'markRead',
            input: ({ context }) => ({ messageIds: context.sendingReadIds }),
            onDone: {
              target: 'idle',
              actions: ['finishSendingReads', { type: 'publishUnreadCount', params: ({ event }) => ({ unreadMessage: event.output.unreadMessage }) }],
            },
            onError: { target: 'idle', actions: 'revertSendingReads' },
          },
        },
      },
    },
  },
});

/** A pushed message carries the event's id and time beside the message itself. */
function stripMeta({ eventId: _eventId, at: _at, ...message }: ServerMachineEvent<'message:new'>['payload']): Message {
  return message;
}

export type MessageListMachine = typeof messageListMachine;
