import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './create-db';
import { migrations } from './migrations';

/** Migrations are listed statically (no file-system scan), so they work the same under tsx, vitest and a bundle. */
const provider: MigrationProvider = { getMigrations: async () => migrations as Record<string, Migration> };

export const migrateToLatest = async (db: Db): Promise<void> => {
  const migrator = new Migrator({
    db,
    provider,
    // Work lands from parallel branches, so a migration may arrive with an earlier timestamp than one
    // a database already ran; each migration stands alone, so running it late is safe.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
};
