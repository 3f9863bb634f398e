import { expect, inject } from 'vitest';
import { operatorCode } from '../helpers/operator-code';

/** The shared e2e server, or a test's own server (`{ url, operatorPassword }`, e.g. one started with other settings). */
export interface E2eServer {
  url: string;
  operatorPassword: string;
}
const sharedServer = (): E2eServer => ({ url: inject('baseUrl'), operatorPassword: inject('operatorPassword') });
let current: (() => E2eServer) = sharedServer;

/** Points these helpers at a test's own server; `null` points them back at the shared one. */
export const pointHelpersAt = (server: E2eServer | null): void => {
  current = server ? () => server : sharedServer;
};
const baseUrl = () => current().url;

/**
 * The seeded operator's session: on the shared server the one the global setup signed in for the run
 * (each authenticator code signs in once); on a test's own server, a sign-in through the API.
 */
export const operatorToken = async (): Promise<string> => {
  if (current === sharedServer) return inject('operatorToken');
  const res = await fetch(`${baseUrl()}/ops/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'operator', password: current().operatorPassword, code: await operatorCode() }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { value: { token: string } };
  return body.value.token;
};

export const operatorCall = async <T>(token: string, method: string, path: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.status, `${method} ${path}`).toBe(200);
  return ((await res.json()) as { value: T }).value;
};

/** The newest SMS code sent to a mobile number, read from the dev outbox the way an operator would. */
export const latestSmsCode = async (token: string, mobile: string): Promise<string> => {
  const messages = await operatorCall<{ recipient: string; body: string }[]>(token, 'GET', '/ops/outbox?channel=sms&limit=50');
  const message = messages.find((m) => m.recipient.replace(/\D/g, '').endsWith(mobile));
  const code = message && /\b(\d{6})\b/.exec(message.body)?.[1];
  if (!code) throw new Error(`no SMS code for ${mobile} in the outbox`);
  return code;
};
