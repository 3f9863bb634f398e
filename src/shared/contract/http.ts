import type { z } from 'zod';
import type { EndpointDef } from './endpoint';
import { systemEndpoints } from './system';
import { authEndpoints } from './auth';
import { registrationEndpoints } from './registration';
import { memberEndpoints } from './member';
import { walletEndpoints } from './wallet';
import { walletPaymentsEndpoints } from './wallet-payments';
import { gamesEndpoints } from './games';
import { gamesHouseEndpoints } from './games-house';
import { gamesSeamlessWalletEndpoints } from './games-seamless-wallet';
import { messagesEndpoints } from './messages';
import { promotionsEndpoints } from './promotions';
import { operatorRedEnvelopesEndpoints, redEnvelopesEndpoints } from './red-envelopes';
import { operatorVipEndpoints, vipEndpoints } from './vip';
import { pointsEndpoints } from './points';
import { missionsEndpoints, operatorMissionsEndpoints } from './missions';
import { operatorChatEndpoints } from './chat';
import { recordsEndpoints } from './records';
import { contractsEndpoints } from './contracts';
import { operatorEndpoints } from './operator';
import { operatorMoneyEndpoints } from './operator-money';
import { operatorGamesEndpoints } from './operator-games';
import { operatorPointsEndpoints } from './operator-points';
import { operatorPromotionsEndpoints } from './operator-promotions';
import { agentEndpoints, memberAgentEndpoints, operatorAgentEndpoints } from './agent';

/**
 * Every HTTP call of the platform. The server registers its routes from this table and
 * the client's API layer calls through it: nothing restates a path or a field list.
 */
export const http = {
  ...systemEndpoints,
  ...authEndpoints,
  ...registrationEndpoints,
  ...memberEndpoints,
  ...walletEndpoints,
  ...walletPaymentsEndpoints,
  ...gamesEndpoints,
  ...gamesHouseEndpoints,
  ...gamesSeamlessWalletEndpoints,
  ...messagesEndpoints,
  ...promotionsEndpoints,
  ...redEnvelopesEndpoints,
  ...vipEndpoints,
  ...pointsEndpoints,
  ...missionsEndpoints,
  ...recordsEndpoints,
  ...contractsEndpoints,
  ...operatorEndpoints,
  ...operatorMoneyEndpoints,
  ...operatorGamesEndpoints,
  ...operatorPointsEndpoints,
  ...operatorPromotionsEndpoints,
  ...operatorRedEnvelopesEndpoints,
  ...operatorVipEndpoints,
  ...operatorMissionsEndpoints,
  ...operatorChatEndpoints,
  ...agentEndpoints,
  ...memberAgentEndpoints,
  ...operatorAgentEndpoints,
} as const satisfies Record<string, EndpointDef>;

export type Http = typeof http;
export type EndpointKey = keyof Http;
type Def<K extends EndpointKey> = Http[K];
type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;
export type QueryOf<K extends EndpointKey> = Def<K> extends { query: infer Q } ? Infer<Q> : undefined;
export type BodyOf<K extends EndpointKey> = Def<K> extends { body: infer B } ? Infer<B> : undefined;
export type ResponseOf<K extends EndpointKey> = z.output<Def<K>['response']>;
export type QueryInputOf<K extends EndpointKey> = Def<K> extends { query: infer Q extends z.ZodType } ? z.input<Q> : undefined;
export type BodyInputOf<K extends EndpointKey> = Def<K> extends { body: infer B extends z.ZodType } ? z.input<B> : undefined;
