import { serialize } from 'cookie';

/** A year, for the cookies that only remember a choice of look or language. */
export const ONE_YEAR_SECONDS = 31_536_000;

/**
 * Writes a cookie for the whole site, or clears it when the value is null. Without a max age it lasts the
 * browser session. Every cookie the client writes goes through here, so they all get the same attributes.
 */
export const writeCookie = (name: string, value: string | null, maxAgeSeconds?: number): void => {
  document.cookie =
    value === null
      ? serialize(name, '', { maxAge: 0, path: '/' })
      : serialize(name, value, { maxAge: maxAgeSeconds, path: '/', sameSite: 'lax', secure: window.location.protocol === 'https:' });
};
