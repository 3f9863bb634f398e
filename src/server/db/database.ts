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
}
