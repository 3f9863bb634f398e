import type { Page } from 'playwright-core';
import { DEMO_AFFILIATE_CODE } from '@server/seed/seed-accounts';
import { DEMO_MEMBER_AGREEMENT } from '@server/seed/seed-contracts';
import type { Contract, ContractAnswer, ContractStatus } from '@shared/contract/contracts';
import type { MachinePath, PathStep } from '../../models/machine-paths';
import { errorText, lacks, shows, type DriverContext, type DriverFactory } from '../driver-kit';
import type { ReplayPlayer } from '../fixtures';

/**
 * The contract flows in the browser, from the member's side: the contract popup the live machine
 * runs for a logged-in real member (AGENT-20, SHELL-24). The member is a player registered with
 * the demo agent's invitation code, so the agent is its direct upline; what the upline does (offer,
 * withdraw, ask to end) the replay does as the demo agent through the agent center's API, the way
 * its offer screen will. The offer is the real-time salary agreement the seed gives `demo`.
 */

/** The answer call of a real-time salary agreement (API-47): the popup's answers go here. */
const ANSWER_PATH = '/wps/relay/ACS_realtimeSalaryContractProcessing';
/** What the popup asks first, after every login (API-48). */
const WAITING_PATH = '/wps/relay/ACS_consolidatedContractInfo';

/**
 * Why a path's step cannot be arranged on demand, by step key. The server refuses an answer as no
 * longer possible only between the contract's deadline and the expiry job's next look (up to
 * JOB_INTERVAL_SECONDS later), which pushes the end so that the popup closes first: a window no
 * call or setting opens on demand. The downline's own request to end a contract has no screen.
 */
const NOT_ARRANGEABLE: Record<string, string> = {
  'answer.yes:stale':
    "an answer the server no longer takes: it refuses one only between the contract's deadline and the expiry job's next look, which ends the contract and closes the popup first; no operator call or setting opens that window on demand",
  'downline.requestTermination': "the member's own request to end a contract: the client has no screen for it yet",
};

export const contractPathCannotReplay = (path: MachinePath): string | null => {
  const step = path.steps.find((candidate) => NOT_ARRANGEABLE[candidate.key]);
  return step ? `step ${step.index} (${step.label}) cannot be arranged: ${NOT_ARRANGEABLE[step.key]}` : null;
};

/** The member, the demo agent's direct member, and the agent's side of their contract. */
const memberOfTheAgent = (context: DriverContext) => {
  const { fixtures, note } = context;
  let member: (ReplayPlayer & { memberId: number }) | null = null;
  let contract: Contract | null = null;
  const required = <T>(value: T | null, what: string): T => {
    if (value === null) throw new Error(`no ${what} yet on this path`);
    return value;
  };
  const agentAnswers = async (status: ContractAnswer, what: string) => {
    const { contractId } = required(contract, 'contract');
    contract = await fixtures.asAgent<Contract>('POST', ANSWER_PATH, { body: { contractId, status } });
    note(`the demo agent ${what} (POST ${ANSWER_PATH} status ${status}, agent API)`);
  };
  const current = async (): Promise<Contract> => {
    const { contractId } = required(contract, 'contract');
    const { memberId } = required(member, 'member');
    const found = await fixtures.asAgent<{ list: Contract[] }>('GET', '/wps/agent/contracts', { query: { memberId, kind: 'REALTIME', pageSize: 100 } });
    const row = found.list.find((candidate) => candidate.contractId === contractId);
    if (!row) throw new Error(`contract ${contractId} is not among the agent's contracts`);
    return row;
  };
  return {
    register: async () => {
      const player = await fixtures.registerPlayer(context.ip, { affiliateCode: DEMO_AFFILIATE_CODE });
      const found = await fixtures.asAgent<{ list: { memberId: number; account: string }[] }>('GET', '/wps/agent/downline', { query: { account: player.username, level: 1 } });
      const memberId = found.list.find((row) => row.account === player.username)?.memberId;
      if (memberId === undefined) throw new Error(`${player.username} is not a direct member of the demo agent`);
      member = { ...player, memberId };
      note(`registered ${player.username} with the demo agent's invitation code ${DEMO_AFFILIATE_CODE}: a direct member of the agent`);
      return member;
    },
    get member() {
      return required(member, 'member');
    },
    offer: async () => {
      const { memberId, username } = required(member, 'member');
      contract = await fixtures.asAgent<Contract>('POST', '/wps/agent/contracts/offer', { body: { memberId, ...DEMO_MEMBER_AGREEMENT } });
      note(
        `the demo agent offered ${username} the real-time salary agreement the seed gives demo (POST /wps/agent/contracts/offer, agent API)`,
      );
    },
    withdraw: () => agentAnswers('C', 'withdrew its offer'),
    askToEnd: () => agentAnswers('C', 'asked to end the agreement'),
    /** The member's own answer through the API, from its own address (to set up what waits at login). */
    memberAccepts: async () => {
      const { contractId } = required(contract, 'contract');
      const token = await fixtures.login(context.ip, required(member, 'member'));
      const res = await fixtures.clientFrom(context.ip).call<Contract>('POST', ANSWER_PATH, { token, body: { contractId, status: 'A' } });
      if (res.status !== 200) throw new Error(`the member's acceptance through the API: ${res.body.code} ${res.body.message}`);
      note('the member accepted it through the API');
    },
    /** The contract's status as the agent's center lists it now. */
    status: async (): Promise<ContractStatus> => (await current()).status,
    /** Waits, as both sides do, for the server's expiry job to end what is unanswered at its deadline. */
    deadlinePasses: async () => {
      const waiting = await current();
      const answerBy = Date.parse(waiting.answerBy ?? '');
      if (!Number.isFinite(answerBy)) throw new Error(`contract ${waiting.contractId} (${waiting.status}) waits for no answer`);
      const deadline = answerBy + 30_000;
      let now = await current();
      while (now.status === waiting.status) {
        if (Date.now() > deadline) throw new Error(`contract ${waiting.contractId} is still ${now.status} 30 s after its deadline`);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        now = await current();
      }
      note(`waited ${Math.round((Date.now() - Date.parse(waiting.requestedAt)) / 1000)} s for its deadline (the replay's server: CONTRACT_OFFER_TTL_SECONDS=90) and the server's expiry job; the agent's contract list says ${now.status}`);
    },
  };
};

/** The popup on the page, and how a member answers it. */
const contractPopup = (context: DriverContext) => {
  const { page, session } = context;
  const dialog = page.getByRole('dialog', { name: 'Contract' });
  const question = {
    offer: { lead: /offers you a .* contract\. Accept or reject it\./, yes: 'Accept', no: 'Reject' },
    termination: { lead: /Ending your .* contract was asked\./, yes: 'Confirm the end', no: 'Keep the contract' },
  } as const;
  /** Which question the popup shows now. */
  const shownQuestion = async () => ((await dialog.getByText(question.termination.lead).isVisible()) ? question.termination : question.offer);
  /** Clicks an answer and waits for the server's answer to it, which must be `expected`. */
  const answer = async (yes: boolean, expected: string) => {
    const shown = await shownQuestion();
    await dialog.getByRole('button', { name: yes ? shown.yes : shown.no, exact: true }).click();
    const answered = await session.nextCall('POST', ANSWER_PATH);
    if (answered.code !== expected) throw new Error(`POST ${ANSWER_PATH} answered ${answered.code ?? answered.status}, the path expects ${expected}`);
  };
  return {
    dialog,
    /** Logs in through the login popup; the contract popup may open over the page at once, so the account menu is not waited for. */
    logIn: async (player: Pick<ReplayPlayer, 'username' | 'password'>) => {
      await page.goto(`${context.baseUrl}/login`);
      const login = page.getByRole('dialog', { name: 'Log in' });
      await login.getByLabel('Username', { exact: true }).fill(player.username);
      await login.getByLabel('Password', { exact: true }).fill(player.password);
      await login.getByRole('button', { name: 'Log in', exact: true }).click();
      // The popup asks the server what waits right after the login.
      const waiting = await session.nextCall('GET', WAITING_PATH);
      if (waiting.code !== 'OK') throw new Error(`GET ${WAITING_PATH} answered ${waiting.code ?? waiting.status}`);
    },
    accept: () => answer(true, 'OK'),
    reject: () => answer(false, 'OK'),
    /** Yes, with the browser's connection to the server failing for that one call: the request never reaches the server. */
    acceptOffline: async () => {
      let failed = false;
      const failOnce = async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
        if (failed || route.request().method() !== 'POST') return route.fallback();
        failed = true;
        return route.abort('internetdisconnected');
      };
      await page.route(`**${ANSWER_PATH}`, failOnce);
      try {
        await dialog.getByRole('button', { name: (await shownQuestion()).yes, exact: true }).click();
        await shows(dialog.getByRole('alert').filter({ hasText: errorText('NETWORK') }), `the error "${errorText('NETWORK')}"`);
      } finally {
        await page.unroute(`**${ANSWER_PATH}`, failOnce);
      }
      context.note('the browser lost its connection for this one answer call (the request was aborted before it left the browser; the server never saw it)');
    },
    dismiss: () => dialog.getByRole('button', { name: 'Close' }).first().click(),
    /** Checks the popup shows `which` question (and the error, if any), or that no popup is open. */
    check: async (which: 'offer' | 'termination' | null, error: string | null = null) => {
      if (which === null) {
        // A push or an answer closes it within moments; a popup still open after that is a failure.
        await dialog.waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
        return lacks(dialog, 'the contract popup');
      }
      const shown = question[which];
      await shows(dialog.getByText(shown.lead), `the contract popup asking "${shown.lead.source}"`);
      await shows(dialog.getByRole('button', { name: shown.yes, exact: true }), `the "${shown.yes}" button`);
      await shows(dialog.getByRole('button', { name: shown.no, exact: true }), `the "${shown.no}" button`);
      const alert = dialog.getByRole('alert');
      if (error) await shows(alert.filter({ hasText: errorText(error) }), `the error "${errorText(error)}"`);
      else await lacks(alert, 'an error in the contract popup');
    },
  };
};

const noServerSteps = async () => undefined;

/**
 * The contract popup's paths (machine `contract-popup`, walked on its model): what waits at login
 * is arranged before the member logs in, offers arrive and are withdrawn through the agent's API,
 * the member answers in the popup.
 */
export const contractPopupDriver: DriverFactory = (context) => {
  const { page } = context;
  const side = memberOfTheAgent(context);
  const popup = contractPopup(context);
  return {
    start: async () => {
      await page.goto(`${context.baseUrl}/`);
      context.note('the site is open; nobody is logged in');
    },
    arrange: noServerSteps,
    perform: async (step: PathStep) => {
      switch (step.key) {
        case 'session.login:nothing waits':
        case 'session.login:offer waits':
        case 'session.login:termination waits': {
          const member = await side.register();
          if (step.variant !== 'nothing waits') await side.offer();
          if (step.variant === 'termination waits') {
            await side.memberAccepts();
            await side.askToEnd();
          }
          return popup.logIn(member);
        }
        case 'offer.arrive':
          return side.offer();
        case 'offer.withdrawn':
          return side.withdraw();
        case 'answer.yes:ok':
          return popup.accept();
        case 'answer.yes:network error':
          return popup.acceptOffline();
        case 'answer.no':
          return popup.reject();
        case 'popup.dismiss':
          return popup.dismiss();
        default:
          throw new Error(`no way to make ${step.label} happen`);
      }
    },
    check: async (step) => {
      const state = String(step.state.value);
      switch (state) {
        case 'signingIn':
        case 'closed':
          return popup.check(null);
        case 'offerShown':
          return popup.check('offer');
        case 'terminationShown':
          return popup.check('termination');
        case 'offerRetryShown':
          return popup.check('offer', 'NETWORK');
        case 'terminationRetryShown':
          return popup.check('termination', 'NETWORK');
        default:
          throw new Error(`no screen known for the popup state ${state}`);
      }
    },
  };
};

/** What the member's screen shows, and what the server holds, in each state of the contract model. */
const CONTRACT_STATES: Record<string, { popup: 'offer' | 'termination' | null; status: ContractStatus | null }> = {
  drafted: { popup: null, status: null },
  offered: { popup: 'offer', status: 'requested' },
  inForce: { popup: null, status: 'valid' },
  rejected: { popup: null, status: 'rejected' },
  withdrawn: { popup: null, status: 'terminated' },
  endingAskedByUpline: { popup: 'termination', status: 'terminationRequested' },
  terminated: { popup: null, status: 'terminated' },
  expired: { popup: null, status: 'expired' },
};

/**
 * The contract of the agent center, both sides (machine `contract`, walked on its model): the
 * member answers in the browser's contract popup; the upline's steps are the demo agent's calls
 * to the agent API. Each state is checked on the member's screen and in the agent's contract list.
 */
export const contractDriver: DriverFactory = (context) => {
  const side = memberOfTheAgent(context);
  const popup = contractPopup(context);
  return {
    start: async () => {
      await popup.logIn(await side.register());
    },
    arrange: noServerSteps,
    perform: async (step: PathStep) => {
      switch (step.key) {
        case 'upline.offer':
          return side.offer();
        case 'upline.withdraw':
          return side.withdraw();
        case 'upline.requestTermination':
          return side.askToEnd();
        case 'downline.accept':
        case 'downline.confirmTermination':
          return popup.accept();
        case 'downline.reject':
        case 'downline.refuseTermination':
          return popup.reject();
        case 'deadline.pass':
          return side.deadlinePasses();
        default:
          throw new Error(`no way to make ${step.label} happen`);
      }
    },
    check: async (step) => {
      const state = String(step.state.value);
      const expected = CONTRACT_STATES[state];
      if (!expected) throw new Error(`no screen known for the contract state ${state}`);
      await popup.check(expected.popup);
      if (expected.status === null) return;
      const status = await side.status();
      if (status !== expected.status) throw new Error(`the agent's contract list says ${status}, the path expects ${expected.status}`);
      context.note(`the agent's contract list says ${status}`);
    },
  };
};
