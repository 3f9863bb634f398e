import { sql, type QueryCreator } from 'kysely';
import type { MemberInfo } from '@shared/contract/member';
import { isAgentType, TRIAL_TYPE } from '@shared/contract/socket';
import type { ProfileField } from '@shared/validation/fields';
import type { Db } from '../../db/create-db';
import { preparedQuery } from '../../db/prepared';
import type { Database, MemberRow } from '../../db/database';
import type { Phone } from '../auth/phone';
import { createMemberReadCache } from '../member-read-cache';

/** Account types (spec section 9): 0 player, 1/2/41/42 agents, 4 trial. */
export const PLAYER_TYPE = 0;
export const AGENT_TYPE = 1;
export { TRIAL_TYPE };

/** Usernames are unique regardless of case and stored in lower case. */
export const normalizeAccount = (account: string): string => account.trim().toLowerCase();

// Every sign-in looks its account up: built and compiled once.
const memberByAccount = preparedQuery((db: Db, normalizedAccount: string) =>
  db.selectFrom('members').selectAll().where(sql<string>`lower(account)`, '=', normalizedAccount),
);

export const findMemberByAccount = async (db: Db, account: string): Promise<MemberRow | undefined> =>
  (await memberByAccount(db, normalizeAccount(account)))[0];

export const findMemberById = (db: Db, id: number): Promise<MemberRow | undefined> =>
  db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();

export const findMemberByPhone = async (db: Db, phone: Phone): Promise<MemberRow | undefined> =>
  db
    .selectFrom('members')
    .innerJoin('member_profiles', 'member_profiles.member_id', 'members.id')
    .selectAll('members')
    .where('member_profiles.mobile_dialing_code', '=', phone.dialingCode)
    .where('member_profiles.mobile_num', '=', phone.mobileNum)
    .executeTakeFirst();

export const isMobileTaken = async (db: Db, phone: Phone): Promise<boolean> => Boolean(await findMemberByPhone(db, phone));

export interface NewMember {
  account: string;
  nickname: string;
  type: number;
  passwordHash: string;
  /** The registering IP, which starts the registry; null for seeded accounts (their first login starts it). */
  ip: string | null;
  /** False when someone else registered the account (an agent): the IP is kept as the register IP only. */
  trustIp?: boolean;
  registerMethod: string;
  phone?: Phone | null;
  email?: string | null;
  payeeName?: string | null;
  bankAccountName?: string | null;
  paymentPasswordHash?: string | null;
  uplineId?: number | null;
  affiliateCode?: string | null;
  referralCode?: string | null;
  registerUrl?: string | null;
  registerDomain?: string | null;
  details?: Partial<Record<ProfileField, string>>;
}

/**
 * Creates a member with its profile and its first registered IP. Call it inside a transaction:
 * an account exists completely or not at all.
 */
export const insertMember = async (trx: Db, m: NewMember): Promise<number> => {
  const { id } = await trx
    .insertInto('members')
    .values({ account: normalizeAccount(m.account), nickname: m.nickname, type: m.type, password_hash: m.passwordHash })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('member_profiles')
    .values({
      member_id: id,
      mobile_dialing_code: m.phone?.dialingCode ?? null,
      mobile_num: m.phone?.mobileNum ?? null,
      email: m.email ?? null,
      payee_name: m.payeeName ?? null,
      bank_account_name: m.bankAccountName ?? null,
      payment_password_hash: m.paymentPasswordHash ?? null,
      upline_id: m.uplineId ?? null,
      affiliate_code: m.affiliateCode ?? null,
      referral_code: m.referralCode ?? null,
      register_method: m.registerMethod,
      register_url: m.registerUrl ?? null,
      register_domain: m.registerDomain ?? null,
      register_ip: m.ip ?? '',
      details: JSON.stringify(m.details ?? {}),
    })
    .execute();
  if (m.ip !== null && m.trustIp !== false) await registerIp(trx, id, m.ip);
  return id;
};

/** The statement that adds the IP to the member's registry (or refreshes when it was last seen), to run or to put in a WITH. */
export const ipRegistration = (db: QueryCreator<Database>, memberId: number, ip: string, now: Date) =>
  db
    .insertInto('member_ips')
    .values({ member_id: memberId, ip, first_seen_at: now, last_seen_at: now })
    .onConflict((oc) => oc.columns(['member_id', 'ip']).doUpdateSet({ last_seen_at: now }));

/** Adds the IP to the member's registry (or refreshes when it was last seen). */
export const registerIp = async (db: Db, memberId: number, ip: string): Promise<void> => {
  await ipRegistration(db, memberId, ip, new Date()).execute();
};

const memberInfoRow = preparedQuery((db: Db, memberId: number) =>
  db
    .selectFrom('members')
    .leftJoin('member_profiles', 'member_profiles.member_id', 'members.id')
    .leftJoin('member_totp', 'member_totp.member_id', 'members.id')
    .select([
      'members.id',
      'members.account',
      'members.nickname',
      'members.type',
      'members.icon_id',
      'members.created_at',
      'member_profiles.mobile_num',
      'member_profiles.mobile_dialing_code',
      'member_profiles.email',
      'member_profiles.payee_name',
      'member_profiles.payment_password_hash',
      'member_totp.enabled_at',
    ])
    .where('members.id', '=', memberId),
);

/**
 * What GET /wps/member/info answers, read from the database. Every write that changes any of it (members,
 * member_profiles, member_totp) calls `realtime.forgetCached('memberInfo', memberId)` once it has committed.
 */
export const memberInfoOf = async (db: Db, memberId: number): Promise<MemberInfo | null> => {
  const [row] = await memberInfoRow(db, memberId);
  if (!row) return null;
  return {
    id: row.id,
    account: row.account,
    nickname: row.nickname,
    type: row.type,
    isAgent: isAgentType(row.type),
    isTrial: row.type === TRIAL_TYPE,
    iconId: row.icon_id,
    mobileNum: row.mobile_num,
    countryDialingCode: row.mobile_dialing_code,
    email: row.email,
    payeeName: row.payee_name,
    totpEnabled: Boolean(row.enabled_at),
    paymentPasswordSet: Boolean(row.payment_password_hash),
    createdAt: new Date(row.created_at).toISOString(),
  };
};

const memberInfoCache = createMemberReadCache<number, MemberInfo>({ maxEntries: 20_000 });

/**
 * `memberInfoOf` from a per-node cache that keeps it for `ttlMs` (MEMBER_INFO_CACHE_MS; 0 reads the database every
 * time): the returned object is shared by the calls that get it, so never change it.
 */
export const cachedMemberInfo = (db: Db, memberId: number, ttlMs: number): Promise<MemberInfo | null> =>
  memberInfoCache.read(db, memberId, ttlMs, () => memberInfoOf(db, memberId));

/** Drops this node's cached member info of a member (realtime.forgetCached does it on every node). */
export const forgetCachedMemberInfo = (db: Db, memberId: number): void => memberInfoCache.forgetKey(db, memberId);
