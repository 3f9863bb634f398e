import { randomUUID } from 'node:crypto';
import type { SaveRedEnvelopeRequest } from '@shared/contract/red-envelopes';
import { createMoneyKit, type Member, type MoneyKit } from '../../helpers/money-kit';

export { type Member, type MoneyKit };

export const PATHS = {
  list: '/wps/relay/RED_list',
  grab: '/wps/relay/RED_grab',
  ops: '/ops/red-envelopes',
  opsGrabs: '/ops/red-envelopes/grabs',
} as const;

export const startRedEnvelopesKit = (): Promise<MoneyKit> => createMoneyKit({ JOB_INTERVAL_SECONDS: 3600, LOTTERY_TICK_SECONDS: 0 });

const DAY = 24 * 60 * 60 * 1000;

/** A campaign made through the operator API (running from yesterday for 30 days unless told); returns its id. */
export const addCampaign = async (
  kit: MoneyKit,
  input: Partial<Omit<SaveRedEnvelopeRequest, 'startTime' | 'endTime'>> & { startsInDays?: number; endsInDays?: number } = {},
): Promise<number> => {
  const { startsInDays = -1, endsInDays = 30, ...rest } = input;
  const res = await kit.ops('POST', PATHS.ops, {
    body: {
      title: `Envelopes ${randomUUID().slice(0, 8)}`,
      totalAmount: 10,
      envelopeCount: 4,
      minAmount: 1,
      ...rest,
      startTime: new Date(Date.now() + startsInDays * DAY).toISOString(),
      endTime: new Date(Date.now() + endsInDays * DAY).toISOString(),
    },
  });
  if (res.status !== 200) throw new Error(`save campaign failed: ${JSON.stringify(res.body)}`);
  return res.body.value.campaignId as number;
};

export const grab = (kit: MoneyKit, m: Member, campaignId: number) => kit.call('POST', PATHS.grab, { token: m.token, body: { campaignId } });

export const campaignOf = async (kit: MoneyKit, m: Member | null, campaignId: number) =>
  ((await kit.call('GET', PATHS.list, { token: m?.token ?? null })).body.value.list as { campaignId: number }[]).find((c) => c.campaignId === campaignId) as
    | Record<string, any>
    | undefined;
