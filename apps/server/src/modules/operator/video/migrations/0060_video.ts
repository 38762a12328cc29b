import type { Kysely } from 'kysely';

/** Video configuration of C01 cameras: the ONVIF endpoint per camera, the RTSP address per channel. */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('video_cameras')
    .addColumn('device_id', 'integer', (col) => col.primaryKey())
    .addColumn('area_code', 'varchar(6)', (col) => col.notNull())
    .addColumn('onvif_url', 'varchar(300)')
    .addColumn('onvif_user', 'varchar(64)')
    .addColumn('onvif_password_sealed', 'varchar(400)')
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('video_cameras_area').on('video_cameras').column('area_code').execute();
  await db.schema
    .createTable('video_channels')
    .addColumn('device_id', 'integer', (col) => col.notNull().references('video_cameras.device_id').onDelete('cascade'))
    .addColumn('channel_id', 'integer', (col) => col.notNull())
    .addColumn('area_code', 'varchar(6)', (col) => col.notNull())
    .addColumn('name', 'varchar(50)', (col) => col.notNull())
    .addColumn('ptz', 'smallint', (col) => col.notNull())
    .addColumn('rtsp_sealed', 'varchar(1200)', (col) => col.notNull())
    .addPrimaryKeyConstraint('video_channels_pk', ['device_id', 'channel_id'])
    .execute();
  await db.schema.createIndex('video_channels_area').on('video_channels').column('area_code').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('video_channels').execute();
  await db.schema.dropTable('video_cameras').execute();
}
