import { generate } from 'otplib';
import type { TwoFactorMethod } from '@shared/contract/auth';
import { errorText, lacks, settleStep, shows, signedIn, type ActorCalls, type DriverFactory } from '../driver-kit';
import type { ReplayPlayer } from '../fixtures';

const CALLS: ActorCalls = { verifyTwoFactor: { method: 'POST', path: '/wps/session/login/twoFactor' } };

const METHOD_LABEL: Record<TwoFactorMethod, string> = {
  sms: 'SMS code to my mobile number',
  email: 'Code to my bound email',
  bankAccountName: 'My bank account name',
  totp: 'Authenticator app code',
};
const ANSWER_LABEL: Record<TwoFactorMethod, string> = { sms: 'SMS code', email: 'Email code', bankAccountName: 'Bank account name', totp: 'Authenticator code' };
const WRONG_ANSWER: Record<TwoFactorMethod, string> = { sms: '000000', email: '000000', bankAccountName: 'Somebody Else', totp: '000000' };

/**
 * The two-factor step against the real server: a player registered from another address with all
 * four factors (its mobile number, an email, a bank account name, and an authenticator enrolled
 * through the API) logs in from the browser's address, new to it. Sent codes are read from the
 * outbox, the authenticator's code is computed from its secret; a wrong answer is typed where the
 * path's server refuses it.
 */
export const twoFactorDriver: DriverFactory = (context) => {
  const { page, fixtures, note } = context;
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  let player!: ReplayPlayer;
  let totpSecret = '';
  /** The authenticator's 30-second window its enrolment used: a code is accepted once, so the login waits for the next. */
  let enrolledWindow = 0;
  let answerRight = true;
  const chosen = async (): Promise<TwoFactorMethod> => {
    for (const method of Object.keys(METHOD_LABEL) as TwoFactorMethod[]) if (await dialog.getByRole('radio', { name: METHOD_LABEL[method] }).isChecked()) return method;
    throw new Error('no second factor is chosen');
  };
  const rightAnswer = async (method: TwoFactorMethod): Promise<string> => {
    switch (method) {
      case 'sms':
        return fixtures.latestSmsCode(player.mobileNum);
      case 'email':
        return fixtures.latestEmailCode(player.email!);
      case 'bankAccountName':
        return 'Nguyen Van Replay';
      case 'totp': {
        const window = Math.floor(Date.now() / 30_000);
        if (window === enrolledWindow) await page.waitForTimeout((window + 1) * 30_000 - Date.now() + 200);
        return generate({ secret: totpSecret });
      }
    }
  };
  return {
    start: async () => {
      const home = fixtures.freshIp();
      const username = fixtures.freshUsername();
      player = await fixtures.registerPlayer(home, { username, email: `${username}@replay.example`, payeeName: 'Nguyen Van Replay' });
      const api = fixtures.clientFrom(home);
      const token = await api.login(player.username, player.password);
      const setup = await api.call<{ secret: string }>('POST', '/wps/member/totp/setup', { token });
      totpSecret = setup.body.value.secret;
      enrolledWindow = Math.floor(Date.now() / 30_000);
      const enabled = await api.call('POST', '/wps/member/totp/enable', { token, body: { code: await generate({ secret: totpSecret }) } });
      if (enabled.status !== 200) throw new Error(`the authenticator was not enrolled: ${enabled.body.code}`);
      note(`registered ${player.username} from ${home} with a mobile number, an email and a bank account name, and enrolled an authenticator through the API; the browser logs in from ${context.ip}`);
      await page.goto(`${context.baseUrl}/login`);
      await dialog.getByLabel('Username', { exact: true }).fill(player.username);
      await dialog.getByLabel('Password', { exact: true }).fill(player.password);
      await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    },
    arrange: async (step) => {
      answerRight = step.key === 'xstate.done.actor.verifyTwoFactor:verified';
    },
    perform: async (step) => {
      if (step.event.type === 'method.select') return dialog.getByRole('radio', { name: METHOD_LABEL[step.variant as TwoFactorMethod] }).click();
      const method = await chosen();
      let answer = '';
      if (step.variant === 'answer') {
        if (method === 'sms' || method === 'email') {
          if (method === 'sms') await fixtures.smsCooldown(player.mobileNum);
          await dialog.getByRole('button', { name: 'Send code' }).click();
          await shows(dialog.getByRole('button', { name: /^Resend in/ }), 'the send-code button counting down');
        }
        answer = answerRight ? await rightAnswer(method) : WRONG_ANSWER[method];
        note(`answered the ${method} factor ${answerRight ? 'rightly' : 'wrongly'} (${answer})`);
      }
      await dialog.getByLabel(ANSWER_LABEL[method], { exact: true }).fill(answer);
      await dialog.getByRole('button', { name: 'Verify' }).click();
    },
    settle: (step) => settleStep(context, step, CALLS),
    check: async (step) => {
      const { leaves, screen } = step.state;
      if (leaves.includes('verified')) {
        await signedIn(page);
        await lacks(dialog, 'the login popup');
        return;
      }
      await shows(dialog.getByRole('heading', { name: 'Verify it is you' }), 'the two-factor step');
      if (leaves.includes('choosingMethod')) {
        for (const label of Object.values(METHOD_LABEL)) {
          const radio = dialog.getByRole('radio', { name: label });
          await shows(radio, `the method "${label}"`);
          if (await radio.isChecked()) throw new Error(`"${label}" is chosen before the player chose`);
        }
        return;
      }
      const method = screen.method as TwoFactorMethod;
      if (!(await dialog.getByRole('radio', { name: METHOD_LABEL[method] }).isChecked())) throw new Error(`the method "${METHOD_LABEL[method]}" is not the chosen one`);
      await shows(dialog.getByLabel(ANSWER_LABEL[method], { exact: true }), `the ${ANSWER_LABEL[method]} field`);
      if (screen['field errors']) await shows(dialog.locator('[aria-invalid="true"]'), 'the answer marked wrong');
      if (screen.error) await shows(dialog.getByRole('alert').filter({ hasText: errorText(String(screen.error)) }), `the error "${errorText(String(screen.error))}"`);
    },
  };
};
