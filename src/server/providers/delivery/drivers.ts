import type { AppContext } from '../../app-context';
import { createEmailDriver, type EmailDriver } from './email';
import { createSmsDriver, type SmsDriver } from './sms';

export interface Drivers {
  sms: SmsDriver;
  email: EmailDriver;
}

const byContext = new WeakMap<AppContext, Drivers>();

/** One SMS and one email driver per app, chosen by configuration (dev outbox unless a provider is set). */
export const driversOf = (ctx: AppContext): Drivers => {
  let drivers = byContext.get(ctx);
  if (!drivers) {
    drivers = { sms: createSmsDriver(ctx), email: createEmailDriver(ctx) };
    byContext.set(ctx, drivers);
  }
  return drivers;
};
