import type { AppContext } from '../../app-context';
import type { AreaHandlers } from '../../http/register-contract';
import { houseGameConfig } from '../../providers/house/game-config';
import { buyTicket, lotteryState } from '../../providers/house/lottery';
import { ENGINE_RTP, HOUSE_LIMITS, listRounds, playRound, sessionBalance, verifyOutcome } from '../../providers/house/rounds';
import { fairnessState, rotateSeed } from '../../providers/house/seeds';
import { sessionFromToken } from '../../providers/house/sessions';
import { toCents, toMoney } from '../../services/ledger/money';
import { currencySymbol } from '../../services/wallet/wallets';

type HouseKeys = 'houseSession' | 'housePlay' | 'houseRounds' | 'houseRotateSeed' | 'houseVerify' | 'houseLotteryState' | 'houseLotteryBet';

/** The calls of the house provider's game pages, authorised by the signed session of the launch. */
export const gamesHouseHandlers = (ctx: AppContext): AreaHandlers<HouseKeys> => ({
  houseSession: async ({ query }) => {
    const session = await sessionFromToken(ctx, query.session);
    return {
      gameCode: session.game.gameCode,
      gameName: session.game.gameName,
      vendor: session.game.vendor,
      freePlay: session.freePlay,
      balance: toMoney(await sessionBalance(ctx.db, session)),
      currencySymbol: await currencySymbol(ctx.db),
      expiresAt: session.expiresAt.toISOString(),
      rtp: ENGINE_RTP[session.game.engine],
      limits: { minBet: toMoney(HOUSE_LIMITS.minBet), maxBet: toMoney(HOUSE_LIMITS.maxBet) },
      fairness: await fairnessState(ctx.db, session.memberId, session.freePlay),
      config: await houseGameConfig(ctx.db, session),
    };
  },
  housePlay: async ({ body }) =>
    playRound(ctx, await sessionFromToken(ctx, body.session), { stakeCents: toCents(body.stake), params: body.params, requestId: body.requestId }),
  houseRounds: async ({ query }) => listRounds(ctx.db, await sessionFromToken(ctx, query.session), query),
  houseRotateSeed: async ({ body }) => {
    const session = await sessionFromToken(ctx, body.session);
    return rotateSeed(ctx.db, session.memberId, session.freePlay, body.clientSeed);
  },
  houseVerify: async ({ body }) => verifyOutcome(body),
  houseLotteryState: async ({ query }) => lotteryState(ctx, await sessionFromToken(ctx, query.session), query.gameCode),
  houseLotteryBet: async ({ body }) =>
    buyTicket(ctx, await sessionFromToken(ctx, body.session), {
      gameCode: body.gameCode,
      issueNo: body.issueNo,
      betType: body.betType,
      pick: body.pick,
      stakeCents: toCents(body.stake),
      requestId: body.requestId,
    }),
});
