import { createActor, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { LoginResult } from '@shared/contract/auth';
import { socialSignInMachine, type SocialSignInInput } from '@machines/auth/social-sign-in.machine';
import { selectBusyProvider, selectHasSocialSignInFailed } from '@machines/auth/social-sign-in.selectors';
import type { AppPath } from '@machines/shared/navigation';
import { apiError, controlledActor } from '../support/fakes';
import { loginResult } from '../support/fixtures';

const start = (input: SocialSignInInput = {}) => {
  const startSocialSignIn = controlledActor<{ authorizationUrl: string }, { provider: string }>();
  const finishSocialSignIn = controlledActor<LoginResult, { search: string }>();
  const leaveForProvider = vi.fn<(args: unknown, params: { url: string }) => void>();
  const startSession = vi.fn<(args: unknown, params: { result: LoginResult; passwordChangePending: boolean }) => void>();
  const navigateTo = vi.fn<(args: unknown, params: { to: AppPath }) => void>();
  const actor = createActor(
    socialSignInMachine.provide({
      actors: { startSocialSignIn: startSocialSignIn.logic, finishSocialSignIn: finishSocialSignIn.logic },
      actions: { leaveForProvider, startSession, navigateTo },
    }),
    { input },
  ).start();
  return { actor, startSocialSignIn, finishSocialSignIn, leaveForProvider, startSession, navigateTo };
};

describe('social sign-in', () => {
  it('[AUTH-01] a provider button asks for its authorization URL and sends the browser there', async () => {
    const { actor, startSocialSignIn, leaveForProvider } = start();
    try {
      actor.send({ type: 'provider.select', provider: 'google' });
      expect(selectBusyProvider(actor.getSnapshot())).toBe('google');
      expect(startSocialSignIn.calls).toEqual([{ provider: 'google' }]);
      // a second press while the first is on its way starts nothing more
      actor.send({ type: 'provider.select', provider: 'github' });
      expect(startSocialSignIn.calls).toHaveLength(1);
      startSocialSignIn.resolve({ authorizationUrl: 'https://id.example.com/authorize?state=s1' });
      await waitFor(actor, (s) => s.matches('leaving'));
      expect(leaveForProvider.mock.calls.map(([, params]) => params)).toEqual([{ url: 'https://id.example.com/authorize?state=s1' }]);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-01] a provider that cannot be reached leaves the buttons usable with the error', async () => {
    const { actor, startSocialSignIn, leaveForProvider } = start();
    try {
      actor.send({ type: 'provider.select', provider: 'google' });
      startSocialSignIn.reject(apiError('SOCIAL_LOGIN_FAILED'));
      await waitFor(actor, (s) => s.matches('idle'));
      expect(actor.getSnapshot().context.error?.code).toBe('SOCIAL_LOGIN_FAILED');
      expect(selectBusyProvider(actor.getSnapshot())).toBeNull();
      expect(leaveForProvider).not.toHaveBeenCalled();
      actor.send({ type: 'provider.select', provider: 'google' });
      expect(actor.getSnapshot().context.error).toBeNull();
      expect(startSocialSignIn.calls).toHaveLength(2);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-01] the callback query is handed to the server, then the session starts without a forced change and the app goes to /', async () => {
    const { actor, finishSocialSignIn, startSession, navigateTo } = start({ callbackSearch: '?code=abc&state=s1' });
    try {
      expect(finishSocialSignIn.calls).toEqual([{ search: '?code=abc&state=s1' }]);
      const result = loginResult({ token: 'social-token' });
      finishSocialSignIn.resolve(result);
      await waitFor(actor, (s) => s.status === 'done');
      expect(startSession.mock.calls.map(([, params]) => params)).toEqual([{ result, passwordChangePending: false }]);
      expect(navigateTo.mock.calls.map(([, params]) => params)).toEqual([{ to: '/' }]);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-01] a refused callback ends on its error, with no session', async () => {
    const { actor, finishSocialSignIn, startSession, navigateTo } = start({ callbackSearch: '?error=access_denied&state=s1' });
    try {
      finishSocialSignIn.reject(apiError('SOCIAL_LOGIN_FAILED'));
      await waitFor(actor, (s) => s.status === 'done');
      expect(selectHasSocialSignInFailed(actor.getSnapshot())).toBe(true);
      expect(actor.getSnapshot().context.error?.code).toBe('SOCIAL_LOGIN_FAILED');
      expect(startSession).not.toHaveBeenCalled();
      expect(navigateTo).not.toHaveBeenCalled();
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-01] a callback page opened without a query fails without calling the server', () => {
    const { actor, finishSocialSignIn } = start({ callbackSearch: '' });
    try {
      expect(selectHasSocialSignInFailed(actor.getSnapshot())).toBe(true);
      expect(actor.getSnapshot().context.error?.code).toBe('SOCIAL_LOGIN_FAILED');
      expect(finishSocialSignIn.calls).toEqual([]);
    } finally {
      actor.stop();
    }
  });
});
