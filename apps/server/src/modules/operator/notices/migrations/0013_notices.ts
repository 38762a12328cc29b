import type { Kysely } from 'kysely';
import { autoId } from '../../../../platform/db/schema';

/** The notice centre: notices addressed to an area, and each operator's reads. */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
  const id = autoId(db);
  await db.schema
    .createTable('notices')
    .addColumn('id', id.type, id.build)
    .addColumn('type', 'varchar(16)', (col) => col.notNull())
    .addColumn('title', 'varchar(120)', (col) => col.notNull())
    .addColumn('content', 'varchar(1000)', (col) => col.notNull())
    .addColumn('level', 'smallint')
    .addColumn('link', 'varchar(200)')
    .addColumn('area_code', 'varchar(6)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('notices_area').on('notices').columns(['area_code', 'created_at']).execute();
  await db.schema
    .createTable('notice_reads')
    .addColumn('notice_id', 'integer', (col) => col.notNull().references('notices.id').onDelete('cascade'))
    .addColumn('operator_id', 'varchar(40)', (col) => col.notNull())
    .addColumn('read_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('notice_reads_pk', ['notice_id', 'operator_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notice_reads').execute();
  await db.schema.dropTable('notices').execute();
}
