import { createActorContext } from '@xstate/react';
import { registrationMachine } from '@machines/registration/registration.machine';

/** The registration popup's flow (STYLE.md C4); mounted by registerModal with registration.actors.ts. */
export const {
  Provider: RegistrationProvider,
  useActorRef: useRegistrationRef,
  useSelector: useRegistrationSelector,
} = createActorContext(registrationMachine);
