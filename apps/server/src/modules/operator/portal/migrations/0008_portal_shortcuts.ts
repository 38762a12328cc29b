import type { Kysely } from 'kysely';

/** Operators' home-page shortcuts (see portal.tables.ts). */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('operator_shortcuts')
    .addColumn('id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('operator_id', 'varchar(40)', (col) => col.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('name', 'varchar(32)', (col) => col.notNull())
    .addColumn('url', 'varchar(500)', (col) => col.notNull())
    .addColumn('shortcut_type', 'varchar(8)', (col) => col.notNull())
    .addColumn('network_type', 'varchar(16)', (col) => col.notNull())
    .addColumn('menu_key', 'varchar(32)')
    .addColumn('sorting', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  // Every read is one operator's shortcuts in order.
  await db.schema
    .createIndex('operator_shortcuts_operator')
    .on('operator_shortcuts')
    .columns(['operator_id', 'sorting'])
    .execute();
  // One shortcut per menu entry and operator (links have no key: NULLs never collide).
  await db.schema
    .createIndex('operator_shortcuts_menu')
    .on('operator_shortcuts')
    .columns(['operator_id', 'menu_key'])
    .unique()
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('operator_shortcuts').execute();
}
