import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import { APPLICATION_IMAGE_MAX_COUNT, type Promotion, type PromotionApplyRequest, type PromotionStatus, type PromotionType } from '@shared/contract/promotions';
import { MAIN_WALLET } from '@shared/contract/wallet';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/create-db';
import type { Database, PromotionEntryRow, PromotionPrizeRow, PromotionRow } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { withEvents } from '../../socket/realtime';
import { recordBalanceEvents } from '../ledger/balance-events';
import { ledgerOf, mainBalance, mainBalanceAfter } from '../ledger/ledger';
import { toMoney } from '../ledger/money';
import { sendMessage } from '../messages/messages';
import { formatAmount } from '../wallet/orders';
import { decodeProofImage, storedImageRow } from '../wallet/withdrawals';

/**
 * Promotions for players (MEMBER-10..14). A member has at most one entry per promotion (a unique
 * key): joining a promotion without review signs it (ISSUED when it carries a bonus), applying
 * leaves it APPLYING for an operator, a raffle draw is CLAIMED at once. Every credit goes through
 * the ledger as PROMOTION_BONUS from the PROMOTIONS account, keyed by the entry, so it happens once.
 */

type PromotionValue = z.infer<typeof Promotion>;
type ApplyBody = z.output<typeof PromotionApplyRequest>;

const iso = (t: Date | string) => new Date(t).toISOString();

/** The caller's status in one promotion at `now` (see PromotionStatus in the contract). */
export const statusOf = (promotion: PromotionRow, entry: PromotionEntryRow | undefined, now: Date, signedIn: boolean): PromotionStatus => {
  if (entry) {
    if (entry.status === 'ISSUED' || entry.status === 'CLAIMED' || entry.status === 'APPLYING' || entry.status === 'REJECTED') return entry.status;
    if (entry.status === 'SIGNED') return new Date(promotion.ends_at) <= now ? 'CLOSE' : 'SIGNED';
  }
  if (new Date(promotion.starts_at) > now) return 'COMING_SOON';
  if (new Date(promotion.ends_at) <= now) return 'CLOSE';
  return signedIn && promotion.type === 'RAFFLE' ? 'PROCESS' : 'JOIN';
};

const isOpen = (promotion: PromotionRow, now: Date) => new Date(promotion.starts_at) <= now && new Date(promotion.ends_at) > now;

export const toPromotion = (
  promotion: PromotionRow,
  prizes: readonly PromotionPrizeRow[],
  entry: (PromotionEntryRow & { imageIds: number[] }) | undefined,
  now: Date,
  signedIn: boolean,
): PromotionValue => ({
  promotionId: promotion.id,
  title: promotion.title,
  type: promotion.type,
  content: promotion.content,
  imageUrl: promotion.image_url,
  startTime: iso(promotion.starts_at),
  endTime: iso(promotion.ends_at),
  needsApplication: promotion.needs_application,
  bonusAmount: toMoney(promotion.bonus_amount),
  prizes: prizes.map((p) => ({ name: p.name, amount: toMoney(p.amount) })),
  status: statusOf(promotion, entry, now, signedIn),
  entry: entry
    ? { comment: entry.comment, reason: entry.reason, amount: toMoney(entry.amount), prizeName: entry.prize_name, appliedAt: iso(entry.applied_at), imageIds: entry.imageIds }
    : null,
});

export const prizesOf = async (db: Db, promotionIds: readonly number[]): Promise<Map<number, PromotionPrizeRow[]>> => {
  const byPromotion = new Map<number, PromotionPrizeRow[]>();
  if (promotionIds.length === 0) return byPromotion;
  const rows = await db.selectFrom('promotion_prizes').selectAll().where('promotion_id', 'in', promotionIds).orderBy('promotion_id').orderBy('position').execute();
  for (const row of rows) byPromotion.set(row.promotion_id, [...(byPromotion.get(row.promotion_id) ?? []), row]);
  return byPromotion;
};

type EntryWithImages = PromotionEntryRow & { imageIds: number[] };

/** The member's entries (of one promotion, or all) by promotion, each with the ids of the images it was sent with. */
const entriesOf = async (db: Db, memberId: number | null, promotionId?: number): Promise<Map<number, EntryWithImages>> => {
  if (memberId === null) return new Map();
  let query = db.selectFrom('promotion_entries').selectAll().where('member_id', '=', memberId);
  if (promotionId !== undefined) query = query.where('promotion_id', '=', promotionId);
  const rows = await query.execute();
  const images = rows.length
    ? await db.selectFrom('promotion_entry_images').select(['id', 'entry_id']).where('entry_id', 'in', rows.map((r) => r.id)).orderBy('id').execute()
    : [];
  return new Map(rows.map((r) => [r.promotion_id, { ...r, imageIds: images.filter((i) => i.entry_id === r.id).map((i) => i.id) }]));
};

/** Promotions on show (active), optionally of one type, the latest to start first. */
export const listPromotions = async (db: Db, memberId: number | null, type?: PromotionType): Promise<PromotionValue[]> => {
  let query = db.selectFrom('promotions').selectAll().where('active', '=', true);
  if (type) query = query.where('type', '=', type);
  const rows = await query.orderBy('starts_at', 'desc').orderBy('id', 'desc').execute();
  const [prizes, entries] = await Promise.all([prizesOf(db, rows.map((r) => r.id)), entriesOf(db, memberId)]);
  const now = new Date();
  return rows.map((r) => toPromotion(r, prizes.get(r.id) ?? [], entries.get(r.id), now, memberId !== null));
};

const CLAIMABLE: readonly PromotionStatus[] = ['ISSUED', 'PROCESS'];

const WAITING: readonly PromotionStatus[] = ['ISSUED', 'APPLYING'];

/**
 * The reward centre (MEMBER-13): the promotions open to the member (running, or ended with a bonus
 * or an application still waiting), and how many wait for an action of theirs (bonuses to claim,
 * raffles to draw).
 */
export const rewardCenter = async (db: Db, memberId: number) => {
  const all = await listPromotions(db, memberId);
  const now = Date.now();
  const running = (p: PromotionValue) => Date.parse(p.startTime) <= now && Date.parse(p.endTime) > now;
  // Running promotions, and ended ones while a bonus or an application still waits.
  const list = all.filter((p) => running(p) || WAITING.includes(p.status));
  return { list, claimableCount: list.filter((p) => CLAIMABLE.includes(p.status)).length };
};

const promotionOf = async (db: Db, promotionId: number): Promise<PromotionRow> => {
  const row = await db.selectFrom('promotions').selectAll().where('id', '=', promotionId).where('active', '=', true).executeTakeFirst();
  if (!row) throw new ApiError('NOT_FOUND', `No promotion ${promotionId}`);
  return row;
};

const onePromotion = async (db: Db, memberId: number, promotionId: number): Promise<PromotionValue> => {
  const promotion = await db.selectFrom('promotions').selectAll().where('id', '=', promotionId).executeTakeFirstOrThrow();
  const entries = await entriesOf(db, memberId, promotionId);
  const prizes = await prizesOf(db, [promotionId]);
  return toPromotion(promotion, prizes.get(promotionId) ?? [], entries.get(promotionId), new Date(), true);
};

/** Inserts the member's entry, or none when one exists (the unique key waits for a concurrent one to commit). */
const insertEntry = (trx: Db, values: { promotion_id: number; member_id: number; status: PromotionEntryRow['status']; comment?: string | null; amount?: number }) =>
  trx
    .insertInto('promotion_entries')
    .values(values)
    .onConflict((oc) => oc.columns(['promotion_id', 'member_id']).doNothing())
    .returningAll()
    .executeTakeFirst();

const openFor = (promotion: PromotionRow) => {
  if (!isOpen(promotion, new Date())) throw new ApiError('PROMOTION_NOT_OPEN', `Promotion ${promotion.id} is not open`);
};

/** Joins a promotion that needs no application: ISSUED with its bonus to claim, or SIGNED. */
export const joinPromotion = async (ctx: AppContext, memberId: number, promotionId: number): Promise<PromotionValue> => {
  const promotion = await promotionOf(ctx.db, promotionId);
  openFor(promotion);
  if (promotion.type === 'RAFFLE') throw new ApiError('INVALID_STATE', 'A raffle is drawn, not joined');
  if (promotion.needs_application) throw new ApiError('APPLICATION_REQUIRED', 'This promotion needs an application');
  await withEvents(ctx, async (trx, record) => {
    const bonus = promotion.bonus_amount;
    const entry = await insertEntry(trx, { promotion_id: promotion.id, member_id: memberId, status: bonus > 0 ? 'ISSUED' : 'SIGNED', amount: bonus });
    if (!entry) throw new ApiError('PROMOTION_ENTERED', 'Already joined');
    await sendMessage(
      trx,
      record,
      bonus > 0
        ? { memberId, template: 'promotion.bonusIssued', params: { title: promotion.title, amount: formatAmount(bonus) } }
        : { memberId, template: 'promotion.joined', params: { title: promotion.title } },
    );
  });
  return onePromotion(ctx.db, memberId, promotion.id);
};

export const promotionUploadsDir = (ctx: AppContext) => path.join(ctx.config.dataDir, 'uploads', 'promotions');

/**
 * A rejected application sent again: APPLYING once more with the new comment, the review and its
 * reason cleared, the old images dropped (their file names returned, removed once this commits).
 * None when the entry is not REJECTED: a concurrent re-application waits on the row and finds it APPLYING.
 */
const reopenRejected = async (trx: Transaction<Database>, promotionId: number, memberId: number, comment: string | null) => {
  const entry = await trx
    .updateTable('promotion_entries')
    .set({ status: 'APPLYING', comment, reason: null, reviewed_at: null, reviewed_by: null, applied_at: sql<Date>`now()` })
    .where('promotion_id', '=', promotionId)
    .where('member_id', '=', memberId)
    .where('status', '=', 'REJECTED')
    .returningAll()
    .executeTakeFirst();
  if (!entry) return null;
  const dropped = await trx.deleteFrom('promotion_entry_images').where('entry_id', '=', entry.id).returning('file_name').execute();
  return { entry, droppedFiles: dropped.map((d) => d.file_name) };
};

/**
 * Applies for a promotion that needs review, with a comment (≤ 140, VAL-40) and up to 3 png or jpg
 * images of at most 5 MB, sniffed by their bytes (VAL-41, the withdrawal proof's checks): APPLYING.
 * A rejected application may be sent again while the promotion is open; it replaces the first.
 */
export const applyForPromotion = async (ctx: AppContext, memberId: number, body: ApplyBody): Promise<PromotionValue> => {
  const promotion = await promotionOf(ctx.db, body.promotionId);
  openFor(promotion);
  if (!promotion.needs_application) throw new ApiError('INVALID_STATE', 'This promotion is joined without an application');
  if (body.images.length > APPLICATION_IMAGE_MAX_COUNT) throw new ApiError('PROOF_INVALID', `At most ${APPLICATION_IMAGE_MAX_COUNT} images`);
  const files = body.images.map(decodeProofImage).map((image) => ({ ...image, fileName: `${randomUUID()}.${image.extension}` }));
  const dir = promotionUploadsDir(ctx);
  if (files.length) await fs.mkdir(dir, { recursive: true });
  await Promise.all(files.map((f) => fs.writeFile(path.join(dir, f.fileName), f.bytes)));
  let droppedFiles: string[] = [];
  try {
    await withEvents(ctx, async (trx, record) => {
      const comment = body.comment || null;
      let entry = await insertEntry(trx, { promotion_id: promotion.id, member_id: memberId, status: 'APPLYING', comment });
      if (!entry) {
        const reopened = await reopenRejected(trx, promotion.id, memberId, comment);
        if (!reopened) throw new ApiError('PROMOTION_ENTERED', 'Already applied');
        ({ entry, droppedFiles } = reopened);
      }
      if (files.length) {
        await trx
          .insertInto('promotion_entry_images')
          .values(
            files.map((f) => ({ entry_id: entry.id, ...storedImageRow(memberId, f) })),
          )
          .execute();
      }
      await sendMessage(trx, record, { memberId, template: 'promotion.applied', params: { title: promotion.title } });
    });
  } catch (err) {
    await Promise.all(files.map((f) => fs.rm(path.join(dir, f.fileName), { force: true })));
    throw err;
  }
  await Promise.all(droppedFiles.map((name) => fs.rm(path.join(dir, name), { force: true })));
  return onePromotion(ctx.db, memberId, promotion.id);
};

const credit = (ctx: AppContext, trx: Transaction<Database>, entry: PromotionEntryRow, remark: string) =>
  ledgerOf(ctx).post(trx, {
    entryType: 'PROMOTION_BONUS',
    idempotencyKey: `promotion-entry:${entry.id}`,
    reference: `promotion:${entry.promotion_id}`,
    remark,
    legs: [
      { account: { system: 'PROMOTIONS' }, amount: -entry.amount },
      { account: { memberId: entry.member_id, wallet: MAIN_WALLET }, amount: entry.amount },
    ],
  });

/**
 * Claims an ISSUED bonus into the main wallet: CLAIMED. The entry's row lock serialises double
 * clicks; a repeat after the claim returns the first answer and credits nothing again. Nothing to
 * claim is INVALID_STATE (NOT_FOUND without an entry).
 */
export const claimBonus = async (ctx: AppContext, memberId: number, promotionId: number) =>
  withEvents(ctx, async (trx, record) => {
    const entry = await trx
      .selectFrom('promotion_entries')
      .selectAll()
      .where('promotion_id', '=', promotionId)
      .where('member_id', '=', memberId)
      .forUpdate()
      .executeTakeFirst();
    if (!entry) throw new ApiError('NOT_FOUND', `No entry in promotion ${promotionId}`);
    if (entry.status === 'CLAIMED' && entry.transaction_id !== null && entry.prize_name === null) {
      return { amount: toMoney(entry.amount), balance: toMoney(await mainBalanceAfter(trx, entry.transaction_id, memberId)) };
    }
    if (entry.status !== 'ISSUED' || entry.amount <= 0) throw new ApiError('INVALID_STATE', `Nothing to claim in promotion ${promotionId}`);
    const promotion = await trx.selectFrom('promotions').select('title').where('id', '=', promotionId).executeTakeFirstOrThrow();
    const posted = await credit(ctx, trx, entry, `Bonus of ${promotion.title}`);
    await trx.updateTable('promotion_entries').set({ status: 'CLAIMED', claimed_at: sql`now()`, transaction_id: posted.transactionId }).where('id', '=', entry.id).execute();
    await recordBalanceEvents(trx, record, posted);
    await sendMessage(trx, record, { memberId, template: 'promotion.claimed', params: { title: promotion.title, amount: formatAmount(entry.amount) } });
    const main = posted.postings.find((p) => p.memberId === memberId)!;
    return { amount: toMoney(entry.amount), balance: toMoney(main.balanceAfter) };
  });

/** A prize drawn by weight: `roll` in [0, total weight). */
export const pickPrize = (prizes: readonly PromotionPrizeRow[], roll: number): PromotionPrizeRow => {
  let left = roll;
  for (const prize of prizes) {
    if (left < prize.weight) return prize;
    left -= prize.weight;
  }
  return prizes[prizes.length - 1]!;
};

/**
 * Draws a raffle's prize (MEMBER-14, API-51), once per player and promotion: the entry's unique key
 * lets one draw in, and a concurrent or later repeat returns the prize that draw gave. The prize
 * (chosen by weight with a cryptographic random number) is credited through the ledger at once.
 */
export const claimRaffle = async (ctx: AppContext, memberId: number, promotionId: number) => {
  const promotion = await promotionOf(ctx.db, promotionId);
  if (promotion.type !== 'RAFFLE') throw new ApiError('INVALID_STATE', `Promotion ${promotionId} is not a raffle`);
  const earlier = async (db: Db) => {
    const entry = await db.selectFrom('promotion_entries').selectAll().where('promotion_id', '=', promotionId).where('member_id', '=', memberId).executeTakeFirst();
    if (!entry) return null;
    // A zero prize moved no money: the balance as it stands.
    const balance = entry.transaction_id !== null ? await mainBalanceAfter(db, entry.transaction_id, memberId) : await mainBalance(db, memberId);
    return { prizeName: entry.prize_name ?? '', amount: toMoney(entry.amount), balance: toMoney(balance) };
  };
  const first = await earlier(ctx.db);
  if (first) return first;
  openFor(promotion);
  const prizes = (await prizesOf(ctx.db, [promotionId])).get(promotionId) ?? [];
  if (prizes.length === 0) throw new ApiError('INVALID_STATE', `Raffle ${promotionId} has no prizes`);
  const prize = pickPrize(prizes, randomInt(prizes.reduce((sum, p) => sum + p.weight, 0)));
  const drawn = await withEvents(ctx, async (trx, record) => {
    const entry = await insertEntry(trx, { promotion_id: promotionId, member_id: memberId, status: 'CLAIMED', amount: prize.amount });
    if (!entry) return null; // a concurrent draw won the race: its prize is the answer
    await trx.updateTable('promotion_entries').set({ prize_name: prize.name, claimed_at: sql`now()` }).where('id', '=', entry.id).execute();
    let balance: number | null = null;
    if (prize.amount > 0) {
      const posted = await credit(ctx, trx, entry, `${promotion.title}: ${prize.name}`);
      await trx.updateTable('promotion_entries').set({ transaction_id: posted.transactionId }).where('id', '=', entry.id).execute();
      await recordBalanceEvents(trx, record, posted);
      balance = posted.postings.find((p) => p.memberId === memberId)!.balanceAfter;
    }
    await sendMessage(trx, record, {
      memberId,
      template: 'promotion.raffleWon',
      params: { title: promotion.title, prize: prize.name, amount: formatAmount(prize.amount) },
    });
    return { prizeName: prize.name, amount: toMoney(prize.amount), balance };
  });
  if (drawn && drawn.balance !== null) return { ...drawn, balance: toMoney(drawn.balance) };
  // A zero prize, or a lost race (the winning draw's answer).
  const again = await earlier(ctx.db);
  if (!again) throw new ApiError('CONFLICT', 'The draw did not complete');
  return again;
};

