// `npm run db:migrate`: brings the configured database (DATABASE_URL or PGlite in DATA_DIR) to the latest schema.
import { loadConfig } from '../config';
import { createDb } from './create-db';
import { migrateToLatest } from './migrate';

const config = loadConfig();
const { db, kind } = createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
try {
  await migrateToLatest(db);
  console.log(`migrated ${kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'} to the latest schema`);
} finally {
  await db.destroy();
}
