import { fromPromise } from 'xstate';
import { registrationMachine } from '@machines/registration/registration.machine';
import { createBotCheckActor, createSmsCountdownLogic, type FlowDeps } from '@client/lib/account-flows';

/**
 * The registration machine with its real side effects: the affiliate check, the bot-check, the
 * register call of the chosen type and the registration SMS. The bot-check and the SMS countdown
 * are the account flows' own (features/auth).
 */
export const createRegistrationLogic = (deps: FlowDeps) =>
  registrationMachine.provide({
    actors: {
      solveBotCheck: createBotCheckActor(deps.api),
      verifyAffiliate: fromPromise(({ input }) => deps.api.call('affiliate', { query: input })),
      submitRegistration: fromPromise(({ input }) =>
        input.registrationType === 'mobile' ? deps.api.call('registerMobile', { body: input.request }) : deps.api.call('register', { body: input.request }),
      ),
      smsCountdown: createSmsCountdownLogic(deps.api),
    },
    actions: {
      startSession: (_, { result, passwordChangePending }) => deps.session.send({ type: 'session.start', result, passwordChangePending }),
      closePopup: () => deps.closePopup(),
      navigateTo: (_, { to }) => deps.navigate(to),
    },
  });
