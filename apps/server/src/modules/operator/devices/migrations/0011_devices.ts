import type { Kysely } from 'kysely';
import { autoId } from '../../../../platform/db/schema';

/** Sites, devices, their status, telemetry at three resolutions, latest values, operation records. */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
  const id = autoId(db);
  await db.schema
    .createTable('device_sites')
    .addColumn('id', id.type, id.build)
    .addColumn('code', 'varchar(32)', (col) => col.notNull().unique())
    .addColumn('name', 'varchar(40)', (col) => col.notNull())
    .addColumn('area_code', 'varchar(6)', (col) => col.notNull())
    .addColumn('lon', 'double precision', (col) => col.notNull())
    .addColumn('lat', 'double precision', (col) => col.notNull())
    .addColumn('address', 'varchar(100)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('device_sites_area').on('device_sites').columns(['area_code']).execute();

  await db.schema
    .createTable('devices')
    .addColumn('id', id.type, id.build)
    .addColumn('mn', 'varchar(24)', (col) => col.notNull().unique())
    .addColumn('name', 'varchar(40)', (col) => col.notNull())
    .addColumn('type', 'varchar(8)', (col) => col.notNull())
    .addColumn('site_id', 'integer', (col) => col.notNull().references('device_sites.id'))
    .addColumn('area_code', 'varchar(6)', (col) => col.notNull())
    .addColumn('password_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('install_date', 'varchar(10)')
    .addColumn('status', 'varchar(12)', (col) => col.notNull())
    .addColumn('factors_json', 'text', (col) => col.notNull())
    .addColumn('config_json', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('retired_at', 'bigint')
    .execute();
  await db.schema.createIndex('devices_area').on('devices').columns(['area_code', 'id']).execute();
  await db.schema.createIndex('devices_site').on('devices').columns(['site_id']).execute();

  await db.schema
    .createTable('device_status')
    .addColumn('device_id', 'integer', (col) => col.primaryKey().references('devices.id'))
    .addColumn('last_seen', 'bigint')
    .addColumn('last_data_time', 'bigint')
    .addColumn('online', 'varchar(8)', (col) => col.notNull())
    .addColumn('changed_at', 'bigint', (col) => col.notNull())
    .execute();

  // Values are read by device, factor and time range; the key is that order.
  await db.schema
    .createTable('telemetry_minute')
    .addColumn('device_id', 'integer', (col) => col.notNull())
    .addColumn('factor', 'varchar(24)', (col) => col.notNull())
    .addColumn('t', 'bigint', (col) => col.notNull())
    .addColumn('value', 'double precision')
    .addColumn('vmin', 'double precision')
    .addColumn('vmax', 'double precision')
    .addColumn('flag', 'varchar(2)')
    .addColumn('invalid', 'smallint', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('telemetry_minute_pk', ['device_id', 'factor', 't'])
    .execute();
  // Retention deletes by time across devices.
  await db.schema.createIndex('telemetry_minute_t').on('telemetry_minute').columns(['t']).execute();

  await db.schema
    .createTable('telemetry_hour')
    .addColumn('device_id', 'integer', (col) => col.notNull())
    .addColumn('factor', 'varchar(24)', (col) => col.notNull())
    .addColumn('t', 'bigint', (col) => col.notNull())
    .addColumn('value', 'double precision')
    .addColumn('vmin', 'double precision')
    .addColumn('vmax', 'double precision')
    .addColumn('flag', 'varchar(2)')
    .addColumn('valid_count', 'integer', (col) => col.notNull())
    .addColumn('sample_count', 'integer', (col) => col.notNull())
    .addColumn('valid', 'smallint', (col) => col.notNull())
    .addColumn('invalid', 'smallint', (col) => col.notNull().defaultTo(0))
    .addColumn('source', 'varchar(8)', (col) => col.notNull())
    .addPrimaryKeyConstraint('telemetry_hour_pk', ['device_id', 'factor', 't'])
    .execute();
  await db.schema.createIndex('telemetry_hour_t').on('telemetry_hour').columns(['t']).execute();

  await db.schema
    .createTable('telemetry_day')
    .addColumn('device_id', 'integer', (col) => col.notNull())
    .addColumn('factor', 'varchar(24)', (col) => col.notNull())
    .addColumn('t', 'bigint', (col) => col.notNull())
    .addColumn('value', 'double precision')
    .addColumn('vmin', 'double precision')
    .addColumn('vmax', 'double precision')
    .addColumn('valid_count', 'integer', (col) => col.notNull())
    .addColumn('sample_count', 'integer', (col) => col.notNull())
    .addColumn('valid', 'smallint', (col) => col.notNull())
    .addColumn('source', 'varchar(8)', (col) => col.notNull())
    .addPrimaryKeyConstraint('telemetry_day_pk', ['device_id', 'factor', 't'])
    .execute();

  await db.schema
    .createTable('telemetry_latest')
    .addColumn('device_id', 'integer', (col) => col.notNull())
    .addColumn('factor', 'varchar(24)', (col) => col.notNull())
    .addColumn('t', 'bigint', (col) => col.notNull())
    .addColumn('value', 'double precision')
    .addColumn('flag', 'varchar(2)')
    .addPrimaryKeyConstraint('telemetry_latest_pk', ['device_id', 'factor'])
    .execute();

  await db.schema
    .createTable('device_operations')
    .addColumn('id', id.type, id.build)
    .addColumn('device_ids', 'text', (col) => col.notNull())
    .addColumn('area_code', 'varchar(6)', (col) => col.notNull())
    .addColumn('operation_status', 'varchar(16)', (col) => col.notNull())
    .addColumn('valid_status', 'varchar(16)', (col) => col.notNull())
    .addColumn('start_t', 'bigint', (col) => col.notNull())
    .addColumn('end_t', 'bigint', (col) => col.notNull())
    .addColumn('factor', 'varchar(24)')
    .addColumn('note', 'varchar(200)', (col) => col.notNull())
    .addColumn('operator', 'varchar(80)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('device_operations_area')
    .on('device_operations')
    .columns(['area_code', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'device_operations',
    'telemetry_latest',
    'telemetry_day',
    'telemetry_hour',
    'telemetry_minute',
    'device_status',
    'devices',
    'device_sites',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
