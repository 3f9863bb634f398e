import { contractModel } from '../contract.model';
import { definePaths, pushEvent, userEvent } from '../machine-paths';

/**
 * A contract of the agent center as both sides live it (AGENT-18): the upline offers, the member
 * accepts or rejects, the upline withdraws, either side asks to end it and the other confirms or
 * refuses, the deadline passes. Two actors talk through the server here, which one production
 * machine cannot be walked for: the paths are walked on the abstract model, and
 * tests/machines/models/contract.model.test.ts replays each on both sides' production machines.
 */
export const contractPaths = definePaths({
  name: 'contract',
  title: 'Agent center contract, both sides: offer, accept or reject, withdraw, termination asked and answered, deadline',
  machine: contractModel,
  provedBy: 'tests/machines/models/contract.model.test.ts',
  choices: [
    userEvent({ type: 'upline.offer' }),
    userEvent({ type: 'upline.withdraw' }),
    userEvent({ type: 'downline.accept' }),
    userEvent({ type: 'downline.reject' }),
    userEvent({ type: 'upline.requestTermination' }),
    userEvent({ type: 'downline.requestTermination' }),
    userEvent({ type: 'upline.confirmTermination' }),
    userEvent({ type: 'upline.refuseTermination' }),
    userEvent({ type: 'downline.confirmTermination' }),
    userEvent({ type: 'downline.refuseTermination' }),
    // The server's expiry job ends it and pushes the change to both sides.
    pushEvent({ type: 'deadline.pass' }),
  ],
});
