import { errorText, lacks, settleStep, shows, signedIn, type ActorCalls, type DriverFactory } from '../driver-kit';

const CALLS: ActorCalls = {
  solveBotCheck: { method: 'GET', path: '/wps/verification/challenge' },
  startFreePlay: { method: 'POST', path: '/wps/session/login/freeplay' },
};

/** Trial accounts one address may open per hour (the server's limit, src/server/services/auth/free-play.ts). */
const TRIALS_PER_ADDRESS = 5;

/**
 * The free demo of the login popup. The server refuses a sixth trial account from one address in
 * an hour: five made through the API first from the browser's address bring that refusal on.
 */
export const freePlayDriver: DriverFactory = (context) => {
  const { page, fixtures, note } = context;
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  const startButton = dialog.getByRole('button', { name: 'Try the free demo' });
  return {
    start: async () => {
      await page.goto(`${context.baseUrl}/login`);
    },
    arrange: async (step) => {
      if (step.key !== 'xstate.error.actor.startFreePlay:TOO_MANY_REQUESTS') return;
      const client = fixtures.clientFrom(context.ip);
      for (let i = 0; i < TRIALS_PER_ADDRESS; i += 1) {
        const res = await client.call('POST', '/wps/session/login/freeplay', { body: { os: 'web', botCheck: await client.botCheck() } });
        if (res.status !== 200) throw new Error(`trial account ${i + 1} was refused: ${res.body.code}`);
      }
      note(`${TRIALS_PER_ADDRESS} trial accounts opened through the API from ${context.ip}: the next one is refused`);
    },
    perform: () => startButton.click(),
    settle: (step) => settleStep(context, step, CALLS),
    check: async (step) => {
      const { leaves, screen } = step.state;
      if (leaves.includes('started')) {
        await signedIn(page);
        await lacks(dialog, 'the login popup');
        return;
      }
      await shows(startButton, 'the free demo button');
      if (!(await startButton.isEnabled())) throw new Error('the free demo button is disabled');
      if (screen.error) await shows(dialog.getByRole('alert').filter({ hasText: errorText(String(screen.error)) }), `the error "${errorText(String(screen.error))}"`);
    },
  };
};
