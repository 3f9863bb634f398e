import { assign, setup } from 'xstate';
import type { Permission, SystemStatusCode } from '@shared/contract/system';
import type { ServerMachineEvent } from '../app/bus-bridge';
import { toFlowError, type FlowError } from '../shared/flow-error';
import { mustProvideActor } from '../shared/placeholders';

/** What the site needs before it renders: its whole public configuration and its status (SHELL-46). */
export interface SiteConfig {
  permission: Permission;
  /** 0 normal, 1 maintenance, 2 region restricted. */
  status: SystemStatusCode;
}

export interface SiteContext {
  permission: Permission | null;
  status: SystemStatusCode;
  error: FlowError | null;
}

export type SiteEvent =
  /** The retry button of the page shown when the configuration could not be loaded (ERR-18). */
  | { type: 'site.retry' }
  /** An operator switched maintenance or the region blocks; the live machine forwards the push. */
  | ServerMachineEvent<'system:status'>;

/**
 * The site's configuration and status (SHELL-46 to SHELL-50): loaded once at start (permission and
 * status; the provided `loadSite` also applies the merchant's languages), retried on demand when it
 * failed. A pushed status change carries only the site-wide flag, so this visitor's own status is
 * read again; the site switches at once.
 */
export const siteMachine = setup({
  types: {} as { context: SiteContext; events: SiteEvent },
  actors: {
    loadSite: mustProvideActor<SiteConfig>('loadSite'),
    loadStatus: mustProvideActor<SystemStatusCode>('loadStatus'),
  },
  actions: {
    assignSite: assign((_, params: { site: SiteConfig }) => ({ permission: params.site.permission, status: params.site.status, error: null })),
    assignStatus: assign((_, params: { status: SystemStatusCode }) => ({ status: params.status })),
    assignError: assign((_, params: { error: FlowError }) => ({ error: params.error })),
  },
}).createMachine({
  id: 'site',
  context: { permission: null, status: 0, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSite',
        src: 'loadSite',
        onDone: { target: 'ready', actions: { type: 'assignSite', params: ({ event }) => ({ site: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) } },
      },
    },
    failed: {
      on: { 'site.retry': 'loading' },
    },
    ready: {
      initial: 'current',
      on: { 'server.systemStatus': '.refreshing' },
      states: {
        current: {},
        refreshing: {
          invoke: {
            id: 'loadStatus',
            src: 'loadStatus',
            onDone: { target: 'current', actions: { type: 'assignStatus', params: ({ event }) => ({ status: event.output }) } },
            // The status stays as it was; the next push or page load reads it again.
            onError: 'current',
          },
        },
      },
    },
  },
});

export type SiteMachine = typeof siteMachine;
