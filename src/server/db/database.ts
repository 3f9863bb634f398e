import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface SiteSettingsTable {
  key: string;
  value: Json<unknown>;
  updated_at: Timestamp;
}

export interface WhitelabelModulesTable {
  mod_id: string;
  parent_id: string | null;
  enabled: Generated<boolean>;
  sort: Generated<number>;
}

export interface FieldRulesTable {
  field: string;
  enabled: boolean;
  required: boolean;
  accepted_pattern: string | null;
  pattern_id: string | null;
  min_length: number | null;
  max_length: number | null;
}

export interface CustomerServiceTable {
  id: Generated<number>;
  cs_type: string;
  title: string;
  path: string;
  sort: Generated<number>;
}

export interface ResourcesTable {
  id: Generated<number>;
  resource_type: string;
  url: string;
  label_name_en: string;
  sort: Generated<number>;
}

export interface BannersTable {
  id: Generated<number>;
  group_name: string;
  url: string;
  linkage_type: Generated<string>;
  link_target: string | null;
  title: Generated<string>;
  sort: Generated<number>;
  active: Generated<boolean>;
}

export interface DomainRoutesTable {
  domain: string;
  label: string;
  representative: Generated<boolean>;
  sort: Generated<number>;
}

export interface CountriesTable {
  country_code: string;
  country_dialing_code: string;
  name: string;
  sort: Generated<number>;
}

export interface HelpCenterTable {
  id: Generated<number>;
  lang: string;
  anchor: string;
  title: string;
  content: string;
  sort: Generated<number>;
}

export interface RegionBlocksTable {
  id: Generated<number>;
  kind: 'cidr' | 'country';
  value: string;
  note: Generated<string>;
  created_at: Timestamp;
}

export interface MembersTable {
  id: Generated<number>;
  account: string;
  nickname: string;
  type: number;
  password_hash: string;
  status: Generated<string>;
  created_at: Timestamp;
  password_changed_at: Generated<Date>;
  last_login_at: Date | null;
  icon_id: Generated<number>;
}
export type MemberRow = Selectable<MembersTable>;

export interface SessionsTable {
  token_hash: string;
  member_id: number;
  ip: string;
  user_agent: Generated<string>;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  must_change_password: Generated<boolean>;
}

export interface OperatorsTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  role: Generated<string>;
  /** Base32 TOTP secret of the operator's authenticator; null: not enrolled, cannot sign in. */
  totp_secret: string | null;
  /** Time step of the last authenticator code accepted; a code of this step or an older one is refused. */
  totp_last_step: number | null;
  created_at: Timestamp;
}

export interface OperatorSessionsTable {
  token_hash: string;
  operator_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  last_seen_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_kind: string;
  actor_id: string;
  action: string;
  detail: Json<unknown>;
  ip: Generated<string>;
  created_at: Timestamp;
}
export type NewAuditEntry = Insertable<AuditLogTable>;

export interface EventsTable {
  /** The outbox row, numbered when written. */
  id: Generated<number>;
  /** The event id clients see: its place in commit order, given after commit (null until then). */
  seq: number | null;
  room: string;
  name: string;
  payload: Json<unknown>;
  created_at: Timestamp;
}

export interface FeedbackTable {
  id: Generated<number>;
  member_id: number | null;
  question_type: string;
  content: string;
  ip: Generated<string>;
  created_at: Timestamp;
}

export interface ChatRoomsTable {
  room_id: string;
  room_name: string;
  description: Generated<string>;
  icon_url: Generated<string>;
  sort: Generated<number>;
  active: Generated<boolean>;
}

/** A live model of the chat room (MEMBER-25), kept by operators. */
export interface LiveModelsTable {
  model_id: string;
  nickname: string;
  avatar_url: Generated<string>;
  room_id: string;
  online: Generated<boolean>;
  sort: Generated<number>;
  active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A chat room message; `sender_name` is stored masked. */
export interface ChatMessagesTable {
  id: Generated<number>;
  room_id: string;
  member_id: number;
  sender_name: string;
  body: string;
  hidden_at: Timestamp | null;
  hidden_by: string | null;
  created_at: Timestamp;
}

/** When each member's last chat message was accepted (the send rate, on every node). */
export interface ChatSendersTable {
  member_id: number;
  last_sent_at: Timestamp;
}

export interface SeedAppliedTable {
  name: string;
  applied_at: Timestamp;
}

export interface MemberProfilesTable {
  member_id: number;
  mobile_dialing_code: string | null;
  mobile_num: string | null;
  email: string | null;
  payee_name: string | null;
  bank_account_name: string | null;
  payment_password_hash: string | null;
  upline_id: number | null;
  affiliate_code: string | null;
  referral_code: string | null;
  register_method: string;
  register_url: string | null;
  register_domain: string | null;
  register_ip: string;
  details: Json<Record<string, string>>;
}

export interface AffiliateCodesTable {
  code: string;
  member_id: number;
  domain: string | null;
  active: Generated<boolean>;
  created_at: Timestamp;
}

export interface MemberIpsTable {
  member_id: number;
  ip: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface RateEventsTable {
  id: Generated<number>;
  bucket: string;
  created_at: Timestamp;
}

export interface AccessLocksTable {
  subject: string;
  locked_until: Timestamp;
  reason: string;
  created_at: Timestamp;
}

export interface SmsCodesTable {
  id: Generated<number>;
  purpose: string;
  dialing_code: string;
  mobile_num: string;
  code_hash: string;
  ip: string;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
}

export interface CaptchasTable {
  id: string;
  answer_hash: string;
  ip: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
}

export interface BotCheckUsesTable {
  signature: string;
  expires_at: Timestamp;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: Timestamp;
}

export interface TwoFactorChallengesTable {
  id: string;
  member_id: number;
  ip: string;
  site: string;
  remember_me: boolean;
  password_is_default: boolean;
  methods: Json<string[]>;
  code_hash: string | null;
  code_method: string | null;
  code_expires_at: Timestamp | null;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
}

export interface MemberTotpTable {
  member_id: number;
  secret: string;
  enabled_at: Timestamp | null;
  last_used_step: number | null;
  created_at: Timestamp;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  member_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
}

export interface RememberTokensTable {
  token_hash: string;
  member_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** The session it was given with (sessions.token_hash): that session's logout revokes it. */
  session_hash: string | null;
}

export interface OidcStatesTable {
  state: string;
  provider: string;
  code_verifier: string;
  nonce: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface MemberIdentitiesTable {
  provider: string;
  subject: string;
  member_id: number;
  email: string | null;
  created_at: Timestamp;
}

export interface LedgerAccountsTable {
  id: Generated<number>;
  member_id: number | null;
  code: string;
  shard: Generated<number>;
  balance: Generated<number>;
  created_at: Timestamp;
}

export interface LedgerTransactionsTable {
  id: Generated<number>;
  entry_type: string;
  idempotency_key: string;
  request_hash: string;
  reference: string | null;
  remark: Generated<string>;
  created_at: Timestamp;
}

export interface LedgerPostingsTable {
  id: Generated<number>;
  transaction_id: number;
  account_id: number;
  member_id: number | null;
  code: string;
  amount: number;
  balance_after: number;
  created_at: Timestamp;
}

export interface BetsTable {
  id: Generated<number>;
  bet_id: string;
  member_id: number;
  vendor: string;
  game_type: string;
  game_code: string;
  game_name: string;
  wallet: Generated<string>;
  stake: number;
  payout: Generated<number>;
  status: Generated<'OPEN' | 'SETTLED' | 'ROLLED_BACK'>;
  placed_at: Timestamp;
  settled_at: Timestamp | null;
  rebated_at: Timestamp | null;
  bet_transaction_id: number;
  settle_transaction_id: number | null;
}

export interface PaymentChannelsTable {
  channel_id: string;
  name: string;
  type: 'BANK_TRANSFER' | 'E_WALLET' | 'QR';
  min_amount: number;
  max_amount: number;
  payee_bank: string | null;
  payee_account_name: string | null;
  payee_account_no: string | null;
  qr_payload: string | null;
  note: Generated<string>;
  active: Generated<boolean>;
  sort: Generated<number>;
}

export interface DepositOrdersTable {
  id: Generated<number>;
  member_id: number;
  channel_id: string;
  amount: number;
  status: Generated<'PENDING' | 'CREDITED' | 'FAILED'>;
  payer_name: string | null;
  reference: string | null;
  failure_reason: string | null;
  request_id: string;
  request_hash: string;
  resolved_by: string | null;
  transaction_id: number | null;
  created_at: Timestamp;
  resolved_at: Timestamp | null;
}

export interface PaymentWebhookEventsTable {
  event_id: string;
  order_id: number;
  status: string;
  received_at: Timestamp;
}

export interface BankAccountsTable {
  id: Generated<number>;
  member_id: number;
  bank_name: string;
  account_name: string;
  account_no: string;
  created_at: Timestamp;
  removed_at: Timestamp | null;
}

export interface WithdrawalOrdersTable {
  id: Generated<number>;
  member_id: number;
  bank_account_id: number;
  bank_name: string;
  account_name: string;
  account_no: string;
  amount: number;
  status: Generated<'PENDING' | 'APPROVED' | 'DISBURSED' | 'RECEIVED' | 'NOT_RECEIVED' | 'REJECTED'>;
  request_id: string;
  request_hash: string;
  reject_reason: string | null;
  payout_reference: string | null;
  received_amount: number | null;
  remark: string | null;
  forced: Generated<boolean>;
  hold_transaction_id: number;
  settle_transaction_id: number | null;
  created_at: Timestamp;
  approved_at: Timestamp | null;
  disbursed_at: Timestamp | null;
  auto_receive_at: Timestamp | null;
  confirmed_at: Timestamp | null;
}

export interface WithdrawalProofsTable {
  id: Generated<number>;
  withdrawal_id: number;
  member_id: number;
  content_type: string;
  file_name: string;
  size: number;
  sha256: string;
  created_at: Timestamp;
}

export interface MessagesTable {
  id: Generated<number>;
  member_id: number;
  type: string;
  title: string;
  content: string;
  template: string | null;
  params: Json<Record<string, string | number>>;
  read_at: Timestamp | null;
  created_at: Timestamp;
}

export interface AnnouncementsTable {
  id: Generated<number>;
  type: 'PL' | 'PU' | 'PR' | 'H';
  title: string;
  content: string;
  promotion_type: string | null;
  execution: 'A' | 'B' | 'F' | null;
  active: Generated<boolean>;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  created_at: Timestamp;
  audience: Generated<'ALL' | 'AGENTS'>;
}

/**
 * The downline closure (docs/agent-tree.md): every (ancestor, descendant) pair at its distance,
 * kept by a trigger from member_profiles.upline_id; never written by the application.
 */
export interface MemberTreeTable {
  ancestor_id: number;
  descendant_id: number;
  depth: number;
}

export interface ReferralCodesTable {
  code: string;
  member_id: number;
  created_at: Timestamp;
}

/** An item a background job could not finish and set aside; one row per job and item, counting repeats. */
export interface JobIncidentsTable {
  id: Generated<number>;
  job: string;
  subject: string;
  problem: string;
  occurrences: Generated<number>;
  first_at: Timestamp;
  last_at: Timestamp;
}

/** A seamless-wallet rollback that arrived before its debit: the debit, when it comes, moves nothing. */
export interface SeamlessVoidsTable {
  bet_id: string;
  rollback_transaction_id: string;
  created_at: Timestamp;
}

export interface JobRunsTable {
  job: string;
  window_start: Timestamp;
  node: string;
  started_at: Timestamp;
  finished_at: Timestamp | null;
  processed: number | null;
}

export interface GameCategoriesTable {
  code: string;
  names: Json<Record<string, string>>;
  sort: Generated<number>;
  active: Generated<boolean>;
}

export interface GameVendorsTable {
  code: string;
  display_name: string;
  names: Json<Record<string, string>>;
  logo_url: string;
  provider: 'HOUSE' | null;
  maintenance: Generated<boolean>;
  active: Generated<boolean>;
  sort: Generated<number>;
}

export interface GamesTable {
  node_id: Generated<number>;
  vendor_code: string;
  game_code: string;
  kind: 'GAME' | 'LOBBY';
  game_type: string;
  game_name: string;
  icon_url: string;
  game_classify: Generated<string>;
  is_game: Generated<string>;
  is_hot: Generated<boolean>;
  free_trial: Generated<boolean>;
  engine: string | null;
  engine_config: Json<Record<string, unknown>>;
  maintenance: Generated<boolean>;
  active: Generated<boolean>;
  sort: Generated<number>;
  released_at: Timestamp;
}
export type GameRow = Selectable<GamesTable>;

export interface FavoriteGamesTable {
  member_id: number;
  node_id: number;
  created_at: Timestamp;
}

export interface RecentGamesTable {
  member_id: number;
  node_id: number;
  played_at: Timestamp;
}

export interface HouseSessionsTable {
  id: Generated<string>;
  member_id: number;
  node_id: number;
  free_play: boolean;
  demo_balance: number | null;
  language: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** The member session that launched it (sessions.token_hash); null for seeded history. */
  member_session_hash: string | null;
}

export interface FairnessSeedsTable {
  id: Generated<number>;
  member_id: number;
  free_play: boolean;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: Generated<number>;
  created_at: Timestamp;
  revealed_at: Timestamp | null;
}

export interface HouseRoundsTable {
  id: Generated<number>;
  session_id: string;
  member_id: number;
  node_id: number;
  free_play: boolean;
  bet_id: string | null;
  seed_id: number;
  nonce: number;
  stake: number;
  payout: number;
  balance_after: number;
  outcome: Json<unknown>;
  created_at: Timestamp;
  /** The client's id of the request that played it: a retry returns this round. */
  request_id: string | null;
  /** What that request asked (session, stake, parameters), so a retry asking otherwise is refused. */
  request_hash: string | null;
}

export interface LotteryDrawsTable {
  id: Generated<number>;
  game_code: string;
  issue_no: string;
  opens_at: Timestamp;
  closes_at: Timestamp;
  server_seed: string;
  server_seed_hash: string;
  numbers: Json<string[]> | null;
  drawn_at: Timestamp | null;
}

export interface LotteryTicketsTable {
  id: Generated<number>;
  draw_id: number;
  session_id: string;
  member_id: number;
  node_id: number;
  free_play: boolean;
  bet_id: string | null;
  bet_type: string;
  pick: string;
  stake: number;
  payout: number | null;
  status: Generated<'OPEN' | 'WON' | 'LOST' | 'SET_ASIDE'>;
  created_at: Timestamp;
  settled_at: Timestamp | null;
  /** The client's id of the request that bought it: a retry returns this ticket. */
  request_id: string | null;
  request_hash: string | null;
}

export type ContractKindValue = 'DIVIDEND' | 'DAILY' | 'HOURLY' | 'REALTIME';
export type ContractStatusValue = 'REQUESTED' | 'VALID' | 'TERMINATION_REQUESTED' | 'REJECTED' | 'TERMINATED' | 'EXPIRED';

/** An agent's contract (docs/contracts.md); terms in cents and basis points (services/contracts/terms.ts). */
export interface ContractsTable {
  id: Generated<number>;
  kind: ContractKindValue;
  holder_id: number;
  /** null: offered and paid by the platform. */
  offerer_id: number | null;
  status: ContractStatusValue;
  terms: Json<unknown>;
  requested_at: Timestamp;
  answer_by: Timestamp | null;
  valid_from: Timestamp | null;
  termination_requested_by: 'UPLINE' | 'DOWNLINE' | null;
  ended_at: Timestamp | null;
  end_reason: string | null;
  settled_until: Timestamp | null;
}
export type ContractRow = Selectable<ContractsTable>;

/** One window of one contract, paid or not: unique per (contract, window). */
export interface ContractBillsTable {
  id: Generated<number>;
  contract_id: number;
  kind: ContractKindValue;
  holder_id: number;
  payer_id: number | null;
  window_start: Timestamp;
  window_end: Timestamp;
  valid_bet: number;
  profit_loss: number;
  active_members: number;
  rate: number | null;
  pay: number;
  state: 'ISSUED' | 'NOT_REACHED' | 'INSUFFICIENT';
  detail: Json<unknown>;
  transaction_id: number | null;
  created_at: Timestamp;
  paid_at: Timestamp | null;
}
export type ContractBillRow = Selectable<ContractBillsTable>;

export type PointsJournalKind = 'EARN' | 'REDEEM' | 'REDEEM_REFUND' | 'CONVERT' | 'ADJUST' | 'MISSION';
export type RedeemStatusValue = 'PROCESSING' | 'APPROVED' | 'REJECTED';

/** A member's points (MEMBER-05); a member without a row holds 0. Never below zero (a CHECK). */
export interface PointsBalancesTable {
  member_id: number;
  points: Generated<number>;
  updated_at: Timestamp;
}

/** Every change of a member's points, append-only; unique per (kind, reference, member). */
export interface PointsJournalTable {
  id: Generated<number>;
  member_id: number;
  kind: PointsJournalKind;
  change: number;
  balance_after: number;
  /** Points per currency unit in force at the time, in millionths. */
  ratio_millionths: number;
  /** Cents moved in the wallet with it (a conversion, a redeem's cash or its refund); null otherwise. */
  amount: number | null;
  transaction_id: number | null;
  reference: string;
  remark: Generated<string>;
  created_at: Timestamp;
}
export type PointsJournalRow = Selectable<PointsJournalTable>;

/** A goods item of the points mall. */
export interface PointsRewardsTable {
  id: Generated<number>;
  name: string;
  type: string;
  image_url: Generated<string>;
  description: Generated<string>;
  points_required: number;
  /** Cash per item, in cents. */
  amount_required: Generated<number>;
  stock: Generated<number>;
  active: Generated<boolean>;
  sort: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type PointsRewardRow = Selectable<PointsRewardsTable>;

/** A redeem (MEMBER-07, MEMBER-08), with a snapshot of its goods. */
export interface PointsRedeemOrdersTable {
  id: Generated<number>;
  reference_no: string;
  member_id: number;
  reward_id: number;
  reward_name: string;
  reward_type: string;
  quantity: number;
  points_total: number;
  amount_total: Generated<number>;
  address: string;
  mobile_num: string;
  status: Generated<RedeemStatusValue>;
  request_id: string;
  request_hash: string;
  payment_transaction_id: number | null;
  refund_transaction_id: number | null;
  applied_at: Timestamp;
  reviewed_at: Timestamp | null;
  reviewed_by: string | null;
  note: string | null;
}
export type PointsRedeemOrderRow = Selectable<PointsRedeemOrdersTable>;

/** The one row of points settings (id 1), and the accrual job's progress. */
export interface PointsSettingsTable {
  id: Generated<number>;
  ratio_millionths: number;
  min_convert_points: number;
  earn_millionths: number;
  rules: Generated<string>;
  earned_until: Timestamp;
  updated_at: Timestamp;
}

/** Tables added by later migrations extend this interface in their own area files. */
/** A mission an operator defined (MEMBER-17): target in cents (a count for BET_ROUNDS), reward in points or cents. */
export interface MissionsTable {
  id: Generated<number>;
  title: string;
  description: Generated<string>;
  period: 'DAILY' | 'WEEKLY';
  goal: 'BET_AMOUNT' | 'BET_ROUNDS' | 'DEPOSIT_AMOUNT';
  target: number;
  reward_kind: 'POINTS' | 'CASH';
  reward: number;
  active: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type MissionRow = Selectable<MissionsTable>;

/** A reward taken: one per mission, member and period (unique). */
export interface MissionClaimsTable {
  id: Generated<number>;
  mission_id: number;
  member_id: number;
  period_start: Timestamp;
  reward_kind: 'POINTS' | 'CASH';
  reward: number;
  transaction_id: number | null;
  claimed_at: Timestamp;
}

/** A promotion (MEMBER-10): money in cents. */
export interface PromotionsTable {
  id: Generated<number>;
  title: string;
  type: 'DEPOSIT' | 'REBATE' | 'RAFFLE' | 'OTHER';
  content: Generated<string>;
  image_url: Generated<string>;
  starts_at: Timestamp;
  ends_at: Timestamp;
  needs_application: Generated<boolean>;
  bonus_amount: Generated<number>;
  active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type PromotionRow = Selectable<PromotionsTable>;

/** A raffle's prize: its chance is its weight over the promotion's total weight. */
export interface PromotionPrizesTable {
  id: Generated<number>;
  promotion_id: number;
  position: number;
  name: string;
  amount: number;
  weight: number;
}
export type PromotionPrizeRow = Selectable<PromotionPrizesTable>;

/** A member's one entry in a promotion: joined, applied, reviewed, claimed or drawn. */
export interface PromotionEntriesTable {
  id: Generated<number>;
  promotion_id: number;
  member_id: number;
  status: 'APPLYING' | 'REJECTED' | 'ISSUED' | 'CLAIMED' | 'SIGNED';
  comment: string | null;
  amount: Generated<number>;
  prize_name: string | null;
  reason: string | null;
  applied_at: Timestamp;
  reviewed_at: Timestamp | null;
  reviewed_by: string | null;
  claimed_at: Timestamp | null;
  transaction_id: number | null;
}
export type PromotionEntryRow = Selectable<PromotionEntriesTable>;

/** An image sent with an application (png or jpg, in the data directory). */
export interface PromotionEntryImagesTable {
  id: Generated<number>;
  entry_id: number;
  member_id: number;
  content_type: string;
  file_name: string;
  size: number;
  sha256: string;
  created_at: Timestamp;
}

/** A red envelope campaign (MEMBER-15): what is left of it is kept here, each grab locks the row. */
export interface RedEnvelopeCampaignsTable {
  id: Generated<number>;
  title: string;
  rules: Generated<string>;
  starts_at: Timestamp;
  ends_at: Timestamp;
  total_amount: number;
  envelope_count: number;
  min_amount: number;
  min_deposit: Generated<number>;
  remaining_amount: number;
  remaining_count: number;
  active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type RedEnvelopeCampaignRow = Selectable<RedEnvelopeCampaignsTable>;

/** An envelope taken: one per member and campaign. */
export interface RedEnvelopeGrabsTable {
  id: Generated<number>;
  campaign_id: number;
  member_id: number;
  amount: number;
  transaction_id: number;
  grabbed_at: Timestamp;
}

/** A VIP level (MEMBER-16): a unique rank, the lifetime settled stakes that reach it, its upgrade bonus. */
export interface VipLevelsTable {
  id: Generated<number>;
  rank: number;
  name: string;
  turnover: number;
  upgrade_bonus: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type VipLevelRow = Selectable<VipLevelsTable>;

/** A level a member has reached, once per member and level, with its upgrade bonus until claimed. */
export interface VipReachedTable {
  id: Generated<number>;
  member_id: number;
  level_id: number;
  rank: number;
  name: string;
  bonus: number;
  reached_at: Timestamp;
  claimed_at: Timestamp | null;
  transaction_id: number | null;
}

export interface Database {
  site_settings: SiteSettingsTable;
  whitelabel_modules: WhitelabelModulesTable;
  field_rules: FieldRulesTable;
  customer_service: CustomerServiceTable;
  resources: ResourcesTable;
  banners: BannersTable;
  domain_routes: DomainRoutesTable;
  countries: CountriesTable;
  help_center: HelpCenterTable;
  region_blocks: RegionBlocksTable;
  members: MembersTable;
  sessions: SessionsTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  audit_log: AuditLogTable;
  events: EventsTable;
  member_profiles: MemberProfilesTable;
  affiliate_codes: AffiliateCodesTable;
  member_ips: MemberIpsTable;
  rate_events: RateEventsTable;
  access_locks: AccessLocksTable;
  sms_codes: SmsCodesTable;
  captchas: CaptchasTable;
  bot_check_uses: BotCheckUsesTable;
  outbox: OutboxTable;
  two_factor_challenges: TwoFactorChallengesTable;
  member_totp: MemberTotpTable;
  password_reset_tokens: PasswordResetTokensTable;
  remember_tokens: RememberTokensTable;
  oidc_states: OidcStatesTable;
  member_identities: MemberIdentitiesTable;
  feedback: FeedbackTable;
  chat_rooms: ChatRoomsTable;
  live_models: LiveModelsTable;
  chat_messages: ChatMessagesTable;
  chat_senders: ChatSendersTable;
  seed_applied: SeedAppliedTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_postings: LedgerPostingsTable;
  bets: BetsTable;
  payment_channels: PaymentChannelsTable;
  deposit_orders: DepositOrdersTable;
  payment_webhook_events: PaymentWebhookEventsTable;
  bank_accounts: BankAccountsTable;
  withdrawal_orders: WithdrawalOrdersTable;
  withdrawal_proofs: WithdrawalProofsTable;
  messages: MessagesTable;
  announcements: AnnouncementsTable;
  job_runs: JobRunsTable;
  job_incidents: JobIncidentsTable;
  seamless_voids: SeamlessVoidsTable;
  game_categories: GameCategoriesTable;
  game_vendors: GameVendorsTable;
  games: GamesTable;
  favorite_games: FavoriteGamesTable;
  recent_games: RecentGamesTable;
  house_sessions: HouseSessionsTable;
  fairness_seeds: FairnessSeedsTable;
  house_rounds: HouseRoundsTable;
  lottery_draws: LotteryDrawsTable;
  lottery_tickets: LotteryTicketsTable;
  member_tree: MemberTreeTable;
  referral_codes: ReferralCodesTable;
  contracts: ContractsTable;
  contract_bills: ContractBillsTable;
  points_balances: PointsBalancesTable;
  points_journal: PointsJournalTable;
  points_rewards: PointsRewardsTable;
  points_redeem_orders: PointsRedeemOrdersTable;
  points_settings: PointsSettingsTable;
  missions: MissionsTable;
  mission_claims: MissionClaimsTable;
  promotions: PromotionsTable;
  promotion_prizes: PromotionPrizesTable;
  promotion_entries: PromotionEntriesTable;
  promotion_entry_images: PromotionEntryImagesTable;
  red_envelope_campaigns: RedEnvelopeCampaignsTable;
  red_envelope_grabs: RedEnvelopeGrabsTable;
  vip_levels: VipLevelsTable;
  vip_reached: VipReachedTable;
}
