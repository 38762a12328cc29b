import type { Kysely } from 'kysely';
import { isPostgres } from '../../../../platform/db/schema';

/**
 * Upper air (issue 22): radiosonde stations and soundings (IGRA v2 files, or the demo), and the
 * gridded wind fields of the forecast (NetCDF files, or the demo) that the wind layer, the point
 * values and the trajectories read. A grid is stored whole per level and time as Float32 blobs
 * (a 71 × 41 grid is 23 kB for u and v): it is always read whole.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
  const blob = isPostgres(db) ? 'bytea' : 'blob';
  await db.schema
    .createTable('sounding_stations')
    .addColumn('code', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('igra_id', 'varchar(11)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('longitude', 'double precision', (c) => c.notNull())
    .addColumn('latitude', 'double precision', (c) => c.notNull())
    .addColumn('elevation', 'double precision')
    .addColumn('area_code', 'char(6)')
    .execute();
  await db.schema.createIndex('sounding_stations_area').on('sounding_stations').column('area_code').execute();
  await db.schema
    .createTable('soundings')
    .addColumn('station_code', 'varchar(16)', (c) => c.notNull().references('sounding_stations.code'))
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('release_time', 'bigint')
    .addColumn('levels', 'text', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('imported_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('soundings_pk', ['station_code', 'time'])
    .execute();
  await db.schema
    .createTable('wind_grids')
    .addColumn('level', 'varchar(16)', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('ref_time', 'bigint', (c) => c.notNull())
    .addColumn('nx', 'integer', (c) => c.notNull())
    .addColumn('ny', 'integer', (c) => c.notNull())
    .addColumn('lo1', 'double precision', (c) => c.notNull())
    .addColumn('la1', 'double precision', (c) => c.notNull())
    .addColumn('dx', 'double precision', (c) => c.notNull())
    .addColumn('dy', 'double precision', (c) => c.notNull())
    .addColumn('u', blob, (c) => c.notNull())
    .addColumn('v', blob, (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('origin', 'varchar(512)', (c) => c.notNull())
    .addColumn('imported_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('wind_grids_pk', ['level', 'time'])
    .execute();
  await db.schema.createIndex('wind_grids_time').on('wind_grids').column('time').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('wind_grids').execute();
  await db.schema.dropTable('soundings').execute();
  await db.schema.dropTable('sounding_stations').execute();
}
