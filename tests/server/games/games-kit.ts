import { randomUUID } from 'node:crypto';
import type { AppConfig } from '@server/config';
import { createMoneyKit, type Member, type MoneyKit, type Reply } from '../../helpers/money-kit';

export interface Launched {
  gameUrl: string;
  session: string;
  freePlay: boolean;
}

export interface GamesKit extends MoneyKit {
  /** Launches a game through the API and returns its signed session. */
  launch(member: Member, game: { gameCode: string; vassalage: string }, options?: { freePlay?: boolean }): Promise<Launched>;
  /** One round of a house slot, dice or crash game; a new request unless `requestId` names an earlier one. */
  play(session: string, stake: number, params: Record<string, unknown>, requestId?: string): Promise<Reply>;
  /** Main balance through the balance call, as the header shows it. */
  balance(member: Member): Promise<number>;
}

export const SLOT = { gameCode: 'HOUSE_NEON_FRUITS', vassalage: 'HOUSE' };
export const DICE = { gameCode: 'HOUSE_DICE', vassalage: 'HOUSE' };
export const CRASH = { gameCode: 'HOUSE_CRASH', vassalage: 'HOUSE' };
export const VN_LOTTO = { gameCode: 'TCG_LOTTO_VN', vassalage: 'TCG_SEA' };

/** A test server for the games area; the lottery job is off so tests drive the draws themselves. */
export const createGamesKit = async (overrides: Partial<AppConfig> = {}): Promise<GamesKit> => {
  const kit = await createMoneyKit({ LOTTERY_TICK_SECONDS: 0, ...overrides });
  return {
    ...kit,
    launch: async (member, game, options = {}) => {
      const res = await kit.call('POST', '/wps/game/launchGame', { token: member.token, body: { ...game, freePlay: options.freePlay ?? false } });
      if (res.status !== 200) throw new Error(`launch failed: ${JSON.stringify(res.body)}`);
      const url = new URL(res.body.value.gameUrl, 'http://host.invalid');
      return { gameUrl: res.body.value.gameUrl, session: url.searchParams.get('session') ?? '', freePlay: res.body.value.freePlay };
    },
    play: (session, stake, params, requestId = randomUUID()) => kit.call('POST', '/house/api/play', { body: { session, stake, params, requestId } }),
    balance: async (member) => {
      const res = await kit.call('GET', '/wps/v2/wallets/balance', { token: member.token });
      if (res.status !== 200) throw new Error(`balance failed: ${JSON.stringify(res.body)}`);
      return res.body.value.balance as number;
    },
  };
};
