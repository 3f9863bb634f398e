import { createRoot } from 'react-dom/client';
import { initI18n } from './lib/i18n';
import { nextTask } from './lib/next-task';
import { startTheme } from './state/ui-state';
import './app/styles/index.css';

/**
 * The entry is the boot's first task (issue 15: on a phone, each task over 50 ms is blocking time): React's DOM
 * renderer, the texts' loader and the theme. It puts the theme on the page, asks for the language's texts (the first
 * render waits for them, and they may have to come over the network) and makes the root; the rest of the app is its
 * own chunk (boot-app.tsx, which index.html asks for beside this one), evaluated in a later task. Evaluating all of
 * it at once was the longest task of a phone's load.
 */
startTheme();
const textsLoaded = initI18n();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

const bootThePage = async () => {
  await nextTask();
  // The chat page at /chat/<roomId> (MEMBER-25), framed by the chat room modal, is not the site: its own lazy chunk boots it.
  if (/^\/chat\/[^/]+$/.test(window.location.pathname)) await (await import('./features/chat/chat-boot')).bootChatPage(root, textsLoaded);
  else {
    const { bootApp } = await import('./boot-app');
    // The boot's chunk was evaluated in this task: the app is built in the next ones.
    await nextTask();
    await bootApp(root, textsLoaded);
  }
};
void bootThePage();
