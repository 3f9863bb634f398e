import type { AppContext } from '../../app-context';

export type OutboxChannel = 'sms' | 'email';

/** The dev delivery: the message is stored (operators and tests read it) and logged. */
export const writeOutbox = async (
  ctx: AppContext,
  message: { channel: OutboxChannel; recipient: string; subject: string | null; body: string },
): Promise<void> => {
  await ctx.db.insertInto('outbox').values(message).execute();
  ctx.log.info({ outbox: message.channel, to: message.recipient, subject: message.subject ?? undefined }, message.body);
};
