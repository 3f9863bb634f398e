import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import type { LoginResult, OidcProvider } from '@shared/contract/auth';
import type { AppContext } from '../../app-context';
import type { OidcProviderConfig } from '../../config';
import type { MemberRow } from '../../db/database';
import { ApiError } from '../../http/api-error';
import type { RequestMeta } from './login';
import { findMemberById, insertMember, PLAYER_TYPE } from '../member/members';
import { unusablePasswordHash } from './passwords';
import { assertSiteAdmits, startSession } from './sessions';

/** How long a started social sign-in may take to come back. */
const OIDC_STATE_TTL_MS = 10 * 60 * 1000;

const discovered = new WeakMap<AppContext, Map<string, Promise<oidc.Configuration>>>();

export const listOidcProviders = (ctx: AppContext): OidcProvider[] => ctx.config.oidcProviders.map((p) => ({ name: p.name, label: p.label }));

const providerOf = (ctx: AppContext, name: string): OidcProviderConfig => {
  const provider = ctx.config.oidcProviders.find((p) => p.name === name);
  if (!provider) throw new ApiError('FEATURE_DISABLED', `Sign-in with ${name} is not configured`);
  return provider;
};

/** The provider's discovered configuration, fetched once per app (retried after a failure). */
const configurationOf = (ctx: AppContext, provider: OidcProviderConfig): Promise<oidc.Configuration> => {
  let perApp = discovered.get(ctx);
  if (!perApp) discovered.set(ctx, (perApp = new Map()));
  let config = perApp.get(provider.name);
  if (!config) {
    const issuer = new URL(provider.issuer);
    // Plain HTTP only for a provider on this machine (development and tests).
    const local = issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
    config = oidc.discovery(issuer, provider.clientId, provider.clientSecret, undefined, local ? { execute: [oidc.allowInsecureRequests] } : undefined);
    perApp.set(provider.name, config);
    config.catch(() => perApp.delete(provider.name));
  }
  return config.catch(() => {
    throw new ApiError('SOCIAL_LOGIN_FAILED', `The ${provider.label} sign-in service cannot be reached; try again later`);
  });
};

export const oidcRedirectUri = (ctx: AppContext): string => new URL('/oidc/callback', ctx.config.PUBLIC_BASE_URL).toString();

/** Authorization-code flow with PKCE: the verifier and nonce stay on the server, keyed by state. */
export const startOidc = async (ctx: AppContext, providerName: string): Promise<{ authorizationUrl: string }> => {
  const provider = providerOf(ctx, providerName);
  const config = await configurationOf(ctx, provider);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const now = new Date();
  await ctx.db.deleteFrom('oidc_states').where('expires_at', '<', now).execute();
  await ctx.db
    .insertInto('oidc_states')
    .values({ state, provider: provider.name, code_verifier: codeVerifier, nonce, created_at: now, expires_at: new Date(now.getTime() + OIDC_STATE_TTL_MS) })
    .execute();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: oidcRedirectUri(ctx),
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { authorizationUrl: url.toString() };
};

const accountBase = (claims: { preferred_username?: unknown; email?: unknown }): string => {
  const source = typeof claims.preferred_username === 'string' ? claims.preferred_username : typeof claims.email === 'string' ? claims.email.split('@')[0] : '';
  return (source ?? '').toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 10) || 'member';
};

/**
 * The member of a provider identity: the linked one; else the one member whose email the provider
 * has verified; else a new player account.
 */
const memberOfIdentity = async (
  ctx: AppContext,
  provider: string,
  claims: { sub: string; email?: unknown; email_verified?: unknown; name?: unknown; preferred_username?: unknown },
  ip: string,
): Promise<MemberRow> => {
  const linked = await ctx.db.selectFrom('member_identities').select('member_id').where('provider', '=', provider).where('subject', '=', claims.sub).executeTakeFirst();
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
  let memberId = linked?.member_id ?? null;
  if (memberId === null && email && claims.email_verified === true) {
    const sameEmail = await ctx.db.selectFrom('member_profiles').select('member_id').where('email', '=', email).limit(2).execute();
    if (sameEmail.length === 1) memberId = sameEmail[0]!.member_id;
  }
  const passwordHash = memberId === null ? await unusablePasswordHash() : null;
  const id = await ctx.db.transaction().execute(async (trx) => {
    let id = memberId;
    if (id === null) {
      const account = `${provider}_${accountBase(claims)}_${randomBytes(3).toString('hex')}`;
      id = await insertMember(trx, {
        account,
        nickname: typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim().slice(0, 20) : account,
        type: PLAYER_TYPE,
        passwordHash: passwordHash!,
        ip,
        registerMethod: `OIDC:${provider}`,
        email,
      });
    }
    if (!linked) await trx.insertInto('member_identities').values({ provider, subject: claims.sub, member_id: id, email }).execute();
    return id;
  });
  const member = await findMemberById(ctx.db, id);
  if (!member) throw new ApiError('SOCIAL_LOGIN_FAILED', 'The account could not be found');
  return member;
};

/** The callback: checks state, PKCE and nonce through openid-client, links or creates the member, logs in. */
export const finishOidc = async (ctx: AppContext, search: string, meta: RequestMeta): Promise<LoginResult> => {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const state = params.get('state');
  const pending = state && /^[A-Za-z0-9_-]{1,128}$/.test(state)
    ? await ctx.db.deleteFrom('oidc_states').where('state', '=', state).where('expires_at', '>', new Date()).returningAll().executeTakeFirst()
    : undefined;
  if (!pending) throw new ApiError('SOCIAL_LOGIN_FAILED', 'This sign-in has expired; start again');
  if (params.has('error')) {
    throw new ApiError('SOCIAL_LOGIN_FAILED', params.get('error') === 'access_denied' ? 'Sign-in was cancelled; please try again' : 'Sign-in failed; please try again');
  }
  const provider = providerOf(ctx, pending.provider);
  const config = await configurationOf(ctx, provider);
  let claims: oidc.IDToken & Partial<oidc.UserInfoResponse>;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, new URL(`${oidcRedirectUri(ctx)}?${params.toString()}`), {
      pkceCodeVerifier: pending.code_verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error('no ID token');
    // Providers may keep email and name out of the ID token; the UserInfo of the same subject has them.
    claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)), ...idToken };
  } catch {
    throw new ApiError('SOCIAL_LOGIN_FAILED', 'The sign-in could not be verified; please try again');
  }
  const member = await memberOfIdentity(ctx, provider.name, claims, meta.ip);
  assertSiteAdmits(member, 'player');
  return (await startSession(ctx, member, { ...meta, rememberMe: false, withPassword: false, passwordIsDefault: false })).result;
};
