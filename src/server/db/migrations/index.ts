import type { Migration } from 'kysely';
import * as m0001 from './2026_11_21_00_00_00_foundation';
import * as feedbackRoomsSeed from './2026_11_22_01_00_00_feedback_rooms_seed';
import * as accounts from './2026_11_22_02_00_00_accounts';
import * as ledgerPaymentsMessages from './2026_11_23_01_00_00_ledger_payments_messages';
import * as games from './2026_11_23_05_00_00_games';
import * as agentTree from './2026_11_24_01_00_00_agent_tree';
import * as vendorIsolation from './2026_11_25_01_00_00_vendor_isolation';
import * as gameSessionLinks from './2026_11_25_02_00_00_game_session_links';
import * as contracts from './2026_11_26_01_00_00_contracts';
import * as eventOrder from './2026_11_26_02_00_00_event_order';
import * as rememberSessions from './2026_11_26_03_00_00_remember_sessions';
import * as operatorSecondFactor from './2026_11_26_04_00_00_operator_second_factor';
import * as loginLookups from './2026_11_26_05_00_00_login_lookups';
import * as operatorCodeReuse from './2026_11_26_07_00_00_operator_code_reuse';
import * as countAttempt from './2026_11_26_09_30_00_count_attempt';
import * as pointsMall from './2026_11_27_01_00_00_points_mall';
import * as missions from './2026_11_27_03_00_00_missions';
import * as promotions from './2026_11_27_04_00_00_promotions';
import * as chat from './2026_11_27_06_00_00_chat';
import * as redEnvelopes from './2026_11_27_07_00_00_red_envelopes';
import * as vip from './2026_11_27_08_00_00_vip';

/** Every migration in order; names sort by their timestamp prefix. */
export const migrations: Record<string, Migration> = {
  '2026_11_21_00_00_00_foundation': m0001,
  '2026_11_22_01_00_00_feedback_rooms_seed': feedbackRoomsSeed,
  '2026_11_22_02_00_00_accounts': accounts,
  '2026_11_23_01_00_00_ledger_payments_messages': ledgerPaymentsMessages,
  '2026_11_23_05_00_00_games': games,
  '2026_11_24_01_00_00_agent_tree': agentTree,
  '2026_11_25_01_00_00_vendor_isolation': vendorIsolation,
  '2026_11_25_02_00_00_game_session_links': gameSessionLinks,
  '2026_11_26_01_00_00_contracts': contracts,
  '2026_11_26_02_00_00_event_order': eventOrder,
  '2026_11_26_03_00_00_remember_sessions': rememberSessions,
  '2026_11_26_04_00_00_operator_second_factor': operatorSecondFactor,
  '2026_11_26_05_00_00_login_lookups': loginLookups,
  '2026_11_26_07_00_00_operator_code_reuse': operatorCodeReuse,
  '2026_11_26_09_30_00_count_attempt': countAttempt,
  '2026_11_27_01_00_00_points_mall': pointsMall,
  '2026_11_27_03_00_00_missions': missions,
  '2026_11_27_04_00_00_promotions': promotions,
  '2026_11_27_06_00_00_chat': chat,
  '2026_11_27_07_00_00_red_envelopes': redEnvelopes,
  '2026_11_27_08_00_00_vip': vip,
};
