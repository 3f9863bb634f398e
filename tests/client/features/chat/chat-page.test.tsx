import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChatAck, ChatJoined, ChatMessage } from '@shared/contract/chat';
import { i18next, initI18n } from '@client/lib/i18n';
import { createChatConnection, type ChatSocket } from '@client/features/chat/chat-connection';
import { ChatPage } from '@client/features/chat/components/chat-page';

type Listener = (...args: unknown[]) => void;

/** A socket.io client socket as the chat connection uses it, driven by the test. */
const fakeSocket = () => {
  const listeners = new Map<string, Listener[]>();
  const sent: string[] = [];
  let reply: (body: string) => ChatAck<ChatMessage> = (body) => ({ ok: true, data: message(900 + sent.length, body) });
  let auth: unknown = null;
  const socket = {
    active: true,
    on: (event: string, listener: Listener) => {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return socket;
    },
    connect: () => socket,
    disconnect: () => {
      socket.active = false;
      return socket;
    },
    timeout: () => ({
      emitWithAck: async (_event: string, payload: { body: string }) => {
        sent.push(payload.body);
        return reply(payload.body);
      },
    }),
  };
  return {
    socket: socket as unknown as ChatSocket,
    sent,
    setAuth: (options: { auth?: unknown }) => {
      auth = options.auth;
    },
    ticketSent: () =>
      new Promise<unknown>((resolve) => {
        (auth as (cb: (data: unknown) => void) => void)((data) => resolve(data));
      }),
    replyWith: (next: (body: string) => ChatAck<ChatMessage>) => {
      reply = next;
    },
    emit: (event: string, ...args: unknown[]) => act(() => listeners.get(event)?.forEach((l) => l(...args))),
  };
};

const message = (messageId: number, body: string, senderName = 'pl***1'): ChatMessage => ({
  messageId,
  roomId: 'lobby',
  senderName,
  body,
  createdAt: '2026-11-27T10:00:00.000Z',
});

const joined = (over: Partial<ChatJoined> = {}): ChatJoined => ({ roomId: 'lobby', roomName: 'Lobby', messages: [message(1, 'hello all', 'ab***c')], canSend: true, ticket: 'renewed', ...over });

const renderChat = () => {
  const fake = fakeSocket();
  const connection = createChatConnection({
    ticket: 'first',
    connect: (_namespace, options) => {
      fake.setAuth(options);
      return fake.socket;
    },
  });
  const user = userEvent.setup();
  render(
    <Suspense fallback={null}>
      <ChatPage connection={connection} />
    </Suspense>,
  );
  return { fake, user, connection };
};

beforeAll(async () => {
  await initI18n({ lng: 'en' });
  // The page's texts are in before it renders: a page that suspended for them came back outside act(), and under
  // load its store subscription could lag the test's first socket event (CI, stop 36).
  await i18next.loadNamespaces(['chat', 'errors']);
});

describe('chat page (MEMBER-25)', () => {
  it('[MEMBER-25] shows the room history on joining under the room’s name, and live messages; hidden ones leave', async () => {
    const { fake } = renderChat();
    expect(await screen.findByRole('status')).toHaveTextContent('Connecting…');
    fake.emit('chat:joined', joined());
    expect(screen.getByRole('heading', { level: 1, name: 'Lobby' })).toBeInTheDocument();
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(within(log).getByText('hello all')).toBeInTheDocument();
    expect(within(log).getByText('ab***c')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Connected');
    fake.emit('chat:message', message(2, 'second one'));
    fake.emit('chat:message', message(2, 'second one'));
    expect(within(log).getAllByText('second one')).toHaveLength(1);
    fake.emit('chat:hidden', { messageId: 1 });
    expect(within(log).queryByText('hello all')).not.toBeInTheDocument();
  });

  it('[MEMBER-25] sends a trimmed message; the counter counts; over 200 characters cannot be sent', async () => {
    const { fake, user } = renderChat();
    fake.emit('chat:joined', joined({ messages: [] }));
    expect(screen.getByText('No messages yet. Say hello!')).toBeInTheDocument();
    const input = screen.getByLabelText('Your message');
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(input, '  hi there ');
    expect(screen.getByText('8 of 200 characters')).toBeInTheDocument();
    await user.click(send);
    expect(fake.sent).toEqual(['hi there']);
    expect(within(screen.getByRole('log')).getByText('hi there')).toBeInTheDocument();
    expect(input).toHaveValue('');
    await user.click(input);
    await user.paste('x'.repeat(201));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(send).toBeDisabled();
  });

  it('[MEMBER-25] Enter sends, Shift+Enter does not', async () => {
    const { fake, user } = renderChat();
    fake.emit('chat:joined', joined());
    const input = screen.getByLabelText('Your message');
    await user.type(input, 'line one{Shift>}{Enter}{/Shift}');
    expect(fake.sent).toEqual([]);
    await user.type(input, '{Enter}');
    expect(fake.sent).toEqual(['line one']);
  });

  it('[MEMBER-25] a refusal for sending too fast is told in words, with the wait', async () => {
    const { fake, user } = renderChat();
    fake.emit('chat:joined', joined());
    fake.replyWith(() => ({ ok: false, code: 'TOO_MANY_REQUESTS', retryAfterMs: 1_400 }));
    await user.type(screen.getByLabelText('Your message'), 'again');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Slow down: one message every 2 seconds. Try again in 2 s.');
    expect(screen.getByLabelText('Your message')).toHaveValue('again');
  });

  it('[MEMBER-25] a trial (demo) player reads but has no input', async () => {
    const { fake } = renderChat();
    fake.emit('chat:joined', joined({ canSend: false }));
    expect(screen.getByText(/Demo accounts can read the chat/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Your message')).not.toBeInTheDocument();
  });

  it('[MEMBER-25] reconnects with the renewed ticket, and says so while away', async () => {
    const { fake } = renderChat();
    expect(await fake.ticketSent()).toEqual({ ticket: 'first' });
    fake.emit('chat:joined', joined());
    expect(await fake.ticketSent()).toEqual({ ticket: 'renewed' });
    fake.emit('chat:ticket', { ticket: 'later' });
    fake.emit('disconnect', 'transport close');
    expect(screen.getByRole('status')).toHaveTextContent('Connection lost. Reconnecting…');
    expect(screen.getByLabelText('Your message')).toBeDisabled();
    expect(await fake.ticketSent()).toEqual({ ticket: 'later' });
    fake.emit('chat:joined', joined({ messages: [message(1, 'hello all'), message(5, 'while away')] }));
    expect(screen.getByRole('status')).toHaveTextContent('Connected');
    expect(screen.getByText('while away')).toBeInTheDocument();
  });

  it('[MEMBER-25] an expired ticket closes the page with a translated reason', async () => {
    const { fake } = renderChat();
    fake.emit('connect_error', new Error('REQUEST_EXPIRED'));
    expect(screen.getByRole('alert')).toHaveTextContent('This chat link has expired.');
    expect(screen.getByRole('status')).toHaveTextContent('Disconnected');
  });
});
