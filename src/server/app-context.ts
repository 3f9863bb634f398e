import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { Db, DbKind } from './db/create-db';
import type { PayloadKeys } from './crypto/payload-crypto';
import type { Metrics } from './operations/metrics';
import type { Realtime } from './socket/realtime';

/** What every area's handlers and services are built from. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  dbKind: DbKind;
  payloadKeys: PayloadKeys;
  log: FastifyBaseLogger;
  realtime: Realtime;
  metrics: Metrics;
}
