import { contractPopupModel } from '../contract-popup.model';
import { definePaths, pushEvent, userEvent } from '../machine-paths';

/**
 * The contract popup of a member (AGENT-20, SHELL-24): what waits at login, an offer arriving or
 * withdrawn live, the answers and the server's replies (a reply travels in the answer's event).
 * Walked on the abstract model; tests/machines/models/contract-popup.model.test.ts replays each
 * path on the production popup machine.
 */
export const contractPopupPaths = definePaths({
  name: 'contract-popup',
  title: 'Contract popup: offer or termination waiting at login, offers arriving and withdrawn live, answers and replies',
  machine: contractPopupModel,
  provedBy: 'tests/machines/models/contract-popup.model.test.ts',
  choices: [
    userEvent({ type: 'session.login', waiting: 'nothing' }, 'nothing waits'),
    userEvent({ type: 'session.login', waiting: 'offer' }, 'offer waits'),
    userEvent({ type: 'session.login', waiting: 'termination' }, 'termination waits'),
    pushEvent({ type: 'offer.arrive' }),
    pushEvent({ type: 'offer.withdrawn' }),
    userEvent({ type: 'answer.yes', reply: 'ok' }, 'ok'),
    userEvent({ type: 'answer.yes', reply: 'stale' }, 'stale'),
    userEvent({ type: 'answer.yes', reply: 'network' }, 'network error'),
    userEvent({ type: 'answer.no' }),
    userEvent({ type: 'popup.dismiss' }),
  ],
});
