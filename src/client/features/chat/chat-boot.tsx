import { StrictMode, Suspense } from 'react';
import type { Root } from 'react-dom/client';
import { io } from 'socket.io-client';
import { createChatConnection, type ChatSocket } from './chat-connection';
import { ChatPage } from './components/chat-page';

/** Reads the ticket once and takes it off the address, so it stays out of the history and of any referrer. */
const takeTicket = (): string => {
  const url = new URL(window.location.href);
  const ticket = url.searchParams.get('ticket') ?? '';
  url.searchParams.delete('ticket');
  window.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
  return ticket;
};

/** Starts the chat page in `root`, once the entry has put the theme on and asked for the texts: the connection (once, before any render), then the view. */
export const bootChatPage = async (root: Root, textsLoaded: Promise<unknown>): Promise<void> => {
  const connection = createChatConnection({ ticket: takeTicket(), connect: (namespace, options) => io(namespace, options) as ChatSocket });
  await textsLoaded;
  root.render(
    <StrictMode>
      <Suspense fallback={null}>
        <ChatPage connection={connection} />
      </Suspense>
    </StrictMode>,
  );
};
