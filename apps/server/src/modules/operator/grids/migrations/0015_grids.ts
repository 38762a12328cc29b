import type { Kysely } from 'kysely';

/** Grids under the counties with their boundaries, and the operators' grid roles. */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('grids')
    .addColumn('code', 'varchar(30)', (col) => col.primaryKey())
    .addColumn('parent_code', 'varchar(30)')
    .addColumn('area_code', 'varchar(6)', (col) => col.notNull())
    .addColumn('name', 'varchar(50)', (col) => col.notNull())
    .addColumn('level', 'smallint', (col) => col.notNull())
    .addColumn('boundary_json', 'text', (col) => col.notNull())
    .addColumn('min_lon', 'double precision', (col) => col.notNull())
    .addColumn('min_lat', 'double precision', (col) => col.notNull())
    .addColumn('max_lon', 'double precision', (col) => col.notNull())
    .addColumn('max_lat', 'double precision', (col) => col.notNull())
    .addColumn('center_lon', 'double precision', (col) => col.notNull())
    .addColumn('center_lat', 'double precision', (col) => col.notNull())
    .addColumn('area_km2', 'double precision', (col) => col.notNull())
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('grids_area').on('grids').column('area_code').execute();
  await db.schema.createIndex('grids_parent').on('grids').column('parent_code').execute();
  await db.schema
    .createTable('grid_members')
    .addColumn('operator_id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('grid_code', 'varchar(30)', (col) => col.notNull().references('grids.code'))
    .addColumn('role', 'varchar(10)', (col) => col.notNull())
    .addColumn('duty', 'varchar(200)')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('grid_members_grid').on('grid_members').column('grid_code').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('grid_members').execute();
  await db.schema.dropTable('grids').execute();
}
