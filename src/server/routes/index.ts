import type { AppContext } from '../app-context';
import type { Handlers } from '../http/register-contract';
import { pendingHandlers } from '../http/pending';
import { authHandlers } from './auth/auth.handlers';
import { gamesHandlers } from './games/games.handlers';
import { gamesHouseHandlers } from './games/games-house.handlers';
import { gamesSeamlessWalletHandlers } from './games/games-seamless-wallet.handlers';
import { memberHandlers } from './member/member.handlers';
import { messagesHandlers } from './messages/messages.handlers';
import { operatorHandlers } from './operator/operator.handlers';
import { operatorGamesHandlers } from './operator/operator-games.handlers';
import { operatorMoneyHandlers } from './operator/operator-money.handlers';
import { operatorPointsHandlers } from './operator/operator-points.handlers';
import { operatorMissionsHandlers } from './operator/operator-missions.handlers';
import { operatorPromotionsHandlers } from './operator/operator-promotions.handlers';
import { recordsHandlers } from './records/records.handlers';
import { registrationHandlers } from './registration/registration.handlers';
import { siteContentHandlers } from './system/site-content.handlers';
import { systemHandlers } from './system/system.handlers';
import { walletHandlers } from './wallet/wallet.handlers';
import { walletPaymentsHandlers } from './wallet/wallet-payments.handlers';
import { agentHandlers } from './agent/agent.handlers';
import { contractsHandlers } from './contracts/contracts.handlers';
import { pointsHandlers } from './points/points.handlers';
import { missionsHandlers } from './missions/missions.handlers';
import { promotionsHandlers } from './promotions/promotions.handlers';
import { redEnvelopesHandlers } from './red-envelopes/red-envelopes.handlers';
import { vipHandlers } from './vip/vip.handlers';
import { chatHandlers } from './chat/chat.handlers';

/** The whole handler table, one folder per area; the type makes a missing contract entry a compile error. */
export const createHandlers = (ctx: AppContext): Handlers => ({
  // First, so an area that builds a pending call overrides it (then drop it from PENDING_ENDPOINTS).
  ...pendingHandlers(),
  ...systemHandlers(ctx),
  ...siteContentHandlers(ctx),
  ...authHandlers(ctx),
  ...registrationHandlers(ctx),
  ...memberHandlers(ctx),
  ...walletHandlers(ctx),
  ...walletPaymentsHandlers(ctx),
  ...gamesHandlers(ctx),
  ...gamesHouseHandlers(ctx),
  ...gamesSeamlessWalletHandlers(ctx),
  ...messagesHandlers(ctx),
  ...recordsHandlers(ctx),
  ...operatorHandlers(ctx),
  ...operatorMoneyHandlers(ctx),
  ...operatorGamesHandlers(ctx),
  ...operatorPointsHandlers(ctx),
  ...operatorMissionsHandlers(ctx),
  ...agentHandlers(ctx),
  ...contractsHandlers(ctx),
  ...pointsHandlers(ctx),
  ...missionsHandlers(ctx),
  ...promotionsHandlers(ctx),
  ...operatorPromotionsHandlers(ctx),
  ...redEnvelopesHandlers(ctx),
  ...vipHandlers(ctx),
  ...chatHandlers(ctx),
});
