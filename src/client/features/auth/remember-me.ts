import { parse, serialize } from 'cookie';
import { z } from 'zod';
import type { RememberedLogin } from '@machines/auth/login.types';

/**
 * The remember-me cookies (spec section 3, AUTH-12): the username, the loginRemember flag, the
 * loginTypeSms values and a revocable remember-me token, all for 1 day. Never a password.
 */
const COOKIE = {
  username: 'username',
  loginRemember: 'loginRemember',
  loginTypeSms: 'loginTypeSms',
  rememberToken: 'rememberToken',
} as const;

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
    rememberToken: jar[COOKIE.rememberToken] || null,
  };
};

const writeCookie = (name: string, value: string | null, maxAgeSeconds: number) => {
  document.cookie =
    value === null
      ? serialize(name, '', { maxAge: 0, path: '/' })
      : serialize(name, value, { maxAge: maxAgeSeconds, path: '/', sameSite: 'lax', secure: window.location.protocol === 'https:' });
};

/** Writes the cookies after a login with remember-me ticked, or clears them all (AUTH-13). */
export const storeRememberedLogin = (remembered: RememberedLogin | null, maxAgeSeconds: number): void => {
  writeCookie(COOKIE.loginRemember, remembered ? REMEMBERED : null, maxAgeSeconds);
  writeCookie(COOKIE.username, remembered?.username ?? null, maxAgeSeconds);
  writeCookie(COOKIE.loginTypeSms, remembered?.loginTypeSms ? JSON.stringify(remembered.loginTypeSms) : null, maxAgeSeconds);
  writeCookie(COOKIE.rememberToken, remembered?.rememberToken ?? null, maxAgeSeconds);
};
