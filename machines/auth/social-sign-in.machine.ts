import { assign, setup } from 'xstate';
import type { LoginResult } from '@shared/contract/auth';
import { localError, toFlowError, type FlowError } from '../shared/flow-error';
import { navigateTo } from '../shared/navigation';
import { mustProvideAction, mustProvideActor } from '../shared/placeholders';

export interface SocialSignInInput {
  /**
   * The query string the provider sent the browser back with (`/oidc/callback?code=…&state=…`):
   * when given, the machine finishes that sign-in instead of waiting for a provider choice.
   */
  callbackSearch?: string | null;
}

export interface SocialSignInContext {
  callbackSearch: string | null;
  /** The provider whose button was pressed (its button shows the progress). */
  provider: string | null;
  error: FlowError | null;
}

export type SocialSignInEvent = { type: 'provider.select'; provider: string };

export type SocialSignInTag = 'loading' | 'error';

/**
 * Social sign-in with an OpenID Connect provider (AUTH-01). In the login or register popup a
 * provider button asks the server for the provider's authorization URL and the browser leaves for
 * it; back on `/oidc/callback`, the query string is handed to the server, which links or creates
 * the member and logs in. The session then starts as after a password login, without a forced
 * password change (third-party logins never get one), and the app goes to `/`.
 */
export const socialSignInMachine = setup({
  types: {} as {
    context: SocialSignInContext;
    events: SocialSignInEvent;
    input: SocialSignInInput;
    tags: SocialSignInTag;
  },
  actors: {
    startSocialSignIn: mustProvideActor<{ authorizationUrl: string }, { provider: string }>('startSocialSignIn'),
    finishSocialSignIn: mustProvideActor<LoginResult, { search: string }>('finishSocialSignIn'),
  },
  actions: {
    /** Sends the browser to the provider: the page is left, so this is the flow's last step here. */
    leaveForProvider: mustProvideAction<{ url: string }>('leaveForProvider'),
    startSession: mustProvideAction<{ result: LoginResult; passwordChangePending: boolean }>('startSession'),
    navigateTo,
    assignProvider: assign((_, params: { provider: string }) => ({ provider: params.provider, error: null })),
    assignError: assign((_, params: { error: FlowError }) => ({ error: params.error })),
  },
  guards: {
    isCallback: ({ context }) => context.callbackSearch !== null,
    hasCallbackQuery: ({ context }) => (context.callbackSearch ?? '').replace(/^\?/, '') !== '',
  },
}).createMachine({
  id: 'socialSignIn',
  context: ({ input }) => ({ callbackSearch: input.callbackSearch ?? null, provider: null, error: null }),
  initial: 'routing',
  states: {
    routing: {
      always: [
        { guard: 'hasCallbackQuery', target: 'finishing' },
        { guard: 'isCallback', target: 'failed', actions: { type: 'assignError', params: { error: localError('SOCIAL_LOGIN_FAILED') } } },
        { target: 'idle' },
      ],
    },
    idle: {
      on: {
        'provider.select': { target: 'starting', actions: { type: 'assignProvider', params: ({ event }) => ({ provider: event.provider }) } },
      },
    },
    starting: {
      tags: 'loading',
      invoke: {
        id: 'startSocialSignIn',
        src: 'startSocialSignIn',
        // `idle` enters here only through provider.select, which sets the provider
        input: ({ context }) => ({ provider: context.provider! }),
        onDone: { target: 'leaving', actions: { type: 'leaveForProvider', params: ({ event }) => ({ url: event.output.authorizationUrl }) } },
        onError: { target: 'idle', actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) } },
      },
    },
    /** The browser is on its way to the provider; the buttons stay busy until the page unloads. */
    leaving: { tags: 'loading' },
    finishing: {
      tags: 'loading',
      invoke: {
        id: 'finishSocialSignIn',
        src: 'finishSocialSignIn',
        // `routing` enters here only with a callback query
        input: ({ context }) => ({ search: context.callbackSearch! }),
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'startSession', params: ({ event }) => ({ result: event.output, passwordChangePending: false }) },
            { type: 'navigateTo', params: { to: '/' } },
          ],
        },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) } },
      },
    },
    /** The provider's answer is single-use: a failure can only be started over from a login popup. */
    failed: { tags: 'error', type: 'final' },
    signedIn: { type: 'final' },
  },
});

export type SocialSignInMachine = typeof socialSignInMachine;
