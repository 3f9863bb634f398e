import type { PathStep } from '../../models/machine-paths';
import { errorText, settleStep, shows, type ActorCalls, type DriverFactory } from '../driver-kit';
import type { ReplayPlayer } from '../fixtures';

const CALLS: ActorCalls = {
  solveBotCheck: { method: 'GET', path: '/wps/verification/challenge' },
  requestSmsCode: { method: 'POST', path: '/wps/verification/sms/noLogin' },
};

/** How far the button's seconds may be from the path's, as the page and the replay tick on their own clocks. */
const SECONDS_TOLERANCE = 2;

/**
 * The send-code button of the login popup's SMS tab, for a player registered for the path: its
 * number's code is sent, then the button counts the code's minute down (the replay's server keeps
 * codes a minute). A code asked for through the API just before makes the server refuse the
 * button's request for the number's cooldown.
 */
export const smsCountdownDriver: DriverFactory = (context) => {
  const { page, fixtures, note } = context;
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  const failure = page.getByRole('dialog', { name: 'The code could not be sent' });
  let player!: ReplayPlayer;
  /** When the code's answer came: tick k is due k seconds later. */
  let sentAt = 0;
  let ticks = 0;
  /** How late the replay reached the current tick (a slow screenshot): the page counts on meanwhile. */
  let lateMs = 0;
  return {
    start: async () => {
      player = await fixtures.registerPlayer(context.ip);
      note(`registered ${player.username} with the mobile number ${player.mobileNum}`);
      await page.goto(`${context.baseUrl}/login`);
      await dialog.getByRole('tab', { name: 'Mobile code' }).click();
      await dialog.getByLabel('Mobile number', { exact: true }).fill(player.mobileNum);
    },
    arrange: async (step) => {
      if (step.key === 'xstate.done.actor.requestSmsCode:sent') await fixtures.smsCooldown(player.mobileNum);
      if (step.key === 'xstate.error.actor.requestSmsCode:TOO_MANY_REQUESTS') {
        const client = fixtures.clientFrom(fixtures.freshIp());
        const res = await client.call('POST', '/wps/verification/sms/noLogin', { body: { mobileNum: player.mobileNum, countryDialingCode: '84', botCheck: await client.botCheck() } });
        if (res.status !== 200) throw new Error(`the code asked for through the API was refused: ${res.body.code}`);
        note(`asked for a code for ${player.mobileNum} through the API: the number waits before the next one`);
      }
    },
    perform: async () => {
      if (await failure.isVisible()) await failure.getByRole('button', { name: 'OK' }).click();
      await dialog.getByRole('button', { name: 'Send code' }).click();
    },
    settle: async (step: PathStep) => {
      if (step.event.type.startsWith('xstate.after.countdownTick')) {
        ticks += 1;
        const due = sentAt + ticks * 1000 + 300;
        lateMs = Math.max(0, Date.now() - due);
        await page.waitForTimeout(Math.max(0, due - Date.now()));
        return;
      }
      const answered = await settleStep(context, step, CALLS, { requestThrottle: 1000 });
      if (answered && step.key === 'xstate.done.actor.requestSmsCode:sent') {
        sentAt = answered.at + answered.ms;
        ticks = 0;
      }
    },
    check: async (step) => {
      const { leaves, screen } = step.state;
      const button = dialog.locator('.sms-code-button');
      if (leaves.includes('counting')) {
        const expected = Number(screen['seconds left']);
        const label = (await button.textContent()) ?? '';
        const shown = Number(/^Resend in (\d+)s$/.exec(label)?.[1] ?? NaN);
        const late = Math.ceil(lateMs / 1000);
        if (!(shown <= expected + SECONDS_TOLERANCE && shown >= expected - late - SECONDS_TOLERANCE)) {
          throw new Error(`the button reads "${label}", the path expects about ${expected} seconds left${late ? ` (the replay reached this tick ${late} s late)` : ''}`);
        }
        if (await button.isEnabled()) throw new Error('the button can be pressed while it counts down');
        return;
      }
      if (screen.error) {
        await shows(failure.getByText(errorText(String(screen.error))), `the failure dialog with "${errorText(String(screen.error))}"`);
      }
      if (leaves.includes('resendable.ready') || leaves.includes('idle')) {
        await shows(dialog.getByRole('button', { name: 'Send code' }), 'the send-code button ready');
        if (!(await button.isEnabled())) throw new Error('the send-code button cannot be pressed');
      }
    },
  };
};
