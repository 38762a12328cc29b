import { type Kysely, sql } from 'kysely';
import { autoId } from '../../../../platform/db/schema';

// biome-ignore format: one line per rule
const DEFAULT_RULES = [
  { name: '设备离线', kind: 'offline', device_type: null, factor: null, level: 3 },
  { name: 'PM2.5 重度污染（>150 μg/m³ 持续 1 小时）', kind: 'over_limit', device_type: 'A01', factor: 'a34004', level: 2, threshold: 150, duration_seconds: 3600 },
  { name: 'PM2.5 负值或超量程', kind: 'out_of_range', device_type: 'A01', factor: 'a34004', level: 4, low: 0, high: 1000 },
  { name: 'PM2.5 恒值（传感器卡死）', kind: 'constant', device_type: 'A01', factor: 'a34004', level: 4, count: 30 },
  { name: '噪声超 70 dB(A) 持续 10 分钟', kind: 'over_limit', device_type: 'N01', factor: 'LA', level: 3, threshold: 70, duration_seconds: 600 },
  { name: '油烟超标（GB 18483：2.0 mg/m³）', kind: 'over_limit', device_type: 'S01', factor: 'oilFume', level: 2, threshold: 2, duration_seconds: 600 },
  { name: '湿度超出量程', kind: 'out_of_range', device_type: null, factor: 'a01002', level: 4, low: 0, high: 100 },
];

/** Alarm rules (with sensible defaults every installation starts with), alarms and their history. */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
  const id = autoId(db);
  await db.schema
    .createTable('alarm_rules')
    .addColumn('id', id.type, id.build)
    .addColumn('name', 'varchar(40)', (col) => col.notNull())
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('device_type', 'varchar(8)')
    .addColumn('device_id', 'integer')
    .addColumn('factor', 'varchar(24)')
    .addColumn('level', 'smallint', (col) => col.notNull())
    .addColumn('threshold', 'double precision')
    .addColumn('low', 'double precision')
    .addColumn('high', 'double precision')
    .addColumn('duration_seconds', 'integer')
    .addColumn('window_seconds', 'integer')
    .addColumn('count', 'integer')
    .addColumn('enabled', 'smallint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('alarms')
    .addColumn('id', id.type, id.build)
    .addColumn('rule_id', 'integer', (col) => col.notNull())
    .addColumn('device_id', 'integer', (col) => col.notNull())
    .addColumn('area_code', 'varchar(6)', (col) => col.notNull())
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('level', 'smallint', (col) => col.notNull())
    .addColumn('factor', 'varchar(24)')
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('message', 'varchar(300)', (col) => col.notNull())
    .addColumn('value', 'double precision')
    .addColumn('first_at', 'bigint', (col) => col.notNull())
    .addColumn('last_at', 'bigint', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('ack_by', 'varchar(80)')
    .addColumn('ack_at', 'bigint')
    .addColumn('ack_note', 'varchar(200)')
    .addColumn('cleared_by', 'varchar(80)')
    .addColumn('cleared_at', 'bigint')
    .addColumn('clear_mode', 'varchar(8)')
    .addColumn('clear_note', 'varchar(200)')
    .execute();
  // One open alarm per device and rule, held by the database whatever the instances do.
  await db.schema
    .createIndex('alarms_open_unique')
    .on('alarms')
    .columns(['rule_id', 'device_id'])
    .unique()
    .where(sql.ref('status'), '<>', 'cleared')
    .execute();
  await db.schema.createIndex('alarms_area').on('alarms').columns(['area_code', 'first_at']).execute();
  await db.schema.createIndex('alarms_device').on('alarms').columns(['device_id', 'status']).execute();

  await db.schema
    .createTable('alarm_events')
    .addColumn('id', id.type, id.build)
    .addColumn('alarm_id', 'integer', (col) => col.notNull())
    .addColumn('at', 'bigint', (col) => col.notNull())
    .addColumn('action', 'varchar(16)', (col) => col.notNull())
    .addColumn('actor', 'varchar(80)', (col) => col.notNull())
    .addColumn('note', 'varchar(300)')
    .execute();
  await db.schema.createIndex('alarm_events_alarm').on('alarm_events').columns(['alarm_id', 'at']).execute();

  const now = Math.floor(Date.now() / 1000);
  await db
    .insertInto('alarm_rules')
    .values(
      DEFAULT_RULES.map((r) => ({
        threshold: null,
        low: null,
        high: null,
        duration_seconds: null,
        window_seconds: null,
        count: null,
        device_id: null,
        ...r,
        enabled: 1,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('alarm_events').execute();
  await db.schema.dropTable('alarms').execute();
  await db.schema.dropTable('alarm_rules').execute();
}
