import type { Kysely } from 'kysely';

/** A small key/value table of facts about this installation (first start, last start). */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('app_meta').execute();
}
