import type { AppContext } from '../app-context';
import type { Handlers } from '../http/register-contract';
import { pendingHandlers } from '../http/pending';
import { systemHandlers } from './system/system.handlers';
import { siteContentHandlers } from './system/site-content.handlers';
import { contentHandlers } from './content/content.handlers';
import { operatorHandlers } from './operator/operator.handlers';
import { sessionHandlers } from './session/session.handlers';
import { memberHandlers } from './member/member.handlers';
import { verificationHandlers } from './verification/verification.handlers';
import { walletHandlers } from './wallet/wallet.handlers';
import { paymentsHandlers } from './payments/payments.handlers';
import { recordsHandlers } from './records/records.handlers';
import { messagesHandlers } from './messages/messages.handlers';
import { operatorMoneyHandlers } from './operator/operator-money.handlers';
import { operatorGamesHandlers } from './operator/operator-games.handlers';
import { gamesHandlers } from './games/games.handlers';
import { houseHandlers } from './games/house.handlers';
import { gameWalletHandlers } from './games/game-wallet.handlers';

/** The whole handler table; the type makes a missing contract entry a compile error. */
export const createHandlers = (ctx: AppContext): Handlers => ({
  // First, so an area that builds a pending call overrides it (then drop it from PENDING_ENDPOINTS).
  ...pendingHandlers(),
  ...systemHandlers(ctx),
  ...siteContentHandlers(ctx),
  ...contentHandlers(ctx),
  ...operatorHandlers(ctx),
  ...sessionHandlers(ctx),
  ...memberHandlers(ctx),
  ...verificationHandlers(ctx),
  ...walletHandlers(ctx),
  ...paymentsHandlers(ctx),
  ...recordsHandlers(ctx),
  ...messagesHandlers(ctx),
  ...operatorMoneyHandlers(ctx),
  ...operatorGamesHandlers(ctx),
  ...gamesHandlers(ctx),
  ...houseHandlers(ctx),
  ...gameWalletHandlers(ctx),
});
