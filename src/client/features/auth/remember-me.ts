import { parse } from 'cookie';
import { writeCookie } from '@client/lib/cookies';
import { z } from 'zod';
import type { RememberedLogin } from '@machines/auth/login.types';

/**
 * The remember-me cookies (spec section 3, AUTH-12): the username, the loginRemember flag, the
 * loginTypeSms values and a mark that the server set its remember-me token, all for 1 day. Never a
 * password, and never the token: the server keeps that in an HttpOnly cookie of its own.
 */
const COOKIE = {
  username: 'username',
  loginRemember: 'loginRemember',
  loginTypeSms: 'loginTypeSms',
  rememberTokenSet: 'rememberTokenSet',
} as const;

/** Where earlier versions kept the token itself, readable by page script: cleared at every write. */
const LEGACY_TOKEN_COOKIE = 'rememberToken';

const REMEMBERED = '1';

const SmsLoginTarget = z.object({ mobileNum: z.string(), countryDialingCode: z.string() });

const parseSmsTarget = (value: string | undefined): RememberedLogin['loginTypeSms'] => {
  if (!value) return null;
  try {
    const parsed = SmsLoginTarget.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/** What the cookies remember, or null when remember-me was not ticked (or has expired). */
export const readRememberedLogin = (): RememberedLogin | null => {
  const jar = parse(document.cookie);
  if (jar[COOKIE.loginRemember] !== REMEMBERED) return null;
  return {
    username: jar[COOKIE.username] || null,
    loginTypeSms: parseSmsTarget(jar[COOKIE.loginTypeSms]),
    hasRememberToken: jar[COOKIE.rememberTokenSet] === REMEMBERED,
  };
};

/** Writes the cookies after a login with remember-me ticked, or clears them all (AUTH-13). */
export const storeRememberedLogin = (remembered: RememberedLogin | null, maxAgeSeconds: number): void => {
  writeCookie(COOKIE.loginRemember, remembered ? REMEMBERED : null, maxAgeSeconds);
  writeCookie(COOKIE.username, remembered?.username ?? null, maxAgeSeconds);
  writeCookie(COOKIE.loginTypeSms, remembered?.loginTypeSms ? JSON.stringify(remembered.loginTypeSms) : null, maxAgeSeconds);
  writeCookie(COOKIE.rememberTokenSet, remembered?.hasRememberToken ? REMEMBERED : null, maxAgeSeconds);
  writeCookie(LEGACY_TOKEN_COOKIE, null, 0);
};
