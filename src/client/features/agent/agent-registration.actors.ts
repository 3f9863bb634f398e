import { fromPromise } from 'xstate';
import type { DownlineKind, DownlineMember } from '@shared/contract/agent';
import type { RegisterRequest, RegisterResult } from '@shared/contract/registration';
import { registrationMachine } from '@machines/registration/registration.machine';
import type { RegistrationType } from '@machines/registration/registration.types';
import type { AppApi } from '@client/lib/api-client';
import { createBotCheckActor, createSmsCountdownLogic } from '@client/lib/account-flows';

export interface AgentRegistrationDeps {
  api: AppApi;
  /** The account kind chosen on the page when the form is sent. */
  accountKind: () => DownlineKind;
  /** The new member, in the downline at once. */
  onRegistered: (member: DownlineMember) => void;
}

/**
 * The register center runs the player registration flow itself (the same validation, bot-check,
 * SMS code and encrypted call) with the agent's register call: the agent becomes the upline, no
 * session starts for the new account, and the agent stays on its page (no popup to close, nowhere
 * to go), so those three actions do nothing here.
 */
export const createAgentRegistrationLogic = ({ api, accountKind, onRegistered }: AgentRegistrationDeps) =>
  registrationMachine.provide({
    actors: {
      solveBotCheck: createBotCheckActor(api),
      submitRegistration: fromPromise<RegisterResult, { registrationType: RegistrationType; request: RegisterRequest }>(async ({ input }) => {
        // The agent is the upline: no invitation code, and the new account does not log in here.
        const { login: _login, affiliateCode: _affiliateCode, ...registration } = input.request;
        const member = await api.call('agentRegister', { body: { ...registration, accountKind: accountKind() } });
        onRegistered(member);
        return { account: member.account, session: null };
      }),
      smsCountdown: createSmsCountdownLogic(api),
    },
    actions: {
      startSession: () => undefined,
      closePopup: () => undefined,
      navigateTo: () => undefined,
    },
  });
