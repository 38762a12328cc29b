import type { Kysely } from 'kysely';
import { autoId } from '../../../../platform/db/schema';

/** The task centre and the approval centre (issue 15). */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
  const id = autoId(db);
  await db.schema
    .createTable('tasks')
    .addColumn('id', id.type, id.build)
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('title', 'varchar(120)', (col) => col.notNull())
    .addColumn('content', 'varchar(1000)', (col) => col.notNull())
    .addColumn('link', 'varchar(200)')
    .addColumn('subject_id', 'varchar(40)')
    .addColumn('assignee_id', 'varchar(40)', (col) => col.notNull())
    .addColumn('assigner_id', 'varchar(40)')
    .addColumn('area_code', 'varchar(6)', (col) => col.notNull())
    .addColumn('due_at', 'bigint')
    .addColumn('status', 'varchar(12)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('done_at', 'bigint')
    .addColumn('done_note', 'varchar(500)')
    .execute();
  await db.schema.createIndex('tasks_assignee').on('tasks').columns(['assignee_id', 'status']).execute();
  await db.schema.createIndex('tasks_area').on('tasks').columns(['area_code', 'created_at']).execute();
  await db.schema.createIndex('tasks_subject').on('tasks').columns(['kind', 'subject_id']).execute();
  await db.schema
    .createTable('approvals')
    .addColumn('id', id.type, id.build)
    .addColumn('kind', 'varchar(24)', (col) => col.notNull())
    .addColumn('subject_id', 'varchar(40)', (col) => col.notNull())
    .addColumn('title', 'varchar(120)', (col) => col.notNull())
    .addColumn('summary', 'varchar(1000)', (col) => col.notNull())
    .addColumn('link', 'varchar(200)')
    .addColumn('area_code', 'varchar(6)', (col) => col.notNull())
    .addColumn('status', 'varchar(12)', (col) => col.notNull())
    .addColumn('requested_by', 'varchar(40)')
    .addColumn('requested_at', 'bigint', (col) => col.notNull())
    .addColumn('decided_by', 'varchar(40)')
    .addColumn('decided_at', 'bigint')
    .addColumn('note', 'varchar(500)')
    .execute();
  await db.schema.createIndex('approvals_area').on('approvals').columns(['area_code', 'status']).execute();
  await db.schema.createIndex('approvals_subject').on('approvals').columns(['kind', 'subject_id']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('approvals').execute();
  await db.schema.dropTable('tasks').execute();
}
