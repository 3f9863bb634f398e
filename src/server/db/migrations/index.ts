import type { Migration } from 'kysely';
import * as m0001 from './2026_11_21_00_00_00_foundation';
import * as feedbackRoomsSeed from './2026_11_22_01_00_00_feedback_rooms_seed';
import * as accounts from './2026_11_22_02_00_00_accounts';
import * as ledgerPaymentsMessages from './2026_11_23_01_00_00_ledger_payments_messages';
import * as games from './2026_11_23_05_00_00_games';

/** Every migration in order; names sort by their timestamp prefix. */
export const migrations: Record<string, Migration> = {
  '2026_11_21_00_00_00_foundation': m0001,
  '2026_11_22_01_00_00_feedback_rooms_seed': feedbackRoomsSeed,
  '2026_11_22_02_00_00_accounts': accounts,
  '2026_11_23_01_00_00_ledger_payments_messages': ledgerPaymentsMessages,
  '2026_11_23_05_00_00_games': games,
};
