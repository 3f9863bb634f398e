import { sql } from 'kysely';
import type { PointsSettings } from '@shared/contract/operator-points';
import type { Db } from '../../db/create-db';
import { ApiError } from '../../http/api-error';

/**
 * The points settings (one row, points_settings): the conversion ratio and the earning rate are kept
 * in millionths of a point per currency unit, so conversions and earnings round exactly (integers,
 * BigInt where a product could pass 2^53), whatever decimals an operator types.
 */
export const MILLION = 1_000_000;

export interface PointsSettingsRow {
  ratioMillionths: number;
  minConvertPoints: number;
  earnMillionths: number;
  rules: string;
  /** Settled bets up to here have earned their points (the accrual job's progress). */
  earnedUntil: Date;
}

export const readPointsSettings = async (db: Db): Promise<PointsSettingsRow> => {
  const row = await db.selectFrom('points_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return {
    ratioMillionths: row.ratio_millionths,
    minConvertPoints: row.min_convert_points,
    earnMillionths: row.earn_millionths,
    rules: row.rules,
    earnedUntil: new Date(row.earned_until),
  };
};

export const fromMillionths = (millionths: number): number => millionths / MILLION;

/** A rate as the database keeps it; a positive rate too small to keep (below one millionth) is VALIDATION. */
export const toMillionths = (value: number, field: string, positive: boolean): number => {
  const millionths = Math.round(value * MILLION);
  if (positive && millionths < 1) {
    throw new ApiError('VALIDATION', `Invalid request: body.${field} must be at least 0.000001`, [{ path: field, message: 'at least 0.000001' }]);
  }
  return millionths;
};

export const toPointsSettings = (s: PointsSettingsRow): PointsSettings => ({
  ratio: fromMillionths(s.ratioMillionths),
  minConvertPoints: s.minConvertPoints,
  earnPointsPerUnit: fromMillionths(s.earnMillionths),
  rules: s.rules,
});

/** Writes the operators' settings (never the accrual progress) in the caller's transaction; returns them as stored. */
export const savePointsSettings = async (trx: Db, body: PointsSettings): Promise<PointsSettingsRow> => {
  await trx
    .updateTable('points_settings')
    .set({
      ratio_millionths: toMillionths(body.ratio, 'ratio', true),
      min_convert_points: body.minConvertPoints,
      earn_millionths: toMillionths(body.earnPointsPerUnit, 'earnPointsPerUnit', false),
      rules: body.rules,
      updated_at: sql`now()`,
    })
    .where('id', '=', 1)
    .execute();
  return readPointsSettings(trx);
};
