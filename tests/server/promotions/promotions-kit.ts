import { randomUUID } from 'node:crypto';
import type { AppConfig } from '@server/config';
import { createMoneyKit, type Member, type MoneyKit, type Reply } from '../../helpers/money-kit';

export { type Member, type MoneyKit, type Reply };

export const PATHS = {
  list: '/wps/relay/PRM_promotionList',
  center: '/wps/relay/PRM_rewardCenter',
  join: '/wps/relay/PRM_join',
  apply: '/wps/relay/PRM_apply',
  claim: '/wps/relay/PRM_claim',
  raffle: '/wps/relay/PRM_raffleClaim',
  image: '/wps/relay/PRM_applicationImage',
  opsList: '/ops/promotions',
  opsApplications: '/ops/promotions/applications',
  opsApprove: '/ops/promotions/applications/approve',
  opsReject: '/ops/promotions/applications/reject',
  opsImage: '/ops/promotions/applications/image',
} as const;

export const startPromotionsKit = (overrides: Partial<AppConfig> = {}): Promise<MoneyKit> =>
  createMoneyKit({ JOB_INTERVAL_SECONDS: 3600, LOTTERY_TICK_SECONDS: 0, ...overrides });

const DAY = 24 * 60 * 60 * 1000;

export interface PromotionInput {
  title?: string;
  type?: 'DEPOSIT' | 'REBATE' | 'RAFFLE' | 'OTHER';
  needsApplication?: boolean;
  bonusAmount?: number;
  prizes?: { name: string; amount: number; weight: number }[];
  startsInDays?: number;
  endsInDays?: number;
  active?: boolean;
}

/** A promotion made through the operator API (running from yesterday for 30 days unless told); returns its id. */
export const addPromotion = async (kit: MoneyKit, input: PromotionInput = {}): Promise<number> => {
  const res = await kit.ops('POST', PATHS.opsList, {
    body: {
      title: input.title ?? `Test promotion ${randomUUID().slice(0, 8)}`,
      type: input.type ?? 'OTHER',
      content: '<p>Test</p>',
      imageUrl: '',
      startTime: new Date(Date.now() + (input.startsInDays ?? -1) * DAY).toISOString(),
      endTime: new Date(Date.now() + (input.endsInDays ?? 30) * DAY).toISOString(),
      needsApplication: input.needsApplication ?? false,
      bonusAmount: input.bonusAmount ?? 0,
      prizes: input.prizes ?? [],
      active: input.active ?? true,
    },
  });
  if (res.status !== 200) throw new Error(`save promotion failed: ${JSON.stringify(res.body)}`);
  return res.body.value.promotionId as number;
};

export const mainBalanceOf = async (kit: MoneyKit, m: Member): Promise<number> =>
  (await kit.ops('GET', '/ops/members/wallet', { query: { account: m.account } })).body.value.mainBalance as number;

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('receipt-png')]);
export const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('receipt-jpg')]);
export const GIF = Buffer.from('GIF89a-not-allowed');
export const b64 = (bytes: Buffer) => bytes.toString('base64');

/** The entry id of a member's application (from the operators' list). */
export const entryIdOf = async (kit: MoneyKit, promotionId: number, m: Member): Promise<number> => {
  const res = await kit.ops('GET', PATHS.opsApplications, { query: { promotionId, pageSize: 100 } });
  const row = (res.body.value.list as { entryId: number; memberId: number }[]).find((a) => a.memberId === m.id);
  if (!row) throw new Error('no application');
  return row.entryId;
};

export const templatesOf = async (kit: MoneyKit, m: Member): Promise<string[]> =>
  (await kit.t.ctx.db.selectFrom('messages').select('template').where('member_id', '=', m.id).orderBy('id').execute()).map((r) => r.template ?? '');
