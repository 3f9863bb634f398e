import type { Page, Route } from 'playwright-core';
import agentEn from '@locales/en/agent.json';
import { DEMO_AFFILIATE_CODE } from '@server/seed/seed-accounts';
import { DEMO_MEMBER_AGREEMENT } from '@server/seed/seed-contracts';
import type { Contract, ContractAnswer, ContractStatus } from '@shared/contract/contracts';
import type { PathStep } from '../../models/machine-paths';
import { errorText, lacks, pathHas, shows, type DriverContext, type DriverFactory } from '../driver-kit';
import { closeAnnouncementsFromNowOn, closingAnnouncements } from '../browser-session';
import type { ReplayPlayer } from '../fixtures';

/**
 * The contract flows in the browser, from the member's side: the contract popup the live machine
 * runs for a logged-in real member (AGENT-20, SHELL-24), and the holder's own contract page in the
 * agent center (AGENT-18). The member is a player registered with the demo agent's invitation code,
 * or, where the path asks to end the contract from the holder's page, a sub-agent the demo agent
 * registered in its register center (only agents have the agent center); either way the agent is
 * its direct upline. What the upline does (offer, withdraw, ask to end, answer the holder) the
 * replay does as the demo agent through the agent center's API, the way its offer screen does. The
 * offer is the real-time salary agreement the seed gives `demo`.
 */

/** The answer call of a real-time salary agreement (API-47): the popup's answers go here. */
const ANSWER_PATH = '/wps/relay/ACS_realtimeSalaryContractProcessing';
/** What the popup asks first, after every login (API-48). */
const WAITING_PATH = '/wps/relay/ACS_consolidatedContractInfo';

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
    /** A holder with the agent center, whose own contract page has the holder's answers. */
    registerSubAgent: async () => {
      member = await fixtures.registerSubAgent();
      note(`the demo agent registered ${member.username} as a sub-agent in its register center (PUT /wps/agent/register, agent API): a direct member of the agent`);
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
    confirmEnd: () => agentAnswers('C', 'confirmed the end its member asked for'),
    refuseEnd: () => agentAnswers('R', 'refused the end its member asked for, keeping the agreement'),
    /**
     * The member's own answer through the API, from its own address, as from another device: to set
     * up what waits at login, or to answer elsewhere what the popup still asks.
     */
    memberAnswers: async (status: ContractAnswer, what: string) => {
      const { contractId } = required(contract, 'contract');
      const token = await fixtures.login(context.ip, required(member, 'member'));
      const res = await fixtures.clientFrom(context.ip).call<Contract>('POST', ANSWER_PATH, { token, body: { contractId, status } });
      if (res.status !== 200) throw new Error(`the member's answer ${status} through the API: ${res.body.code} ${res.body.message}`);
      note(`the member ${what} through the API (POST ${ANSWER_PATH} status ${status}, its own session)`);
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
  /** What the toast says when the server no longer takes an answer to `which` question (INVALID_STATE). */
  const goneText = (which: 'offer' | 'termination') => agentEn.contracts.popup.gone[which].replace('{{reason}}', errorText('INVALID_STATE'));
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
      // A guest's announcements may open over the login popup (hiding it), as the page loads: the guest
      // closes them first. The member's own, after the login, stay under the contract popup.
      await closingAnnouncements(page, async () => {
        // The popup's code and texts load on a server and browser busy with other paths: give it time.
        await login.getByLabel('Username', { exact: true }).waitFor({ timeout: 30_000 });
        await login.getByLabel('Username', { exact: true }).fill(player.username);
        await login.getByLabel('Password', { exact: true }).fill(player.password);
        await login.getByRole('button', { name: 'Log in', exact: true }).click();
      });
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
    /**
     * Yes, while the contract stops waiting for it: the browser holds the answer call on its way out
     * while `meanwhile` (the upline withdraws, the member answers on another device) changes the
     * contract on the server; then the unchanged call goes on to the server, which refuses it.
     */
    acceptStale: async (meanwhile: () => Promise<void>) => {
      let held = false;
      const holdOnce = async (route: Route) => {
        if (held || route.request().method() !== 'POST') return route.fallback();
        held = true;
        await meanwhile();
        return route.fallback();
      };
      await page.route(`**${ANSWER_PATH}`, holdOnce);
      try {
        await answer(true, 'INVALID_STATE');
      } finally {
        await page.unroute(`**${ANSWER_PATH}`, holdOnce);
      }
      context.note('the answer call was held in the browser until that was done, then sent unchanged: the server answered INVALID_STATE');
    },
    dismiss: () => dialog.getByRole('button', { name: 'Close' }).first().click(),
    /** Checks that the popup closed and a toast says the answer to `which` question came too late. */
    checkGone: async (which: 'offer' | 'termination') => {
      await dialog.waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
      await lacks(dialog, 'the contract popup');
      await shows(page.getByRole('alert').filter({ hasText: goneText(which) }), `the toast "${goneText(which)}"`);
    },
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

/**
 * The holder's own real-time salary page in the agent center (AGENT-18, AGENT-21): the agreement
 * it holds, and its answers on it, asking to end it after a confirm step.
 */
const holderPage = (context: DriverContext) => {
  const { page, session } = context;
  const agreement = page.getByRole('region', { name: agentEn.contracts.realtime.agreement });
  const { actions, terminationBy } = agentEn.contracts.held;
  const askToEnd = agreement.getByRole('button', { name: actions.requestTermination, exact: true });
  const askedByHolder = agreement.getByText(terminationBy.DOWNLINE.split(';')[0]!);
  let open = false;
  return {
    askToEnd: async () => {
      if (!open) {
        // The announcements of the visit were seen under the contract popup; here the holder closes them.
        await closeAnnouncementsFromNowOn(page);
        await page.goto(`${context.baseUrl}/agentHome?page=agentRealtimeSalary`);
        open = true;
        context.note('the holder opened its real-time salary page in the agent center');
      }
      await shows(askToEnd, `the "${actions.requestTermination}" button on the holder's agreement`);
      await askToEnd.click();
      const confirm = page.getByRole('dialog', { name: actions.requestTermination });
      await confirm.getByRole('button', { name: actions.requestTermination, exact: true }).click();
      const answered = await session.nextCall('POST', ANSWER_PATH);
      if (answered.code !== 'OK') throw new Error(`POST ${ANSWER_PATH} answered ${answered.code ?? answered.status}, the path expects OK`);
    },
    /** Once the holder's page is open: in force it offers to ask for the end; asked by the holder, it says so and offers nothing. */
    check: async (state: string) => {
      if (!open) return;
      if (state === 'inForce') {
        await shows(askToEnd, `the "${actions.requestTermination}" button on the holder's agreement`);
        await lacks(askedByHolder, 'the end asked by the holder');
      } else if (state === 'endingAskedByDownline') {
        await shows(askedByHolder, `"${terminationBy.DOWNLINE}" on the holder's agreement`);
        await lacks(askToEnd, `the "${actions.requestTermination}" button`);
      }
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
  /** What waited at login: the question a late answer is refused for. */
  let waiting: 'offer' | 'termination' = 'offer';
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
            await side.memberAnswers('A', 'accepted it');
            await side.askToEnd();
            waiting = 'termination';
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
        // An offer the upline withdraws, or an end the member answers on another device, while the popup's yes is on its way.
        case 'answer.yes:stale':
          return popup.acceptStale(waiting === 'offer' ? side.withdraw : () => side.memberAnswers('C', 'confirmed the end on another device'));
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
        case 'goneShown':
          return popup.checkGone(waiting);
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
  endingAskedByDownline: { popup: null, status: 'terminationRequested' },
  terminated: { popup: null, status: 'terminated' },
  expired: { popup: null, status: 'expired' },
};

/**
 * The contract of the agent center, both sides (machine `contract`, walked on its model): the
 * member answers in the browser's contract popup, and asks to end the contract on its own page in
 * the agent center; the upline's steps are the demo agent's calls to the agent API. Each state is
 * checked on the member's screen and in the agent's contract list.
 */
export const contractDriver: DriverFactory = (context, path) => {
  const side = memberOfTheAgent(context);
  const popup = contractPopup(context);
  const holder = holderPage(context);
  return {
    start: async () => {
      // Only agents have the agent center, where a holder asks to end its contract.
      await popup.logIn(await (pathHas(path, 'downline.requestTermination') ? side.registerSubAgent() : side.register()));
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
        case 'downline.requestTermination':
          return holder.askToEnd();
        case 'upline.confirmTermination':
          return side.confirmEnd();
        case 'upline.refuseTermination':
          return side.refuseEnd();
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
      await holder.check(state);
      if (expected.status === null) return;
      const status = await side.status();
      if (status !== expected.status) throw new Error(`the agent's contract list says ${status}, the path expects ${expected.status}`);
      context.note(`the agent's contract list says ${status}`);
    },
  };
};
