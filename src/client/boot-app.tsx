import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { createAppTransport } from './app/api';
import { App } from './app/app';
import { createAppActor, loadedPermission, preloadOnlineParts, startAppActor } from './app/create-app-actor';
import { preloadAgentPage } from './app/layouts/agent-layout';
import { preloadSitePage } from './app/layouts/site-layout';
import { createAppRouter } from './app/router';
import { takeBootReads } from './app/boot-reads';
import { readSessionToken } from './features/auth/session-storage';
import { nextTask } from './lib/next-task';
import { createQueryClient } from './state/queries';
import type { AppActor } from './state/app-actor';

/**
 * Boots the player site, the console and the agent pages into `root`, once the entry (main.tsx) has put the theme on
 * and asked for the texts. Development builds install their tools first: the recorder and the inspector hear the app
 * actor from its start. The rest is a run of short tasks (issue 15: each task over 50 ms is blocking time on a phone):
 * the query cache and the page's own code and data asked for, so the network works while the rest is built; the
 * router; the app actor; its start; then the first render (itself a transition, which yields between components).
 */
export const bootApp = async (root: Root, textsLoaded: Promise<unknown>): Promise<void> => {
  if (import.meta.env.DEV) (await import('./dev/dev-tools')).installDevTools();
  const queryClient = createQueryClient();
  takeBootReads(queryClient);
  let app: AppActor | null = null;
  const { api, bus } = createAppTransport({ permission: () => (app ? loadedPermission(app) : null) });
  void preloadSitePage(window.location.pathname, queryClient, api);
  void preloadAgentPage(window.location.pathname);
  // A tab that holds a session restores it at once: its online part and socket client come beside the page's code, not after the restore.
  if (readSessionToken()) preloadOnlineParts();
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  app = createAppActor({ api, bus, queryClient });
  await nextTask();
  // Started before the first render (STYLE.md C4): the app's state never follows what is on screen.
  startAppActor(app, { queryClient, navigate: (href) => void router.navigate(href) });
  const started = app;

  await Promise.all([textsLoaded, nextTask()]);
  // A transition render yields to the browser between components, so the first render is many short tasks.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App api={api} app={started} bus={bus} router={router} queryClient={queryClient} />
      </StrictMode>,
    ),
  );
};
