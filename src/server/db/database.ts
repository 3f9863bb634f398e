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
  created_at: Timestamp;
}

export interface OperatorSessionsTable {
  token_hash: string;
  operator_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
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
  id: Generated<number>;
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

/** Tables added by later migrations extend this interface in their own area files. */
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
  seed_applied: SeedAppliedTable;
}
