import type { Kysely } from 'kysely';
import { autoId, isPostgres } from '../../../../platform/db/schema';

/** The configuration dashboard (issue 21): dashboards, the static-resource library, templates. */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
  const id = autoId(db);
  await db.schema
    .createTable('configs')
    .addColumn('id', id.type, id.build)
    .addColumn('code', 'varchar(40)', (col) => col.notNull().unique())
    .addColumn('title', 'varchar(60)', (col) => col.notNull())
    .addColumn('konva_json', 'text', (col) => col.notNull())
    .addColumn('company', 'varchar(60)', (col) => col.notNull())
    .addColumn('type', 'varchar(20)', (col) => col.notNull())
    .addColumn('status', 'smallint', (col) => col.notNull())
    .addColumn('token', 'varchar(64)', (col) => col.unique())
    .addColumn('area_code', 'varchar(6)', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('nodes', 'integer', (col) => col.notNull())
    .addColumn('bindings', 'integer', (col) => col.notNull())
    .addColumn('created_by', 'varchar(40)')
    .addColumn('updated_by_name', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('published_at', 'bigint')
    .execute();
  await db.schema.createIndex('configs_area').on('configs').columns(['area_code', 'updated_at']).execute();
  await db.schema
    .createTable('config_resources')
    .addColumn('id', id.type, id.build)
    .addColumn('type', 'varchar(20)', (col) => col.notNull())
    .addColumn('resource_type', 'varchar(10)', (col) => col.notNull())
    .addColumn('file_name', 'varchar(80)', (col) => col.notNull())
    .addColumn('mime', 'varchar(20)', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .addColumn('sha256', 'varchar(64)', (col) => col.notNull())
    .addColumn('data', isPostgres(db) ? 'bytea' : 'blob', (col) => col.notNull())
    .addColumn('area_code', 'varchar(6)', (col) => col.notNull())
    .addColumn('created_by', 'varchar(40)')
    .addColumn('created_by_name', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('config_resources_area')
    .on('config_resources')
    .columns(['resource_type', 'area_code'])
    .execute();
  await db.schema
    .createTable('config_template_types')
    .addColumn('id', id.type, id.build)
    .addColumn('name', 'varchar(30)', (col) => col.notNull().unique())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('config_templates')
    .addColumn('id', id.type, id.build)
    .addColumn('type_id', 'integer', (col) => col.notNull().references('config_template_types.id'))
    .addColumn('name', 'varchar(60)', (col) => col.notNull())
    .addColumn('konva_json', 'text', (col) => col.notNull())
    .addColumn('nodes', 'integer', (col) => col.notNull())
    .addColumn('created_by_name', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('config_templates_type').on('config_templates').column('type_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('config_templates').execute();
  await db.schema.dropTable('config_template_types').execute();
  await db.schema.dropTable('config_resources').execute();
  await db.schema.dropTable('configs').execute();
}
