import type { Migration } from 'kysely';
import * as m0001 from './2026_11_21_00_00_00_foundation';

/** Every migration in order; names sort by their timestamp prefix. */
export const migrations: Record<string, Migration> = {
  '2026_11_21_00_00_00_foundation': m0001,
};
