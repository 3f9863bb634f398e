import { freePlayMachine } from '@machines/auth/free-play.machine';
import { loginResult } from '../../machines/support/fixtures';
import { actorDone, actorError, definePaths, userEvent } from '../machine-paths';

/** The free demo of the login popup (AUTH-42, AUTH-43): a bot-check, a trial account, signed in at `/`. */
export const freePlayPaths = definePaths({
  name: 'free-play',
  title: 'Free play: bot-check, a trial account, signed in',
  machine: freePlayMachine,
  choices: [
    userEvent({ type: 'freePlay.start' }),
    actorDone('solveBotCheck', 'bot-check-proof', 'solved'),
    actorDone('startFreePlay', loginResult({}, 4), 'trial account'),
    actorError('startFreePlay', { code: 'TOO_MANY_REQUESTS' }, 'TOO_MANY_REQUESTS'),
  ],
  screen: (snapshot) => ({ error: snapshot.context.error?.code ?? null }),
});
