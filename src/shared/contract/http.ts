import type { z } from 'zod';
import type { EndpointDef } from './endpoint';
import { systemEndpoints } from './system';
import { contentEndpoints } from './content';
import { walletEndpoints } from './wallet';
import { gamesEndpoints } from './games';
import { homeEndpoints } from './home';
import { pointsEndpoints } from './points';
import { operatorEndpoints } from './operator';
import { sessionEndpoints } from './session';
import { memberEndpoints } from './member';
import { verificationEndpoints } from './verification';
import { paymentsEndpoints } from './payments';
import { recordsEndpoints } from './records';
import { messagesEndpoints } from './messages';
import { operatorMoneyEndpoints } from './operator-money';
import { operatorGamesEndpoints } from './operator-games';

/**
 * Every HTTP call of the platform. The server registers its routes from this table and
 * the client's API layer calls through it: nothing restates a path or a field list.
 */
export const http = {
  ...systemEndpoints,
  ...sessionEndpoints,
  ...memberEndpoints,
  ...verificationEndpoints,
  ...contentEndpoints,
  ...walletEndpoints,
  ...gamesEndpoints,
  ...homeEndpoints,
  ...pointsEndpoints,
  ...operatorEndpoints,
  ...paymentsEndpoints,
  ...recordsEndpoints,
  ...messagesEndpoints,
  ...operatorMoneyEndpoints,
  ...operatorGamesEndpoints,
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
