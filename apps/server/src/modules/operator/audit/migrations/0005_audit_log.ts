import type { Kysely } from 'kysely';

/** The append-only audit log of the operator platform (see audit.tables.ts). */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('at', 'bigint', (col) => col.notNull())
    .addColumn('actor_id', 'varchar(40)')
    .addColumn('actor', 'varchar(80)', (col) => col.notNull())
    .addColumn('actor_area', 'varchar(6)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('action', 'varchar(48)', (col) => col.notNull())
    .addColumn('target_type', 'varchar(32)')
    .addColumn('target_id', 'varchar(64)')
    .addColumn('target_name', 'varchar(128)')
    .addColumn('outcome', 'varchar(16)', (col) => col.notNull())
    .addColumn('detail', 'text')
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .execute();
  // The list reads newest first within a time range, optionally by actor or action, within an area
  // (a district administrator's scope: a range on actor_area).
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor', 'at']).execute();
  await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'at']).execute();
  await db.schema.createIndex('audit_log_area').on('audit_log').columns(['actor_area', 'at']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
