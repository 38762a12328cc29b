import type { Kysely } from 'kysely';
import { autoId, isPostgres } from '../../../../platform/db/schema';

/** Lidar products, hot spots, polluters, mobile records and road visibility (issue 19). */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
  const id = autoId(db);
  const blob = isPostgres(db) ? 'bytea' : 'blob';
  await db.schema
    .createTable('lidar_scans')
    .addColumn('id', id.type, id.build)
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('area_code', 'varchar(6)', (c) => c.notNull())
    .addColumn('kind', 'varchar(2)', (c) => c.notNull())
    .addColumn('t', 'bigint', (c) => c.notNull())
    .addColumn('elevation', 'double precision', (c) => c.notNull())
    .addColumn('azimuth_start', 'double precision', (c) => c.notNull())
    .addColumn('azimuth_step', 'double precision', (c) => c.notNull())
    .addColumn('azimuth_count', 'integer', (c) => c.notNull())
    .addColumn('bins', 'integer', (c) => c.notNull())
    .addColumn('bin_m', 'double precision', (c) => c.notNull())
    .addColumn('first_range', 'double precision', (c) => c.notNull())
    .addColumn('extinction', blob, (c) => c.notNull())
    .addColumn('depol', blob, (c) => c.notNull())
    .addColumn('mean_ext', 'double precision', (c) => c.notNull())
    .addColumn('max_ext', 'double precision', (c) => c.notNull())
    .addColumn('source', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('lidar_scans_device_kind_t', ['device_id', 'kind', 't'])
    .execute();
  await db.schema.createIndex('lidar_scans_area_t').on('lidar_scans').columns(['area_code', 't']).execute();
  await db.schema
    .createTable('lidar_profiles')
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('area_code', 'varchar(6)', (c) => c.notNull())
    .addColumn('t', 'bigint', (c) => c.notNull())
    .addColumn('bins', 'integer', (c) => c.notNull())
    .addColumn('bin_m', 'double precision', (c) => c.notNull())
    .addColumn('first_height', 'double precision', (c) => c.notNull())
    .addColumn('extinction', blob, (c) => c.notNull())
    .addColumn('depol', blob, (c) => c.notNull())
    .addColumn('blh', 'double precision')
    .addColumn('wind_speed', 'double precision')
    .addColumn('wind_from', 'double precision')
    .addColumn('source', 'varchar(8)', (c) => c.notNull())
    .addPrimaryKeyConstraint('lidar_profiles_pk', ['device_id', 't'])
    .execute();
  await db.schema
    .createTable('lidar_hotspots')
    .addColumn('id', id.type, id.build)
    .addColumn('origin', 'varchar(8)', (c) => c.notNull())
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('area_code', 'varchar(6)', (c) => c.notNull())
    .addColumn('record_id', 'integer')
    .addColumn('lon', 'double precision', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('distance', 'double precision')
    .addColumn('azimuth', 'double precision')
    .addColumn('first_t', 'bigint', (c) => c.notNull())
    .addColumn('last_t', 'bigint', (c) => c.notNull())
    .addColumn('scans', 'integer', (c) => c.notNull())
    .addColumn('peak_excess', 'double precision', (c) => c.notNull())
    .addColumn('auto_factor', 'varchar(16)', (c) => c.notNull())
    .addColumn('value', 'double precision')
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('plot_type', 'varchar(2)')
    .addColumn('plot_shortname', 'varchar(40)')
    .addColumn('plot_placename', 'varchar(100)')
    .addColumn('description', 'varchar(500)', (c) => c.notNull())
    .addColumn('reviewed_by', 'varchar(64)')
    .addColumn('reviewed_at', 'bigint')
    .addColumn('source', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lidar_hotspots_area_t').on('lidar_hotspots').columns(['area_code', 'first_t']).execute();
  await db.schema.createIndex('lidar_hotspots_device').on('lidar_hotspots').columns(['device_id', 'last_t']).execute();
  await db.schema
    .createTable('lidar_hotspot_photos')
    .addColumn('id', id.type, id.build)
    .addColumn('hotspot_id', 'integer', (c) => c.notNull().references('lidar_hotspots.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('mime', 'varchar(40)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('data', blob, (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lidar_hotspot_photos_hot').on('lidar_hotspot_photos').column('hotspot_id').execute();
  await db.schema
    .createTable('lidar_polluters')
    .addColumn('id', id.type, id.build)
    .addColumn('area_code', 'varchar(6)', (c) => c.notNull())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('plot_type', 'varchar(2)')
    .addColumn('lon', 'double precision', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('plot_coordinate', 'text')
    .addColumn('device_id', 'integer')
    .addColumn('record_id', 'integer')
    .addColumn('sauto_id', 'integer')
    .addColumn('fields_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lidar_polluters_area').on('lidar_polluters').column('area_code').execute();
  await db.schema
    .createTable('lidar_auto_records')
    .addColumn('id', id.type, id.build)
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('area_code', 'varchar(6)', (c) => c.notNull())
    .addColumn('uniqueid', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('start_t', 'bigint', (c) => c.notNull())
    .addColumn('end_t', 'bigint', (c) => c.notNull())
    .addColumn('is_collect', 'smallint', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('length_m', 'double precision', (c) => c.notNull())
    .addColumn('mean_pm25', 'double precision')
    .addColumn('max_pm25', 'double precision')
    .addColumn('flux_gs', 'double precision')
    .addColumn('bins', 'integer', (c) => c.notNull())
    .addColumn('bin_m', 'double precision', (c) => c.notNull())
    .addColumn('first_height', 'double precision', (c) => c.notNull())
    .addColumn('source', 'varchar(8)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('lidar_auto_records_device')
    .on('lidar_auto_records')
    .columns(['device_id', 'start_t'])
    .execute();
  await db.schema
    .createIndex('lidar_auto_records_area')
    .on('lidar_auto_records')
    .columns(['area_code', 'start_t'])
    .execute();
  await db.schema
    .createTable('lidar_auto_points')
    .addColumn('record_id', 'integer', (c) => c.notNull().references('lidar_auto_records.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('t', 'bigint', (c) => c.notNull())
    .addColumn('lon', 'double precision', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('extinction', blob, (c) => c.notNull())
    .addColumn('depol', blob, (c) => c.notNull())
    .addColumn('blh', 'double precision')
    .addColumn('pm25', 'double precision')
    .addColumn('pm10', 'double precision')
    .addPrimaryKeyConstraint('lidar_auto_points_pk', ['record_id', 'seq'])
    .execute();
  await db.schema
    .createTable('vis_roads')
    .addColumn('id', id.type, id.build)
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('area_code', 'varchar(6)', (c) => c.notNull())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('line_json', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('vis_police_units')
    .addColumn('id', id.type, id.build)
    .addColumn('area_code', 'varchar(6)', (c) => c.notNull())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('phone', 'varchar(30)', (c) => c.notNull())
    .addColumn('lon', 'double precision', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('roads_json', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('vis_warnings')
    .addColumn('id', id.type, id.build)
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('road_id', 'integer', (c) => c.notNull())
    .addColumn('area_code', 'varchar(6)', (c) => c.notNull())
    .addColumn('level', 'smallint', (c) => c.notNull())
    .addColumn('visibility', 'double precision', (c) => c.notNull())
    .addColumn('start_t', 'bigint', (c) => c.notNull())
    .addColumn('last_t', 'bigint', (c) => c.notNull())
    .addColumn('end_t', 'bigint')
    .addColumn('police_json', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('vis_warnings_area_t').on('vis_warnings').columns(['area_code', 'start_t']).execute();
  const now = Math.floor(Date.now() / 1000);
  const last = await db
    .selectFrom('dict_items')
    .select((eb) => eb.fn.max('sort').as('sort'))
    .where('type', '=', 'deviceType')
    .executeTakeFirst();
  const exists = await db
    .selectFrom('dict_items')
    .select('value')
    .where('type', '=', 'deviceType')
    .where('value', '=', 'L02')
    .executeTakeFirst();
  if (exists === undefined) {
    await db
      .insertInto('dict_items')
      .values({
        type: 'deviceType',
        value: 'L02',
        label: '车载走航激光雷达',
        sort: Number(last?.sort ?? 0) + 10,
        enabled: 1,
        extra_json: JSON.stringify({ platform: 'lidar' }),
        builtin: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'vis_warnings',
    'vis_police_units',
    'vis_roads',
    'lidar_auto_points',
    'lidar_auto_records',
    'lidar_polluters',
    'lidar_hotspot_photos',
    'lidar_hotspots',
    'lidar_profiles',
    'lidar_scans',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
