import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppTransport } from './app/api';
import { App } from './app/app';
import { createAppActor, loadedPermission, startAppActor } from './app/create-app-actor';
import { preloadSitePage } from './app/layouts/site-layout';
import { createAppRouter } from './app/router';
import { initI18n } from './lib/i18n';
import { takeBootReads } from './app/boot-reads';
import { createQueryClient } from './state/queries';
import type { AppActor } from './state/app-actor';
import { startTheme } from './state/ui-state';
import './app/styles/index.css';

/** A promise kept in a later task: the browser may paint and answer input between the boot's parts. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/**
 * Development builds install their tools first: the recorder and the inspector hear the app actor from its start.
 * The boot is three tasks, not one long one: the scripts' evaluation and the texts' load, the app actor, the first
 * render (itself a transition, which yields between components).
 */
const boot = async () => {
  if (import.meta.env.DEV) (await import('./dev/dev-tools')).installDevTools();
  startTheme();
  // Asked for first: the first render waits for the language's texts, which may have to come over the network.
  const textsLoaded = initI18n();
  await nextTask();
  const queryClient = createQueryClient();
  takeBootReads(queryClient);
  const router = createAppRouter();
  let app: AppActor | null = null;
  const { api, bus } = createAppTransport({ permission: () => (app ? loadedPermission(app) : null) });
  app = createAppActor({ api, bus, queryClient });
  // Started before the first render (STYLE.md C4): the app's state never follows what is on screen.
  startAppActor(app, { queryClient, navigate: (href) => void router.navigate(href) });
  const started = app;
  void preloadSitePage(window.location.pathname, queryClient, api);

  await Promise.all([textsLoaded, nextTask()]);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  // A transition render yields to the browser between components, so the first render is many short tasks.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App api={api} app={started} bus={bus} router={router} queryClient={queryClient} />
      </StrictMode>,
    ),
  );
};

/** The chat page at /chat/<roomId> (MEMBER-25), framed by the chat room modal, is not the site: its own lazy chunk boots it instead. */
if (/^\/chat\/[^/]+$/.test(window.location.pathname)) void import('./features/chat/chat-boot').then(({ bootChatPage }) => bootChatPage());
else void boot();
