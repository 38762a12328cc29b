import type { Kysely } from 'kysely';
import { isPostgres } from '../../../../platform/db/schema';

/**
 * The surface weather and remote-sensing sources (docs/WEATHER-SOURCES.md): typhoon best tracks,
 * early warnings (CAP), METAR observations and radar/satellite image frames with their bytes
 * (bytea/blob: every instance serves them, a backup keeps them).
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
  const blob = isPostgres(db) ? 'bytea' : 'blob';
  await db.schema
    .createTable('typhoons')
    .addColumn('id', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('serial', 'integer', (c) => c.notNull())
    .addColumn('international', 'varchar(4)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(40)', (c) => c.notNull())
    .addColumn('name_cn', 'varchar(20)')
    .addColumn('max_category', 'integer', (c) => c.notNull())
    .addColumn('min_pressure', 'integer', (c) => c.notNull())
    .addColumn('max_wind', 'integer')
    .addColumn('first_time', 'bigint', (c) => c.notNull())
    .addColumn('last_time', 'bigint', (c) => c.notNull())
    .addColumn('imported_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('typhoons_year').on('typhoons').columns(['year', 'serial']).execute();
  await db.schema
    .createTable('typhoon_points')
    .addColumn('typhoon_id', 'varchar(16)', (c) => c.notNull().references('typhoons.id').onDelete('cascade'))
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('category', 'integer', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lon', 'double precision', (c) => c.notNull())
    .addColumn('pressure', 'integer', (c) => c.notNull())
    .addColumn('wind', 'integer')
    .addPrimaryKeyConstraint('typhoon_points_pk', ['typhoon_id', 'time'])
    .execute();
  await db.schema
    .createTable('weather_warnings')
    .addColumn('id', 'varchar(120)', (c) => c.primaryKey())
    .addColumn('sender', 'varchar(120)', (c) => c.notNull())
    .addColumn('sent', 'bigint', (c) => c.notNull())
    .addColumn('msg_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('type_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('event', 'varchar(40)', (c) => c.notNull())
    .addColumn('level', 'varchar(8)', (c) => c.notNull())
    .addColumn('headline', 'varchar(400)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('instruction', 'text')
    .addColumn('area_desc', 'varchar(400)', (c) => c.notNull())
    .addColumn('area_code', 'varchar(12)')
    .addColumn('effective', 'bigint', (c) => c.notNull())
    .addColumn('expires', 'bigint')
    .addColumn('cancelled_at', 'bigint')
    .addColumn('imported_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('weather_warnings_active')
    .on('weather_warnings')
    .columns(['type_code', 'effective'])
    .execute();
  await db.schema
    .createTable('metar_observations')
    .addColumn('icao', 'varchar(4)', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('temperature', 'double precision')
    .addColumn('dew_point', 'double precision')
    .addColumn('humidity', 'integer')
    .addColumn('wind_direction', 'integer')
    .addColumn('wind_speed', 'double precision')
    .addColumn('gust', 'double precision')
    .addColumn('visibility', 'integer')
    .addColumn('pressure', 'double precision')
    .addColumn('weather', 'varchar(80)', (c) => c.notNull())
    .addColumn('raw', 'varchar(400)', (c) => c.notNull())
    .addColumn('imported_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('metar_observations_pk', ['icao', 'time'])
    .execute();
  await db.schema.createIndex('metar_observations_time').on('metar_observations').column('time').execute();
  await db.schema
    .createTable('image_frames')
    .addColumn('name', 'varchar(120)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('product', 'varchar(40)', (c) => c.notNull())
    .addColumn('region', 'varchar(16)', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('format', 'varchar(8)', (c) => c.notNull())
    .addColumn('data', blob, (c) => c.notNull())
    .addColumn('origin', 'varchar(8)', (c) => c.notNull())
    .addColumn('source_url', 'text')
    .addColumn('imported_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('image_frames_kind_time')
    .on('image_frames')
    .columns(['kind', 'product', 'time'])
    .execute();
  // Traffic images are read per city (region): the latest one, or a city's day.
  await db.schema
    .createIndex('image_frames_kind_region_time')
    .on('image_frames')
    .columns(['kind', 'region', 'time'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['image_frames', 'metar_observations', 'weather_warnings', 'typhoon_points', 'typhoons']) {
    await db.schema.dropTable(table).execute();
  }
}
