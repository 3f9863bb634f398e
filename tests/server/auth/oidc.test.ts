import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalOidcProvider, type LocalProvider } from '../../helpers/local-oidc-provider';
import type { TestApp } from '../../helpers/test-app';
import { Caller, startAccountsApp } from '../../helpers/accounts-kit';

/** The site's callback page, registered with both providers (PUBLIC_BASE_URL's default). */
const REDIRECT_URI = 'http://localhost:8080/oidc/callback';

const startProvider = (clientId: string, clientSecret: string): Promise<LocalProvider> =>
  startLocalOidcProvider({ clientId, clientSecret, redirectUri: REDIRECT_URI });

/** A browser with a cookie jar that follows the provider's redirects until they leave for our callback page. */
const browse = async (start: string, act: (interactionUrl: string, cookie: string) => Promise<Response>): Promise<string> => {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', ...value] = pair.split('=');
      jar.set(name.trim(), value.join('='));
    }
  };
  let url = start;
  for (let hops = 0; hops < 12; hops += 1) {
    if (url.startsWith(REDIRECT_URI)) return new URL(url).search;
    let res = await fetch(url, { redirect: 'manual', headers: { cookie: cookie() } });
    remember(res);
    if (res.status === 200 && new URL(url).pathname.startsWith('/interaction/')) {
      res = await act(url, cookie());
      remember(res);
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider stopped at ${url} with ${res.status}`);
    url = new URL(location, url).toString();
  }
  throw new Error('too many redirects');
};

/** Logs in as `sub` on the development pages and consents. */
const loginAs = (sub: string) => async (interactionUrl: string, cookie: string) => {
  const page = await (await fetch(interactionUrl, { headers: { cookie } })).text();
  const prompt: Record<string, string> = page.includes('name="login"') ? { prompt: 'login', login: sub, password: 'any' } : { prompt: 'consent' };
  return fetch(interactionUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(prompt).toString(),
  });
};

describe('social sign-in with two OpenID Connect providers', () => {
  let alpha: LocalProvider;
  let beta: LocalProvider;
  let t: TestApp;
  beforeAll(async () => {
    alpha = await startProvider('alpha-client', 'alpha-secret');
    beta = await startProvider('beta-client', 'beta-secret');
    t = await startAccountsApp({
      OIDC_ALPHA_ISSUER: alpha.issuer,
      OIDC_ALPHA_CLIENT_ID: 'alpha-client',
      OIDC_ALPHA_CLIENT_SECRET: 'alpha-secret',
      OIDC_ALPHA_LABEL: 'Alpha ID',
      OIDC_BETA_ISSUER: beta.issuer,
      OIDC_BETA_CLIENT_ID: 'beta-client',
      OIDC_BETA_CLIENT_SECRET: 'beta-secret',
    });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([alpha, beta].map((p) => p.close()));
  });

  const start = async (c: Caller, provider: string) => {
    const res = await c.call('POST', '/wps/session/oidc/start', { body: { provider } });
    expect(res.status).toBe(200);
    return res.body.value.authorizationUrl as string;
  };
  const finish = (c: Caller, search: string) => c.call('POST', '/wps/session/oidc/callback', { body: { search } });

  it('[AUTH-01] lists the two configured providers', async () => {
    const res = await new Caller(t).call('GET', '/wps/session/oidc/providers');
    expect(res.body.value).toEqual([
      { name: 'alpha', label: 'Alpha ID' },
      { name: 'beta', label: 'beta' },
    ]);
  });

  it('[AUTH-01] a first sign-in creates a player; the next one logs the same player in', async () => {
    const c = new Caller(t);
    const authorizationUrl = await start(c, 'alpha');
    const url = new URL(authorizationUrl);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    const first = await finish(c, await browse(authorizationUrl, loginAs('alice')));
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ firstTimeLogin: true, mustChangePassword: false, userInfo: { type: 0, nickname: 'alice Example' } });
    const account = first.body.value.userInfo.account as string;
    expect(account).toMatch(/^alpha_alice_[0-9a-f]{6}$/);
    c.token = first.body.value.token;
    expect((await c.call('GET', '/wps/member/info')).body.value).toMatchObject({ account, email: 'alice@example.com' });

    const second = await finish(c, await browse(await start(c, 'alpha'), loginAs('alice')));
    expect(second.body.value.userInfo.account).toBe(account);
    expect(second.body.value.firstTimeLogin).toBe(false);
  });

  it('[AUTH-01] the second provider with the same verified email links to the same member', async () => {
    const c = new Caller(t);
    const viaAlpha = await finish(c, await browse(await start(c, 'alpha'), loginAs('bob')));
    const viaBeta = await finish(c, await browse(await start(c, 'beta'), loginAs('bob')));
    expect(viaBeta.status).toBe(200);
    expect(viaBeta.body.value.userInfo.id).toBe(viaAlpha.body.value.userInfo.id);
  });

  it('[ERR-16] a sign-in cancelled at the provider, or a callback replayed, is SOCIAL_LOGIN_FAILED', async () => {
    const c = new Caller(t);
    const cancelled = await browse(await start(c, 'alpha'), async (interactionUrl, cookie) =>
      fetch(`${interactionUrl}/abort`, { redirect: 'manual', headers: { cookie } }),
    );
    expect(new URLSearchParams(cancelled).get('error')).toBe('access_denied');
    const res = await finish(c, cancelled);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('SOCIAL_LOGIN_FAILED');

    const search = await browse(await start(c, 'alpha'), loginAs('carol'));
    expect((await finish(c, search)).status).toBe(200);
    expect((await finish(c, search)).body.code).toBe('SOCIAL_LOGIN_FAILED');
  });

  it('[AUTH-01] an unknown provider is FEATURE_DISABLED', async () => {
    const res = await new Caller(t).call('POST', '/wps/session/oidc/start', { body: { provider: 'gamma' } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FEATURE_DISABLED');
  });
});
