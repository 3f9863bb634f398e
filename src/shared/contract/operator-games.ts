import { z } from 'zod';
import { RowId } from './envelope';
import { endpoint } from './endpoint';
import { pagedOf, pageQuery } from './paging';
import { text } from './auth';

const VendorCode = z.string().regex(/^[A-Za-z0-9_]{1,32}$/, 'a vendor code');
const GameTypeCode = z.string().regex(/^[A-Z_]{2,16}$/, 'a game type');
/** A yes/no filter as a query parameter (strings on the wire). */
const QueryFlag = z.enum(['true', 'false']).transform((v) => v === 'true');

export const OpsGameVendor = z.object({
  code: z.string(),
  displayName: z.string(),
  provider: z.literal('HOUSE').nullable().describe('the provider that serves its games on this server; null: not connected'),
  maintenance: z.boolean().describe('every game of the vendor answers GAME_MAINTENANCE'),
  active: z.boolean(),
  games: z.array(z.object({ gameType: z.string(), count: z.number().int().nonnegative() })).describe('active games per category, in category order'),
});
export type OpsGameVendor = z.infer<typeof OpsGameVendor>;

export const OpsGame = z.object({
  nodeId: z.number().int(),
  vendorCode: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  gameType: z.string(),
  kind: z.enum(['GAME', 'LOBBY']).describe("LOBBY: the vendor's own lobby entry"),
  isHot: z.boolean(),
  maintenance: z.boolean().describe("the game's own maintenance flag"),
  vendorMaintenance: z.boolean().describe('its vendor is under maintenance (the game cannot be launched either)'),
  freeTrial: z.boolean(),
  playable: z.boolean().describe('a game engine is set and its vendor is connected on this server'),
});
export type OpsGame = z.infer<typeof OpsGame>;

export const OpsGamesQuery = z.object({
  vendorCode: VendorCode.optional(),
  gameType: GameTypeCode.optional(),
  gameName: text().trim().max(64).optional().describe('part of the name, case-insensitive'),
  maintenance: QueryFlag.optional().describe('true: only games under maintenance; false: only games that are not'),
  ...pageQuery(20, 100),
});

export const UpdateGameRequest = z
  .object({
    nodeId: RowId,
    maintenance: z.boolean().optional(),
    isHot: z.boolean().optional(),
  })
  .refine((change) => change.maintenance !== undefined || change.isHot !== undefined, 'name maintenance, isHot or both');
export type UpdateGameRequest = z.infer<typeof UpdateGameRequest>;

export const operatorGamesEndpoints = {
  opsGameVendors: endpoint({
    method: 'GET',
    path: '/ops/game-vendors',
    token: 'operator',
    response: z.array(OpsGameVendor),
    summary: 'Every game vendor in lobby order, with its connection, maintenance and game counts',
  }),
  opsSetVendorMaintenance: endpoint({
    method: 'POST',
    path: '/ops/game-vendors/maintenance',
    token: 'operator',
    body: z.object({ vendorCode: VendorCode, maintenance: z.boolean() }),
    response: OpsGameVendor,
    summary: "Puts a vendor under maintenance or takes it off: its games' launches answer GAME_MAINTENANCE meanwhile",
    reqs: ['ERR-24', 'API-40'],
  }),
  opsGames: endpoint({
    method: 'GET',
    path: '/ops/games',
    token: 'operator',
    query: OpsGamesQuery,
    response: pagedOf(OpsGame),
    summary: 'The game catalogue (games and vendor lobbies) filtered by vendor, category, name and maintenance, paged',
  }),
  opsUpdateGame: endpoint({
    method: 'POST',
    path: '/ops/games/update',
    token: 'operator',
    body: UpdateGameRequest,
    response: OpsGame,
    summary: 'Sets a game\'s maintenance and hot flags; players see the change at once',
    reqs: ['ERR-24', 'API-38'],
  }),
} as const;
