import { sql, type Transaction } from 'kysely';
import type { Contract, ContractAnswer, ContractEndReason, ContractKind, ContractOffer, ContractStatus } from '@shared/contract/contracts';
import type { MessageTemplate } from '@shared/contract/messages';
import { isAgentType, memberRoom, TRIAL_TYPE } from '@shared/contract/socket';
import type { AppContext } from '../../app-context';
import type { Database, ContractStatusValue } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { withEvents, type RecordEvent } from '../../socket/realtime';
import { writeAudit, type AuditRecord } from '../audit';
import { depthBelow, uplineIdOf } from '../agent/scope';
import { sendMessage } from '../messages/messages';
import { contractRecords, dbStatusOf, IN_FORCE, sideOf, storedTerms, termsOf, toContract, type ContractRecord, type Viewer } from './contract-rows';
import { exceedsLimit, termsOfOffer, type Terms } from './terms';

/**
 * The contract lifecycle (docs/contracts.md, Lifecycle and Cascade): offers, answers, termination
 * requests, expiry, and the AGENT-19 cascade. Every change runs under one transaction-scoped
 * advisory lock, so two changes never interleave over the same branch of the tree, and sends each
 * party a message and a `contract:changed` event after the commit.
 */

/** Who acts: a member (an agent offering, a holder or offerer answering) or an operator for the platform. */
export type ContractActor = { kind: 'member'; memberId: number; ip: string } | { kind: 'operator'; operatorId: number; ip: string };

type Trx = Transaction<Database>;

const viewerOf = (actor: ContractActor): Viewer => (actor.kind === 'member' ? { memberId: actor.memberId } : 'PLATFORM');

const auditActor = (actor: ContractActor): Pick<AuditRecord, 'actorKind' | 'actorId' | 'ip'> =>
  actor.kind === 'member'
    ? { actorKind: 'member', actorId: String(actor.memberId), ip: actor.ip }
    : { actorKind: 'operator', actorId: String(actor.operatorId), ip: actor.ip };

/** Serialises every contract change platform-wide: they are rare (people's decisions), and the cascade reads across the tree. */
const lockContracts = async (trx: Trx) => {
  await sql`select pg_advisory_xact_lock(hashtext('contracts'))`.execute(trx);
};

/** Name of the platform as a party in messages. */
export const PLATFORM_PARTY = 'platform';

const recordOf = (trx: Trx, id: number) => contractRecords(trx).where('c.id', '=', id).executeTakeFirstOrThrow();

/** The holder's contract of a kind in force, if any. */
const inForce = (trx: Trx, holderId: number, kind: ContractKind) =>
  contractRecords(trx).where('c.holder_id', '=', holderId).where('c.kind', '=', kind).where('c.status', 'in', IN_FORCE).executeTakeFirst();

/** Tells both parties: a message (when `template` is given) and `contract:changed` with what it now waits for from each. */
const announce = async (trx: Trx, record: RecordEvent, row: ContractRecord, template: MessageTemplate | null, extra: Record<string, string> = {}) => {
  const params = { contractId: String(row.id), kind: row.kind, upline: row.offerer_account ?? PLATFORM_PARTY, downline: row.holder_account, ...extra };
  const parties = [row.holder_id, ...(row.offerer_id === null ? [] : [row.offerer_id])];
  for (const memberId of parties) {
    if (template) await sendMessage(trx, record, { memberId, template, params });
    await record(memberRoom(memberId), 'contract:changed', { contract: toContract(row, { memberId }) });
  }
};

const END_TEMPLATES: Record<ContractEndReason, MessageTemplate> = {
  REJECTED: 'contract.rejected',
  OFFER_EXPIRED: 'contract.expired',
  WITHDRAWN: 'contract.withdrawn',
  REPLACED: 'contract.terminated',
  AGREED: 'contract.terminated',
  TERMINATION_UNANSWERED: 'contract.terminated',
  UPLINE_RATE_LOWERED: 'contract.endedByUpline',
  UPLINE_CONTRACT_ENDED: 'contract.endedByUpline',
};
const END_STATUS: Record<ContractEndReason, ContractStatusValue> = {
  REJECTED: 'REJECTED',
  OFFER_EXPIRED: 'EXPIRED',
  WITHDRAWN: 'TERMINATED',
  REPLACED: 'TERMINATED',
  AGREED: 'TERMINATED',
  TERMINATION_UNANSWERED: 'TERMINATED',
  UPLINE_RATE_LOWERED: 'TERMINATED',
  UPLINE_CONTRACT_ENDED: 'TERMINATED',
};

/** Ends one contract; one that was in force also ends what its holder gave below it that its end leaves uncovered. */
const endContract = async (trx: Trx, record: RecordEvent, row: ContractRecord, reason: ContractEndReason, at: Date): Promise<number> => {
  await trx
    .updateTable('contracts')
    .set({ status: END_STATUS[reason], end_reason: reason, ended_at: at, answer_by: null, termination_requested_by: null })
    .where('id', '=', row.id)
    .execute();
  await announce(trx, record, await recordOf(trx, row.id), END_TEMPLATES[reason]);
  const wasInForce = IN_FORCE.includes(row.status);
  // A replaced contract's holder keeps a contract of the kind: the new one, whose acceptance checks the holder's offers itself.
  if (!wasInForce || reason === 'REPLACED') return 1;
  return 1 + (await cascade(trx, record, row.holder_id, row.kind, null, at, 'UPLINE_CONTRACT_ENDED'));
};

/**
 * AGENT-19 and its consequence down the tree: every contract of `kind` the holder has offered or
 * given that `limit` (the holder's own terms now; null: it holds none) no longer covers ends.
 */
const cascade = async (
  trx: Trx,
  record: RecordEvent,
  holderId: number,
  kind: ContractKind,
  limit: Terms | null,
  at: Date,
  reason: 'UPLINE_RATE_LOWERED' | 'UPLINE_CONTRACT_ENDED',
): Promise<number> => {
  const given = await contractRecords(trx)
    .where('c.offerer_id', '=', holderId)
    .where('c.kind', '=', kind)
    .where('c.status', 'in', ['REQUESTED', ...IN_FORCE])
    .orderBy('c.id')
    .execute();
  let ended = 0;
  for (const row of given) {
    if (exceedsLimit(termsOf(row), limit)) ended += await endContract(trx, record, row, reason, at);
  }
  return ended;
};

const requireEligibleHolder = async (trx: Trx, holderId: number, kind: ContractKind) => {
  const holder = await trx.selectFrom('members').select(['id', 'type', 'status', 'account']).where('id', '=', holderId).executeTakeFirst();
  if (!holder) throw new ApiError('USER_NOT_FOUND', 'No such account');
  if (holder.status !== 'active') throw new ApiError('INVALID_STATE', `${holder.account} is not an active account`);
  if (holder.type === TRIAL_TYPE) throw new ApiError('INVALID_STATE', 'Trial accounts hold no contracts');
  if (kind !== 'REALTIME' && !isAgentType(holder.type)) {
    throw new ApiError('INVALID_STATE', 'Only a real-time salary agreement can be offered to a member who is not an agent');
  }
  return holder;
};

export type OfferHolder = { memberId: number } | { account: string };

/**
 * An agent offers a direct member a contract, at most what it holds itself of that kind; or an
 * operator offers a top-level agent one, paid by the platform. Waits for the holder's answer until
 * CONTRACT_OFFER_TTL_HOURS have passed.
 */
export const offerContract = async (ctx: AppContext, actor: ContractActor, to: OfferHolder, offer: ContractOffer, now = new Date()): Promise<Contract> => {
  const terms = termsOfOffer(offer);
  return withEvents(ctx, async (trx, record) => {
    await lockContracts(trx);
    let holderId: number;
    if ('memberId' in to) {
      if (actor.kind !== 'member') throw new Error('an operator names the holder by account');
      const depth = await depthBelow(trx, actor.memberId, to.memberId);
      if (depth === null) throw new ApiError('FORBIDDEN', 'This member is not in your downline');
      if (depth !== 1) throw new ApiError('FORBIDDEN', 'Contracts are offered to direct members only');
      holderId = to.memberId;
    } else {
      const found = await trx.selectFrom('members').select('id').where('account', '=', to.account).executeTakeFirst();
      if (!found) throw new ApiError('USER_NOT_FOUND', 'No such account');
      holderId = found.id;
    }
    const holder = await requireEligibleHolder(trx, holderId, offer.kind);
    if (actor.kind === 'member') {
      const own = await inForce(trx, actor.memberId, offer.kind);
      if (exceedsLimit(terms, own ? termsOf(own) : null)) {
        throw new ApiError('CONTRACT_LIMIT', own ? 'The offer is above your own contract of this kind' : 'You hold no contract of this kind to offer');
      }
    } else {
      if (!isAgentType(holder.type)) throw new ApiError('INVALID_STATE', 'The platform offers contracts to agents only');
      if ((await uplineIdOf(trx, holderId)) !== null) throw new ApiError('INVALID_STATE', `${holder.account} has an upline, which offers its contracts`);
    }
    const waiting = await trx
      .selectFrom('contracts')
      .select('id')
      .where('holder_id', '=', holderId)
      .where('kind', '=', offer.kind)
      .where('status', '=', 'REQUESTED')
      .executeTakeFirst();
    if (waiting) throw new ApiError('INVALID_STATE', `Contract ${waiting.id} of this kind is already waiting for ${holder.account}'s answer`);

    const { id } = await trx
      .insertInto('contracts')
      .values({
        kind: offer.kind,
        holder_id: holderId,
        offerer_id: actor.kind === 'member' ? actor.memberId : null,
        status: 'REQUESTED',
        terms: storedTerms(terms),
        requested_at: now,
        answer_by: answerByFrom(ctx.config, now),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await recordOf(trx, id);
    await announce(trx, record, row, 'contract.offered');
    await writeAudit(trx, { ...auditActor(actor), action: 'contract.offer', detail: { contractId: id, holderId, offer } });
    return toContract(row, viewerOf(actor));
  });
};

/** When an offer made, or a termination asked, `now` waits for its answer until (CONTRACT_OFFER_TTL_SECONDS in tests). */
const answerByFrom = (config: AppContext['config'], now: Date) =>
  new Date(now.getTime() + (config.CONTRACT_OFFER_TTL_SECONDS !== undefined ? config.CONTRACT_OFFER_TTL_SECONDS * 1_000 : config.CONTRACT_OFFER_TTL_HOURS * 3_600_000));

const refuse = (message: string) => new ApiError('INVALID_STATE', message);

/**
 * Answers a contract with one letter (ContractAnswer): the holder accepts (A) or rejects (R) an
 * offer; either party asks to end a valid contract (C); the other party confirms (C) or refuses (R)
 * a termination request; the offerer withdraws its own pending offer (C). A contract the actor is
 * no party to, of another kind, or that does not exist, is FORBIDDEN alike. A refusal writes nothing.
 */
export const answerContract = async (
  ctx: AppContext,
  actor: ContractActor,
  kind: ContractKind,
  contractId: number,
  answer: ContractAnswer,
  now = new Date(),
  answering?: ContractStatus,
): Promise<Contract> =>
  withEvents(ctx, async (trx, record) => {
    await lockContracts(trx);
    const viewer = viewerOf(actor);
    const row = await contractRecords(trx).where('c.id', '=', contractId).executeTakeFirst();
    const side = row && row.kind === kind ? sideOf(row, viewer) : null;
    if (!row || !side) throw new ApiError('FORBIDDEN', 'This is not one of your contracts of this kind');
    if ((row.status === 'REQUESTED' || row.status === 'TERMINATION_REQUESTED') && row.answer_by && new Date(row.answer_by) <= now) {
      throw refuse(row.status === 'REQUESTED' ? 'This offer has expired' : 'This termination request has already taken effect');
    }
    // One letter means different things in different states (C: withdraw, ask to end, confirm an end).
    if (answering && dbStatusOf(answering) !== row.status) throw refuse('This contract has changed since you saw it; look at it again');
    const audit = (action: string) => writeAudit(trx, { ...auditActor(actor), action, detail: { contractId, answer } });

    if (row.status === 'REQUESTED') {
      if (side === 'DOWNLINE' && answer === 'A') {
        await accept(trx, record, row, now);
      } else if (side === 'DOWNLINE' && answer === 'R') {
        await endContract(trx, record, row, 'REJECTED', now);
      } else if (side === 'UPLINE' && answer === 'C') {
        await endContract(trx, record, row, 'WITHDRAWN', now);
      } else {
        throw refuse(side === 'DOWNLINE' ? 'An offer is answered with A (accept) or R (reject)' : 'Your own offer can only be withdrawn (C)');
      }
    } else if (row.status === 'VALID') {
      if (answer !== 'C') throw refuse('A contract in force can only be asked to end (C)');
      await trx
        .updateTable('contracts')
        .set({
          status: 'TERMINATION_REQUESTED',
          termination_requested_by: side,
          answer_by: answerByFrom(ctx.config, now),
        })
        .where('id', '=', row.id)
        .execute();
      const requester = side === 'DOWNLINE' ? row.holder_account : (row.offerer_account ?? PLATFORM_PARTY);
      await announce(trx, record, await recordOf(trx, row.id), 'contract.terminationRequested', { requester });
    } else if (row.status === 'TERMINATION_REQUESTED' && row.termination_requested_by !== side) {
      if (answer === 'C') {
        await endContract(trx, record, row, 'AGREED', now);
      } else if (answer === 'R') {
        await trx.updateTable('contracts').set({ status: 'VALID', termination_requested_by: null, answer_by: null }).where('id', '=', row.id).execute();
        await announce(trx, record, await recordOf(trx, row.id), 'contract.terminationRefused');
      } else {
        throw refuse('A termination request is confirmed (C) or refused (R)');
      }
    } else {
      throw refuse(row.status === 'TERMINATION_REQUESTED' ? 'The termination you asked for waits for the other side' : 'This contract has ended');
    }
    await audit(`contract.answer.${answer}`);
    return toContract(await recordOf(trx, row.id), viewer);
  });

/** The holder accepts: the offer must still be within the offerer's own contract; it replaces the holder's contract of the kind, then AGENT-19. */
const accept = async (trx: Trx, record: RecordEvent, row: ContractRecord, now: Date) => {
  const terms = termsOf(row);
  if (row.offerer_id !== null) {
    const own = await inForce(trx, row.offerer_id, row.kind);
    if (exceedsLimit(terms, own ? termsOf(own) : null)) throw new ApiError('CONTRACT_LIMIT', "The offer is no longer within your upline's own contract");
  }
  const previous = await inForce(trx, row.holder_id, row.kind);
  if (previous) await endContract(trx, record, previous, 'REPLACED', now);
  await trx.updateTable('contracts').set({ status: 'VALID', valid_from: now, answer_by: null }).where('id', '=', row.id).execute();
  await announce(trx, record, await recordOf(trx, row.id), 'contract.accepted');
  await cascade(trx, record, row.holder_id, row.kind, terms, now, 'UPLINE_RATE_LOWERED');
};

/**
 * Offers nobody answered expire, and termination requests nobody answered take effect, at their
 * deadline (CONTRACT_OFFER_TTL_HOURS). Returns how many contracts ended, cascade included.
 */
export const expireDueContracts = async (ctx: AppContext, now: Date): Promise<number> =>
  withEvents(ctx, async (trx, record) => {
    await lockContracts(trx);
    const due = await contractRecords(trx).where('c.status', 'in', ['REQUESTED', 'TERMINATION_REQUESTED']).where('c.answer_by', '<=', now).orderBy('c.id').execute();
    let ended = 0;
    for (const row of due) {
      // An earlier contract's cascade may have ended this one already.
      const current = await recordOf(trx, row.id);
      if (current.status !== row.status) continue;
      ended += await endContract(trx, record, current, row.status === 'REQUESTED' ? 'OFFER_EXPIRED' : 'TERMINATION_UNANSWERED', new Date(row.answer_by!));
    }
    return ended;
  });
