import fs from 'node:fs/promises';
import path from 'node:path';
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { EntryStatus, OpsApplication, OpsPromotion, SavePromotionRequest } from '@shared/contract/operator-promotions';
import { memberRoom } from '@shared/contract/socket';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/create-db';
import type { Database, PromotionEntryRow, PromotionPrizeRow, PromotionRow } from '../../db/database';
import { ApiError } from '../../http/api-error';
import type { RecordEvent } from '../../socket/realtime';
import { toCents, toMoney } from '../ledger/money';
import { sendMessage } from '../messages/messages';
import { offsetOf, type Paging } from '../records/records';
import { formatAmount } from '../wallet/orders';
import { prizesOf, promotionUploadsDir } from './promotions';

/**
 * The operators' side of promotions: defining them (a raffle with weighted prizes), and reviewing
 * applications. Approval issues the promotion's bonus for the player to claim (SIGNED when it has
 * none); rejection keeps the reason. The player is told of either by an inbox message.
 */

type SaveBody = z.output<typeof SavePromotionRequest>;

const toOpsPromotion = (row: PromotionRow, prizes: readonly PromotionPrizeRow[], pending: number): OpsPromotion => ({
  promotionId: row.id,
  title: row.title,
  type: row.type,
  content: row.content,
  imageUrl: row.image_url,
  startTime: new Date(row.starts_at).toISOString(),
  endTime: new Date(row.ends_at).toISOString(),
  needsApplication: row.needs_application,
  bonusAmount: toMoney(row.bonus_amount),
  prizes: prizes.map((p) => ({ name: p.name, amount: toMoney(p.amount), weight: p.weight })),
  active: row.active,
  pendingApplications: pending,
});

export const allPromotions = async (db: Db): Promise<OpsPromotion[]> => {
  const rows = await db.selectFrom('promotions').selectAll().orderBy('id', 'desc').execute();
  const prizes = await prizesOf(db, rows.map((r) => r.id));
  const pending = await db
    .selectFrom('promotion_entries')
    .select(['promotion_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', 'APPLYING')
    .groupBy('promotion_id')
    .execute();
  const pendingOf = new Map(pending.map((p) => [p.promotion_id, Number(p.n)]));
  return rows.map((r) => toOpsPromotion(r, prizes.get(r.id) ?? [], pendingOf.get(r.id) ?? 0));
};

export const opsPromotion = async (db: Db, id: number): Promise<OpsPromotion> => {
  const all = await allPromotions(db);
  return all.find((p) => p.promotionId === id)!;
};

/** Adds a promotion or changes one (its prizes are replaced); NOT_FOUND for an unknown id. */
export const savePromotion = async (trx: Transaction<Database>, body: SaveBody): Promise<{ row: PromotionRow; created: boolean }> => {
  const values = {
    title: body.title,
    type: body.type,
    content: body.content,
    image_url: body.imageUrl,
    starts_at: new Date(body.startTime),
    ends_at: new Date(body.endTime),
    needs_application: body.type === 'RAFFLE' ? false : body.needsApplication,
    bonus_amount: body.type === 'RAFFLE' ? 0 : toCents(body.bonusAmount),
    active: body.active,
  };
  let row: PromotionRow;
  if (body.promotionId) {
    const updated = await trx.updateTable('promotions').set({ ...values, updated_at: sql`now()` }).where('id', '=', body.promotionId).returningAll().executeTakeFirst();
    if (!updated) throw new ApiError('NOT_FOUND', `No promotion ${body.promotionId}`);
    row = updated;
    await trx.deleteFrom('promotion_prizes').where('promotion_id', '=', row.id).execute();
  } else {
    row = await trx.insertInto('promotions').values(values).returningAll().executeTakeFirstOrThrow();
  }
  if (body.type === 'RAFFLE' && body.prizes.length) {
    await trx
      .insertInto('promotion_prizes')
      .values(body.prizes.map((p, position) => ({ promotion_id: row.id, position, name: p.name, amount: toCents(p.amount), weight: p.weight })))
      .execute();
  }
  return { row, created: !body.promotionId };
};

const applications = (db: Db) =>
  db
    .selectFrom('promotion_entries')
    .innerJoin('members', 'members.id', 'promotion_entries.member_id')
    .innerJoin('promotions', 'promotions.id', 'promotion_entries.promotion_id');

type ApplicationRow = PromotionEntryRow & { account: string; promotion_title: string };

const toOpsApplications = async (db: Db, rows: readonly ApplicationRow[]): Promise<OpsApplication[]> => {
  const images = rows.length
    ? await db
        .selectFrom('promotion_entry_images')
        .select(['id', 'entry_id'])
        .where(
          'entry_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('id')
        .execute()
    : [];
  return rows.map((r) => ({
    entryId: r.id,
    promotionId: r.promotion_id,
    promotionTitle: r.promotion_title,
    memberId: r.member_id,
    account: r.account,
    status: r.status,
    comment: r.comment,
    imageIds: images.filter((i) => i.entry_id === r.id).map((i) => i.id),
    amount: toMoney(r.amount),
    reason: r.reason,
    appliedAt: new Date(r.applied_at).toISOString(),
    reviewedAt: r.reviewed_at === null ? null : new Date(r.reviewed_at).toISOString(),
  }));
};

const selectApplication = (db: Db) => applications(db).selectAll('promotion_entries').select(['members.account', 'promotions.title as promotion_title']);

export const operatorApplications = async (db: Db, query: Paging & { status?: EntryStatus | undefined; promotionId?: number | undefined }) => {
  let base = applications(db);
  if (query.status) base = base.where('promotion_entries.status', '=', query.status);
  if (query.promotionId) base = base.where('promotion_entries.promotion_id', '=', query.promotionId);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .selectAll('promotion_entries')
      .select(['members.account', 'promotions.title as promotion_title'])
      .orderBy('promotion_entries.id', 'desc')
      .limit(query.pageSize)
      .offset(offsetOf(query))
      .execute(),
  ]);
  return { list: await toOpsApplications(db, rows), pageNum: query.pageNo, totalPages: Math.ceil(Number(total) / query.pageSize), total: Number(total) };
};

export const opsApplication = async (db: Db, entryId: number): Promise<OpsApplication> => {
  const row = await selectApplication(db).where('promotion_entries.id', '=', entryId).executeTakeFirstOrThrow();
  return (await toOpsApplications(db, [row]))[0]!;
};

export type ApplicationReview = { kind: 'approve' } | { kind: 'reject'; reason: string };

/**
 * An operator's answer to an APPLYING entry, in the caller's transaction: approved (ISSUED with the
 * promotion's bonus to claim, or SIGNED when it has none) or REJECTED with the reason. NOT_FOUND for
 * an unknown entry; INVALID_STATE for one already answered (a second reviewer loses the row lock race).
 */
export const reviewApplication = async (
  trx: Transaction<Database>,
  record: RecordEvent,
  entryId: number,
  review: ApplicationReview,
  reviewedBy: string,
): Promise<PromotionEntryRow> => {
  const entry = await trx.selectFrom('promotion_entries').selectAll().where('id', '=', entryId).forUpdate().executeTakeFirst();
  if (!entry) throw new ApiError('NOT_FOUND', `No application ${entryId}`);
  if (entry.status !== 'APPLYING') throw new ApiError('INVALID_STATE', `Application ${entryId} is ${entry.status}`);
  const promotion = await trx.selectFrom('promotions').selectAll().where('id', '=', entry.promotion_id).executeTakeFirstOrThrow();
  const reviewed = { reviewed_at: sql<Date>`now()`, reviewed_by: reviewedBy };
  if (review.kind === 'reject') {
    const updated = await trx.updateTable('promotion_entries').set({ ...reviewed, status: 'REJECTED', reason: review.reason }).where('id', '=', entry.id).returningAll().executeTakeFirstOrThrow();
    await sendMessage(trx, record, { memberId: entry.member_id, template: 'promotion.rejected', params: { title: promotion.title, reason: review.reason } });
    await announceChange(record, updated);
    return updated;
  }
  const bonus = promotion.bonus_amount;
  const updated = await trx
    .updateTable('promotion_entries')
    .set({ ...reviewed, status: bonus > 0 ? 'ISSUED' : 'SIGNED', amount: bonus })
    .where('id', '=', entry.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await sendMessage(
    trx,
    record,
    bonus > 0
      ? { memberId: entry.member_id, template: 'promotion.approved', params: { title: promotion.title, amount: formatAmount(bonus) } }
      : { memberId: entry.member_id, template: 'promotion.joined', params: { title: promotion.title } },
  );
  await announceChange(record, updated);
  return updated;
};

/** Tells the member's open pages (and the reward centre's badge) that an answer came, beside the inbox message. */
const announceChange = (record: RecordEvent, entry: PromotionEntryRow) =>
  record(memberRoom(entry.member_id), 'promotion:changed', { promotionId: entry.promotion_id, status: entry.status });

/** An image sent with an application; with `memberId`, only that member's own (another's is NOT_FOUND, as if it did not exist). */
export const readApplicationImage = async (ctx: AppContext, imageId: number, memberId?: number) => {
  let query = ctx.db.selectFrom('promotion_entry_images').selectAll().where('id', '=', imageId);
  if (memberId !== undefined) query = query.where('member_id', '=', memberId);
  const row = await query.executeTakeFirst();
  if (!row) throw new ApiError('NOT_FOUND', `No image ${imageId}`);
  const bytes = await fs.readFile(path.join(promotionUploadsDir(ctx), row.file_name));
  return { imageId: row.id, contentType: row.content_type as 'image/png' | 'image/jpeg', data: bytes.toString('base64') };
};
