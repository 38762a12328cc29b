import { type Kysely, type Migration, type MigrationResultSet, Migrator } from 'kysely';

export interface MigrationReport {
  applied: string[];
  total: number;
}

export class MigrationFailedError extends Error {
  constructor(
    readonly migration: string | undefined,
    cause: unknown,
  ) {
    super(
      `数据库迁移失败${migration === undefined ? '' : `（${migration}）`}：${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
    this.name = 'MigrationFailedError';
  }
}

/**
 * Brings the schema to the latest migration. Safe to run from several instances at once: Kysely
 * takes a lock table before it migrates.
 */
export async function migrateToLatest(
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before and regardless of the typed schema
  db: Kysely<any>,
  list: Readonly<Record<string, Migration>>,
): Promise<MigrationReport> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => list },
    migrationTableName: 'kysely_migration',
    migrationLockTableName: 'kysely_migration_lock',
  });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error !== undefined) {
    const failed = result.results?.find((r) => r.status === 'Error');
    throw new MigrationFailedError(failed?.migrationName, result.error);
  }
  return {
    applied: (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName),
    total: Object.keys(list).length,
  };
}
