import type { SaveVipLevelRequest } from '@shared/contract/vip';
import { createMoneyKit, type Member, type MoneyKit, type Reply } from '../../helpers/money-kit';
import { bet } from '../contracts/contracts-kit';

export { type Member, type MoneyKit, type Reply };

export const PATHS = {
  status: '/wps/relay/VIP_status',
  claim: '/wps/relay/VIP_claim',
  ops: '/ops/vip-levels',
  opsDelete: '/ops/vip-levels/delete',
} as const;

export const startVipKit = (): Promise<MoneyKit> => createMoneyKit({ JOB_INTERVAL_SECONDS: 3600, LOTTERY_TICK_SECONDS: 0 });

/** Removes every level (the demo seed's, earlier tests') and what members reached of them, so a test's own levels are the whole programme. */
export const clearLevels = async (kit: MoneyKit): Promise<void> => {
  await kit.t.ctx.db.deleteFrom('vip_reached').execute();
  await kit.t.ctx.db.deleteFrom('vip_levels').execute();
};

/** A level made through the operator API; returns its id. */
export const addLevel = async (kit: MoneyKit, level: SaveVipLevelRequest): Promise<number> => {
  const res = await kit.ops('POST', PATHS.ops, { body: level });
  if (res.status !== 200) throw new Error(`save level failed: ${JSON.stringify(res.body)}`);
  return res.body.value.levelId as number;
};

/** The usual ladder: Bronze 100, Silver 500 (bonus 18), Gold 2,000 (bonus 58). */
export const addLadder = async (kit: MoneyKit): Promise<void> => {
  await addLevel(kit, { rank: 1, name: 'Bronze', turnover: 100, upgradeBonus: 5 });
  await addLevel(kit, { rank: 2, name: 'Silver', turnover: 500, upgradeBonus: 18 });
  await addLevel(kit, { rank: 3, name: 'Gold', turnover: 2000, upgradeBonus: 58 });
};

/** A member with money to bet with. */
export const fundedMember = async (kit: MoneyKit, cents = 10_000_00): Promise<Member> => {
  const m = await kit.member();
  await kit.credit(m.id, cents);
  return m;
};

/** Settled bets of `stake` cents each (no payout). */
export const play = async (kit: MoneyKit, m: Member, rounds: number, stake: number): Promise<void> => {
  for (let i = 0; i < rounds; i += 1) await bet(kit.t.ctx, m.id, stake, 0, new Date());
};

export const status = (kit: MoneyKit, m: Member): Promise<Reply> => kit.call('GET', PATHS.status, { token: m.token });
export const claim = (kit: MoneyKit, m: Member, bonusId: number): Promise<Reply> => kit.call('POST', PATHS.claim, { token: m.token, body: { bonusId } });
