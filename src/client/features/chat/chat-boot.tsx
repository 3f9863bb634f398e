import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { io } from 'socket.io-client';
import { initI18n } from '@client/lib/i18n';
import { startTheme } from '@client/state/ui-state';
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

/** Starts the chat page: the theme, the connection (once, before any render), then the view. */
export const bootChatPage = async (): Promise<void> => {
  startTheme();
  const connection = createChatConnection({ ticket: takeTicket(), connect: (namespace, options) => io(namespace, options) as ChatSocket });
  await initI18n();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <Suspense fallback={null}>
        <ChatPage connection={connection} />
      </Suspense>
    </StrictMode>,
  );
};
