import type { Kysely } from 'kysely';

/** Open-API applications and their access tokens (see open-api.tables.ts). */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('open_apps')
    .addColumn('id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('name', 'varchar(64)', (col) => col.notNull())
    .addColumn('app_key', 'varchar(40)', (col) => col.notNull().unique())
    .addColumn('secret_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('apis', 'varchar(255)', (col) => col.notNull())
    .addColumn('rate_limit_per_minute', 'integer', (col) => col.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('created_by_id', 'varchar(40)')
    .addColumn('created_by', 'varchar(64)', (col) => col.notNull())
    .addColumn('area_code', 'varchar(6)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('secret_reset_at', 'bigint')
    .addColumn('last_used_at', 'bigint')
    .execute();
  // The administrators' list filters on the area code's prefix and sorts newest first.
  await db.schema.createIndex('open_apps_area').on('open_apps').columns(['area_code', 'created_at']).execute();

  await db.schema
    .createTable('open_app_tokens')
    .addColumn('token_hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('app_id', 'varchar(40)', (col) => col.notNull().references('open_apps.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('ip', 'varchar(64)')
    .execute();
  // Revoking or resetting an application ends its tokens; the sweep deletes expired ones.
  await db.schema.createIndex('open_app_tokens_app').on('open_app_tokens').columns(['app_id', 'created_at']).execute();
  await db.schema.createIndex('open_app_tokens_expires').on('open_app_tokens').columns(['expires_at']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('open_app_tokens').execute();
  await db.schema.dropTable('open_apps').execute();
}
