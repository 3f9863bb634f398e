import { fromPromise, type ActorRefFrom } from 'xstate';
import type { CodeSent } from '@shared/contract/auth';
import type { SessionMachine } from '@machines/auth/session.machine';
import type { BotCheckPurpose } from '@machines/shared/bot-check';
import type { AppPath } from '@machines/shared/navigation';
import { smsCountdownMachine } from '@machines/shared/sms-countdown.machine';
import type { SmsCodeRequest } from '@machines/shared/sms-countdown.types';
import type { AppApi } from './api-client';
import { solveBotChallenge } from './bot-check';

/*
 * What the account flows of several areas (auth, registration) share on the client side: their
 * dependencies and the real side effects of the shared machine steps (machines/shared): the
 * bot-check and the SMS code request with its countdown. Kept here, not in a feature, because
 * features do not import each other.
 */

/** What every account flow needs from the app: the API, the session, navigation and its popup. */
export interface FlowDeps {
  api: AppApi;
  /** The app's session actor: flows hand it their new session (AUTH-05) and password changes. */
  session: Pick<ActorRefFrom<SessionMachine>, 'send'>;
  /** The router's navigate (STYLE.md C9): flows end on a path. */
  navigate: (to: AppPath) => void;
  /** Closes the popup (or page form) the flow runs in. */
  closePopup: () => void;
}

/** Fetches a bot-check challenge and solves it in the browser (AUTH-33): a fresh proof per guarded call. */
export const createBotCheckActor = (api: AppApi) =>
  fromPromise<string, { purpose: BotCheckPurpose }>(async ({ signal }) => solveBotChallenge(await api.call('botChallenge'), signal));

/** The code call of each purpose: registration, login or reset by SMS, or a pending two-factor login. */
const requestSmsCode = (api: AppApi, { purpose, recipient, botCheck }: SmsCodeRequest): Promise<CodeSent> => {
  if (recipient.kind === 'twoFactor') {
    return api.call('loginTwoFactorCode', { body: { challengeId: recipient.challengeId, method: recipient.method } });
  }
  const { mobileNum, countryDialingCode } = recipient;
  if (purpose === 'register') return api.call('smsRegister', { body: { mobileNo: mobileNum, countryDialingCode, botCheck: botCheck ?? '' } });
  return api.call('smsNoLogin', { body: { mobileNum, countryDialingCode, botCheck: botCheck ?? '' } });
};

/** The send-code button of every SMS form (AUTH-30, AUTH-31). */
export const createSmsCountdownLogic = (api: AppApi) =>
  smsCountdownMachine.provide({
    actors: {
      solveBotCheck: createBotCheckActor(api),
      requestSmsCode: fromPromise(({ input }) => requestSmsCode(api, input)),
    },
  });
