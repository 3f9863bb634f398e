import type { AppContext } from '../../app-context';
import { ApiError } from '../../http/api-error';
import { writeOutbox } from './outbox';

export interface SmsMessage {
  /** E.164 without the plus: dialing code then national number. */
  to: string;
  body: string;
}

/** Sends one SMS; failures are ApiErrors the caller passes on (SMS_QUOTA_EXCEEDED, SMS_SEND_FAILED). */
export interface SmsDriver {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

export const outboxSmsDriver = (ctx: AppContext): SmsDriver => ({
  name: 'outbox',
  send: (m) => writeOutbox(ctx, { channel: 'sms', recipient: m.to, subject: null, body: m.body }),
});

const SMS_HTTP_TIMEOUT_MS = 10_000;

/**
 * A generic HTTP SMS gateway: POST {to: "+<number>", message} as JSON with a bearer token.
 * 402 and 429 from the gateway mean the account's quota is spent (ERR-13); anything else is a failure (ERR-10).
 */
export const httpSmsDriver = (url: string, token: string | undefined): SmsDriver => ({
  name: 'http',
  send: async (m) => {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ to: `+${m.to}`, message: m.body }),
        signal: AbortSignal.timeout(SMS_HTTP_TIMEOUT_MS),
      });
    } catch {
      throw new ApiError('SMS_SEND_FAILED', 'The SMS could not be sent; try again later');
    }
    if (response.status === 402 || response.status === 429) {
      throw new ApiError('SMS_QUOTA_EXCEEDED', 'SMS quota is not sufficient; please contact customer service');
    }
    if (!response.ok) throw new ApiError('SMS_SEND_FAILED', 'The SMS could not be sent; try again later');
  },
});

export const createSmsDriver = (ctx: AppContext): SmsDriver =>
  ctx.config.SMS_HTTP_URL ? httpSmsDriver(ctx.config.SMS_HTTP_URL, ctx.config.SMS_HTTP_TOKEN) : outboxSmsDriver(ctx);
