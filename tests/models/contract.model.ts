import { setup } from 'xstate';

/**
 * A contract between an upline and its direct member, as both sides must experience it
 * (docs/contracts.md, Lifecycle; AGENT-18): each event is one side's action or the deadline
 * passing; each state is what both sides then see. No actors, no timers (STYLE.md C3, layer 2).
 */
export type ContractModelEvent =
  | { type: 'upline.offer' }
  | { type: 'upline.withdraw' }
  | { type: 'downline.accept' }
  | { type: 'downline.reject' }
  | { type: 'upline.requestTermination' }
  | { type: 'downline.requestTermination' }
  | { type: 'upline.confirmTermination' }
  | { type: 'upline.refuseTermination' }
  | { type: 'downline.confirmTermination' }
  | { type: 'downline.refuseTermination' }
  | { type: 'deadline.pass' };

export const contractModel = setup({
  types: {} as { events: ContractModelEvent },
}).createMachine({
  id: 'contractModel',
  initial: 'drafted',
  states: {
    /** The upline fills in an offer for its member. */
    drafted: { on: { 'upline.offer': 'offered' } },
    offered: {
      on: { 'downline.accept': 'inForce', 'downline.reject': 'rejected', 'upline.withdraw': 'withdrawn', 'deadline.pass': 'expired' },
    },
    inForce: { on: { 'upline.requestTermination': 'endingAskedByUpline', 'downline.requestTermination': 'endingAskedByDownline' } },
    endingAskedByUpline: {
      on: { 'downline.confirmTermination': 'terminated', 'downline.refuseTermination': 'inForce', 'deadline.pass': 'terminated' },
    },
    endingAskedByDownline: {
      on: { 'upline.confirmTermination': 'terminated', 'upline.refuseTermination': 'inForce', 'deadline.pass': 'terminated' },
    },
    rejected: { type: 'final' },
    withdrawn: { type: 'final' },
    expired: { type: 'final' },
    terminated: { type: 'final' },
  },
});
