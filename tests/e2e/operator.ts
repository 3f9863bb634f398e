import { expect, inject } from 'vitest';

const baseUrl = () => inject('baseUrl');

/** The seeded operator's session, signed in once for the run by the global setup (each authenticator code signs in once). */
export const operatorToken = (): string => inject('operatorToken');

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
