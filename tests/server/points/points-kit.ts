import { randomUUID } from 'node:crypto';
import type { AppConfig } from '@server/config';
import { postPoints } from '@server/services/points/journal';
import { readPointsSettings } from '@server/services/points/settings';
import { withEvents } from '@server/socket/realtime';
import { encryptPayload } from '../../helpers/encrypt-payload';
import { createMoneyKit, PAYMENT_PASSWORD, type Member, type MoneyKit, type Reply } from '../../helpers/money-kit';

export { PAYMENT_PASSWORD, type Member, type MoneyKit, type Reply };

export const PATHS = {
  balance: '/wps/relay/PTS_pointsBalance',
  rewards: '/wps/relay/PTS_rewardList',
  redeem: '/wps/relay/PTS_redeem',
  redeems: '/wps/relay/PTS_redeemList',
  config: '/wps/relay/PTS_pointsConfig',
  transactions: '/wps/relay/PTS_pointsTransactions',
  convert: '/wps/relay/PTS_convertPoints',
  opsRedeems: '/ops/points/redeems',
  opsApprove: '/ops/points/redeems/approve',
  opsReject: '/ops/points/redeems/reject',
  opsRewards: '/ops/points/rewards',
  opsSettings: '/ops/points/settings',
  opsAdjust: '/ops/points/adjustments',
} as const;

/**
 * A server for the points tests: the demo seed (its goods and the demo player's welcome points) is in,
 * and the background jobs are slow enough never to run during a test; the accrual is driven by hand.
 */
export const startPointsKit = (overrides: Partial<AppConfig> = {}): Promise<MoneyKit> =>
  createMoneyKit({ JOB_INTERVAL_SECONDS: 3600, LOTTERY_TICK_SECONDS: 0, ...overrides });

/** An encrypted call, as the client sends redeem and convert (hybrid RSA-OAEP + AES-CBC + HMAC). */
export const sealedCall = async <T = any>(kit: MoneyKit, url: string, token: string | null, body: unknown): Promise<Reply<T>> => {
  const sealed = encryptPayload(body, kit.t.ctx.payloadKeys.publicKeyPem);
  const res = await kit.t.app.inject({
    method: 'POST',
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json', ...sealed.headers },
    payload: JSON.stringify(sealed.body),
  });
  return { status: res.statusCode, body: res.json() };
};

/** Gives a member points straight through the journal (an ADJUST entry), as the services write them. */
export const grantPoints = async (kit: MoneyKit, memberId: number, points: number): Promise<number> =>
  withEvents(kit.t.ctx, async (trx) =>
    postPoints(trx, {
      memberId,
      kind: 'ADJUST',
      change: points,
      reference: `test:${randomUUID()}`,
      remark: 'Test grant',
      ratioMillionths: (await readPointsSettings(trx)).ratioMillionths,
    }),
  );

export interface RewardInput {
  name?: string;
  type?: string;
  pointsRequired?: number;
  amountRequired?: number;
  stock?: number;
  active?: boolean;
}

/** A goods item made through the operator API; returns its id. */
export const addReward = async (kit: MoneyKit, input: RewardInput = {}): Promise<number> => {
  const res = await kit.ops('POST', PATHS.opsRewards, {
    body: {
      name: input.name ?? `Test item ${randomUUID().slice(0, 8)}`,
      type: input.type ?? 'PHYSICAL',
      imageUrl: '/static/points/earbuds.svg',
      description: '<p>Test</p>',
      pointsRequired: input.pointsRequired ?? 100,
      amountRequired: input.amountRequired ?? 0,
      stock: input.stock ?? 10,
      active: input.active ?? true,
    },
  });
  if (res.status !== 200) throw new Error(`save reward failed: ${JSON.stringify(res.body)}`);
  return res.body.value.rewardId as number;
};

/** A real member with a payment password (and, when given, points and main-wallet cents). */
export const readyMember = async (kit: MoneyKit, options: { points?: number; cents?: number } = {}): Promise<Member> => {
  const m = await kit.member();
  await kit.setPaymentPassword(m);
  if (options.points) await grantPoints(kit, m.id, options.points);
  if (options.cents) await kit.credit(m.id, options.cents);
  return m;
};

export const redeemBody = (rewardId: number, extra: Record<string, unknown> = {}) => ({
  rewardId,
  quantity: 1,
  paymentPassword: PAYMENT_PASSWORD,
  address: '12 Nguyen Hue, District 1, Ho Chi Minh City',
  mobileNum: '0901234567',
  ...extra,
});

export const pointsOfMember = async (kit: MoneyKit, m: Member): Promise<number> =>
  (await kit.call('GET', PATHS.balance, { token: m.token })).body.value.points as number;

export const mainBalanceOf = async (kit: MoneyKit, m: Member): Promise<number> =>
  (await kit.ops('GET', '/ops/members/wallet', { query: { account: m.account } })).body.value.mainBalance as number;

export const stockOf = async (kit: MoneyKit, rewardId: number): Promise<number> => {
  const row = await kit.t.ctx.db.selectFrom('points_rewards').select('stock').where('id', '=', rewardId).executeTakeFirstOrThrow();
  return row.stock;
};
