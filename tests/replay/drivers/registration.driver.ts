import type { PathStep } from '../../models/machine-paths';
import { errorText, lacks, settleStep, shows, signedIn, type ActorCalls, type DriverFactory } from '../driver-kit';

const CALLS: ActorCalls = {
  verifyAffiliate: { method: 'GET', path: '/wps/agent/affiliate' },
  solveBotCheck: { method: 'GET', path: '/wps/verification/challenge' },
  submitRegistration: { method: 'PUT', path: '/wps/member/register' },
};

/** The seeded agent's invitation code (README, demo accounts), and one no agent has. */
const AGENT_CODE = 'AGENT2026';
const UNKNOWN_CODE = 'NOPE2026';
/** A seeded username, so a registration with it is refused. */
const TAKEN_USERNAME = 'demo';

/**
 * The registration popup against the real server: every path registers a username and a mobile
 * number of its own, with the SMS code read from the outbox. The server's refusals are brought on
 * by what is typed: a taken username, a wrong SMS code, an invitation code no agent has.
 */
export const registrationDriver: DriverFactory = (context) => {
  const { page, fixtures, note } = context;
  const dialog = page.getByRole('dialog', { name: 'Register' });
  const field = (label: string) => dialog.getByLabel(label, { exact: true });
  const terms = dialog.getByRole('checkbox', { name: /I am 18 or older/ });
  /** The birthday check (VAL-44): the seeded rules show the birthday field, so the form asks for it too. */
  const birthdayCheck = dialog.getByRole('checkbox', { name: /years of age or older/ });
  let usernameTaken = false;
  let codeRight = true;
  let affiliateKnown = true;

  const fillIfShown = async (label: string, value: string) => {
    if (await field(label).isVisible()) await field(label).fill(value);
  };

  const submitForm = async (step: PathStep) => {
    const mobileNum = fixtures.freshMobile();
    const username = usernameTaken ? TAKEN_USERNAME : fixtures.freshUsername();
    if (step.variant !== 'valid mobile') await field('Username').fill(username);
    await fillIfShown('Password', 'Replay#2026pass');
    await fillIfShown('Confirm password', 'Replay#2026pass');
    await field('Mobile number').fill(mobileNum);
    if (step.variant === 'affiliate code') await field('Invitation code').fill(affiliateKnown ? AGENT_CODE : UNKNOWN_CODE);
    if ((await birthdayCheck.isVisible()) && !(await birthdayCheck.isChecked())) await birthdayCheck.check();
    // Terms unticked: the form refuses it before any code is asked for.
    if (await terms.isChecked()) {
      await dialog.getByRole('button', { name: 'Send code' }).click();
      await shows(dialog.getByRole('button', { name: /^Resend in/ }), 'the send-code button counting down');
      const code = codeRight ? await fixtures.latestSmsCode(mobileNum) : '000000';
      await field('Verification code').fill(code);
      note(
        `typed ${step.variant === 'valid mobile' ? `the number ${mobileNum}` : `${username}${usernameTaken ? ' (a seeded, taken username)' : ''} with ${mobileNum}`}, ` +
          `${codeRight ? `the SMS code ${code} from the outbox` : 'a wrong SMS code'}` +
          `${step.variant === 'affiliate code' ? `, invitation code ${affiliateKnown ? AGENT_CODE : `${UNKNOWN_CODE} (no agent's)`}` : ''}`,
      );
    }
    await dialog.getByRole('button', { name: 'Register', exact: true }).click();
  };

  return {
    start: async () => {
      await page.goto(`${context.baseUrl}/register`);
    },
    arrange: async (step) => {
      if (step.key === 'xstate.error.actor.submitRegistration:USERNAME_TAKEN') usernameTaken = true;
      if (step.key === 'xstate.error.actor.submitRegistration:SMS_CODE_INVALID') codeRight = false;
      if (step.key === 'xstate.error.actor.verifyAffiliate:INVITATION_CODE_ERROR') affiliateKnown = false;
    },
    perform: async (step) => {
      switch (step.event.type) {
        case 'type.select':
          return dialog.getByRole('tab', { name: step.variant === 'mobile' ? 'Mobile number' : 'Username' }).click();
        case 'terms.change':
          return terms.click();
        case 'code.request':
          await field('Mobile number').fill(step.event.mobileNum);
          return dialog.getByRole('button', { name: 'Send code' }).click();
        case 'registration.submit':
          if (step.variant === 'blank') return dialog.getByRole('button', { name: 'Register', exact: true }).click();
          return submitForm(step);
        default:
          throw new Error(`no way to make ${step.label} happen`);
      }
    },
    settle: (step) =>
      settleStep(context, step, {
        ...CALLS,
        ...(step.key.includes('submitRegistration') && step.state.screen.tab === 'mobile' ? { submitRegistration: { method: 'PUT', path: '/wps/member/register/mobile' } } : {}),
      }),
    check: async (step) => {
      const { leaves, screen } = step.state;
      if (leaves.includes('registered')) {
        await signedIn(page);
        await lacks(dialog, 'the registration popup');
        return;
      }
      const tab = screen.tab === 'mobile' ? 'Mobile number' : 'Username';
      await shows(dialog.getByRole('tab', { name: tab, selected: true }), `the ${tab} tab selected`);
      if ((await terms.isChecked()) === Boolean(screen['terms unticked'])) throw new Error(`the terms box is ${screen['terms unticked'] ? 'ticked' : 'unticked'}`);
      if (screen.error) await shows(dialog.getByRole('alert').filter({ hasText: errorText(String(screen.error)) }), `the error "${errorText(String(screen.error))}"`);
      if (screen['field errors']) await shows(dialog.locator('[aria-invalid="true"]'), 'a field marked wrong');
    },
  };
};
