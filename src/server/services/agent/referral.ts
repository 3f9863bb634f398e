import { randomInt } from 'node:crypto';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/create-db';
import { ApiError } from '../../http/api-error';
import { readSettings } from '../system/site-settings';

/**
 * Invitation links. An agent's link carries its affiliate code: whoever registers with it joins
 * the agent's downline (AUTH-26). A member's invite-friends link carries its referral code, which
 * the new account keeps as its referralCode; it does not place anyone in a downline.
 */

/** No 0/O or 1/I, so a code read aloud or from a screen is typed right. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
const newCode = () => Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/**
 * The member's code in `table`, made on first use. An insert that clashes (a code another member
 * holds, or a code a concurrent request just made for this member) inserts nothing; the next look
 * finds this member's code or tries a new one.
 */
const codeOf = async (db: Db, table: 'affiliate_codes' | 'referral_codes', memberId: number) => {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    let query = db.selectFrom(table).select('code').where('member_id', '=', memberId);
    if (table === 'affiliate_codes') query = query.where('active', '=', true).orderBy('created_at').orderBy('code');
    const found = await query.executeTakeFirst();
    if (found) return found.code;
    await db.insertInto(table).values({ code: newCode(), member_id: memberId }).onConflict((oc) => oc.doNothing()).execute();
  }
  throw new Error(`no free ${table} code after 5 attempts`);
};

/** The agent's active invitation code (its first), made on first use, and the domain it is bound to. */
export const affiliateCodeOf = async (db: Db, agentId: number): Promise<{ code: string; domain: string | null }> => {
  const code = await codeOf(db, 'affiliate_codes', agentId);
  const row = await db.selectFrom('affiliate_codes').select('domain').where('code', '=', code).executeTakeFirstOrThrow();
  return { code, domain: row.domain };
};

/** The registration page with a query parameter; a code bound to one domain links to that domain. */
const registerLink = (config: AppConfig, domain: string | null, parameter: 'affiliateCode' | 'referralCode', code: string): string => {
  const base = new URL(config.PUBLIC_BASE_URL);
  if (domain) base.host = domain;
  const url = new URL('/register', base);
  url.searchParams.set(parameter, code);
  return url.toString();
};

export const agentReferral = async (db: Db, config: AppConfig, agentId: number) => {
  const { code, domain } = await affiliateCodeOf(db, agentId);
  const [direct, registered] = await Promise.all([
    db
      .selectFrom('member_tree')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ancestor_id', '=', agentId)
      .where('depth', '=', 1)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('member_profiles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('affiliate_code', '=', code)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    affiliateCode: code,
    link: registerLink(config, domain, 'affiliateCode', code),
    directMembers: Number(direct.n),
    registeredWithCode: Number(registered.n),
  };
};

/** The member's invite-friends link; FEATURE_DISABLED while the merchant has referral off. */
export const memberReferral = async (db: Db, config: AppConfig, memberId: number) => {
  if (!(await readSettings(db)).referralEnabled) throw new ApiError('FEATURE_DISABLED', 'Referral is not enabled on this site');
  const code = await codeOf(db, 'referral_codes', memberId);
  const invited = await db
    .selectFrom('member_profiles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('referral_code', '=', code)
    .executeTakeFirstOrThrow();
  return { referralCode: code, link: registerLink(config, null, 'referralCode', code), invited: Number(invited.n) };
};
