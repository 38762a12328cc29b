import { type AppTables, MIGRATIONS } from './modules/registry';
import type { DatabaseConfig } from './platform/config';
import { type Database, openDatabase } from './platform/db/database';
import { type MigrationReport, migrateToLatest } from './platform/db/migrate';

export type AppDatabase = Database<AppTables>;

/** The application's database: every module's tables (SQLite or PostgreSQL, as configured). */
export function openAppDatabase(config: DatabaseConfig): AppDatabase {
  return openDatabase<AppTables>(config);
}

/** Brings the database to every module's latest migration. */
export function migrateAppDatabase(database: AppDatabase): Promise<MigrationReport> {
  return migrateToLatest(database.db, MIGRATIONS);
}
