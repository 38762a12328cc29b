import type { Kysely } from 'kysely';

/**
 * Accounts (spec §1 "Accounts", GUIDE.md §7): users signed in by phone and an argon2id password
 * hash; server-side sessions keyed by the SHA-256 of their token (a stolen table yields no usable
 * token); per-user key/value settings; anonymous and signed-in visit records. Times are epoch seconds.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('phone', 'varchar(11)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('unique_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_type_aqidata', 'varchar(32)', (c) => c.notNull())
    .addColumn('lidar_permission', 'varchar(32)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_login_at', 'bigint')
    .addColumn('password_changed_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_sessions')
    .addColumn('token_hash', 'char(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('idle_seconds', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('remember', 'smallint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_sessions_user').on('user_sessions').column('user_id').execute();
  await db.schema.createIndex('user_sessions_expires').on('user_sessions').column('expires_at').execute();

  await db.schema
    .createTable('user_configs')
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_configs_pk', ['user_id', 'key'])
    .execute();

  await db.schema
    .createTable('user_visits')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('unique_id', 'varchar(64)')
    .addColumn('user_id', 'varchar(32)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('url', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_visits_time').on('user_visits').column('created_at').execute();
  await db.schema.createIndex('user_visits_user').on('user_visits').columns(['user_id', 'created_at']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_visits').execute();
  await db.schema.dropTable('user_configs').execute();
  await db.schema.dropTable('user_sessions').execute();
  await db.schema.dropTable('users').execute();
}
