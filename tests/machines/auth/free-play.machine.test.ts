import { createActor, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { FreePlayRequest, LoginResult } from '@shared/contract/auth';
import { freePlayMachine } from '@machines/auth/free-play.machine';
import type { BotCheckPurpose } from '@machines/shared/bot-check';
import type { AppPath } from '@machines/shared/navigation';
import { answeringActor, apiError, controlledActor } from '../support/fakes';
import { loginResult } from '../support/fixtures';

const start = (botCheckError?: unknown) => {
  const solveBotCheck = answeringActor<string, { purpose: BotCheckPurpose }>(() => {
    if (botCheckError) throw botCheckError;
    return 'proof';
  });
  const startFreePlay = controlledActor<LoginResult, FreePlayRequest>();
  const startSession = vi.fn<(args: unknown, params: { result: LoginResult; passwordChangePending: boolean }) => void>();
  const navigateTo = vi.fn<(args: unknown, params: { to: AppPath }) => void>();
  const actor = createActor(
    freePlayMachine.provide({
      actors: { solveBotCheck: solveBotCheck.logic, startFreePlay: startFreePlay.logic },
      actions: { startSession, navigateTo },
    }),
  ).start();
  return { actor, solveBotCheck, startFreePlay, startSession, navigateTo };
};

describe('free play', () => {
  it('[AUTH-42][AUTH-43][API-15] a bot-checked free-play login starts a trial session without cpw and goes to /', async () => {
    const { actor, solveBotCheck, startFreePlay, startSession, navigateTo } = start();
    try {
      actor.send({ type: 'freePlay.start' });
      await waitFor(actor, (s) => s.matches('starting'));
      expect(solveBotCheck.calls).toEqual([{ purpose: 'login' }]);
      expect(startFreePlay.calls).toEqual([{ os: 'web', platform: 'W', gatewayVersion: 3, botCheck: 'proof' }]);
      const result = loginResult({ token: 'trial-token' }, 4);
      startFreePlay.resolve(result);
      await waitFor(actor, (s) => s.status === 'done');
      expect(startSession.mock.calls[0]?.[1]).toEqual({ result, passwordChangePending: false });
      expect(navigateTo.mock.calls[0]?.[1]).toEqual({ to: '/' });
    } finally {
      actor.stop();
    }
  });

  it.each(['FEATURE_DISABLED', 'TOO_MANY_REQUESTS'] as const)('[AUTH-42][ERR-14] a refused free play (%s) shows its code and may be retried', async (code) => {
    const { actor, startFreePlay, startSession } = start();
    try {
      actor.send({ type: 'freePlay.start' });
      await waitFor(actor, (s) => s.matches('starting'));
      startFreePlay.reject(apiError(code));
      await waitFor(actor, (s) => s.matches('idle'));
      expect(actor.getSnapshot().context.error?.code).toBe(code);
      expect(startSession).not.toHaveBeenCalled();
      actor.send({ type: 'freePlay.start' });
      await waitFor(actor, (s) => s.matches('starting'));
      expect(actor.getSnapshot().context.error).toBeNull();
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-33] a failed bot-check starts nothing', async () => {
    const { actor, startFreePlay } = start(apiError('BOT_CHECK_FAILED'));
    try {
      actor.send({ type: 'freePlay.start' });
      await waitFor(actor, (s) => s.matches('idle') && s.context.error !== null);
      expect(actor.getSnapshot().context.error?.code).toBe('BOT_CHECK_FAILED');
      expect(startFreePlay.calls).toEqual([]);
    } finally {
      actor.stop();
    }
  });
});
