import nodemailer, { type Transporter } from 'nodemailer';
import type { AppContext } from '../../app-context';
import { ApiError } from '../../http/api-error';
import { writeOutbox } from './outbox';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface EmailDriver {
  readonly name: string;
  send(message: EmailMessage): Promise<void>;
}

export const outboxEmailDriver = (ctx: AppContext): EmailDriver => ({
  name: 'outbox',
  send: (m) => writeOutbox(ctx, { channel: 'email', recipient: m.to, subject: m.subject, body: m.text }),
});

/** Email through any nodemailer transport (SMTP from SMTP_URL in production). */
export const transportEmailDriver = (transport: Transporter, from: string): EmailDriver => ({
  name: 'smtp',
  send: async (m) => {
    try {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text });
    } catch {
      throw new ApiError('EMAIL_SEND_FAILED', 'The email could not be sent; try again later');
    }
  },
});

export const createEmailDriver = (ctx: AppContext): EmailDriver =>
  ctx.config.SMTP_URL ? transportEmailDriver(nodemailer.createTransport(ctx.config.SMTP_URL), ctx.config.MAIL_FROM) : outboxEmailDriver(ctx);
