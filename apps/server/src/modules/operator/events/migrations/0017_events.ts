import type { Kysely } from 'kysely';
import { autoId, isPostgres } from '../../../../platform/db/schema';

/** Grid events, their history and photos (issue 15). */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
  const id = autoId(db);
  await db.schema
    .createTable('events')
    .addColumn('id', id.type, id.build)
    .addColumn('title', 'varchar(80)', (col) => col.notNull())
    .addColumn('catalog', 'varchar(40)', (col) => col.notNull())
    .addColumn('source', 'varchar(12)', (col) => col.notNull())
    .addColumn('state', 'varchar(12)', (col) => col.notNull())
    .addColumn('priority', 'smallint', (col) => col.notNull())
    .addColumn('description', 'varchar(2000)', (col) => col.notNull())
    .addColumn('address', 'varchar(200)', (col) => col.notNull())
    .addColumn('lon', 'double precision', (col) => col.notNull())
    .addColumn('lat', 'double precision', (col) => col.notNull())
    .addColumn('grid_code', 'varchar(30)')
    .addColumn('area_code', 'varchar(6)', (col) => col.notNull())
    .addColumn('org_id', 'varchar(40)')
    .addColumn('assignee_id', 'varchar(40)')
    .addColumn('reporter_id', 'varchar(40)')
    .addColumn('reporter_name', 'varchar(64)', (col) => col.notNull())
    .addColumn('alarm_id', 'integer', (col) => col.unique())
    .addColumn('complaint_id', 'integer', (col) => col.unique())
    .addColumn('patrol_id', 'integer')
    .addColumn('deadline', 'bigint')
    .addColumn('overdue_at', 'bigint')
    .addColumn('reported_at', 'bigint', (col) => col.notNull())
    .addColumn('dispatched_at', 'bigint')
    .addColumn('handled_at', 'bigint')
    .addColumn('closed_at', 'bigint')
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('events_area_time').on('events').columns(['area_code', 'reported_at']).execute();
  await db.schema.createIndex('events_grid').on('events').columns(['grid_code', 'reported_at']).execute();
  await db.schema.createIndex('events_assignee').on('events').columns(['assignee_id', 'state']).execute();
  await db.schema.createIndex('events_state_deadline').on('events').columns(['state', 'deadline']).execute();
  await db.schema.createIndex('events_patrol').on('events').column('patrol_id').execute();
  await db.schema
    .createTable('event_logs')
    .addColumn('id', id.type, id.build)
    .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id').onDelete('cascade'))
    .addColumn('action', 'varchar(16)', (col) => col.notNull())
    .addColumn('from_state', 'varchar(12)')
    .addColumn('to_state', 'varchar(12)')
    .addColumn('actor_id', 'varchar(40)')
    .addColumn('actor_name', 'varchar(64)', (col) => col.notNull())
    .addColumn('note', 'varchar(500)')
    .addColumn('target', 'varchar(120)')
    .addColumn('at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('event_logs_event').on('event_logs').columns(['event_id', 'id']).execute();
  await db.schema
    .createTable('event_attachments')
    .addColumn('id', id.type, id.build)
    .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id').onDelete('cascade'))
    .addColumn('log_id', 'integer')
    .addColumn('name', 'varchar(120)', (col) => col.notNull())
    .addColumn('mime', 'varchar(40)', (col) => col.notNull())
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('lon', 'double precision')
    .addColumn('lat', 'double precision')
    .addColumn('taken_at', 'bigint')
    .addColumn('sha256', 'varchar(64)', (col) => col.notNull())
    .addColumn('data', isPostgres(db) ? 'bytea' : 'blob', (col) => col.notNull())
    .addColumn('created_by', 'varchar(40)')
    .addColumn('created_by_name', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('event_attachments_event').on('event_attachments').column('event_id').execute();
  await seedCatalog(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('event_attachments').execute();
  await db.schema.dropTable('event_logs').execute();
  await db.schema.dropTable('events').execute();
}

/**
 * The event catalogue gains its deadlines (hours at normal priority) and a second level, so that the
 * catalogue tree and the deadlines work out of the box; administrators edit both in the dictionary.
 * Items an installation already changed keep their extra attributes' other keys.
 */
// biome-ignore format: one line per item
const CATALOG: Array<{ value: string; label?: string; parent?: string; deadlineHours: number }> = [
  { value: 'dust', deadlineHours: 48 },
  { value: 'openBurning', deadlineHours: 8 },
  { value: 'cateringFume', deadlineHours: 72 },
  { value: 'industrialGas', deadlineHours: 24 },
  { value: 'vehicleExhaust', deadlineHours: 72 },
  { value: 'noise', deadlineHours: 48 },
  { value: 'garbage', deadlineHours: 48 },
  { value: 'looseCoal', deadlineHours: 24 },
  { value: 'other', deadlineHours: 72 },
  { value: 'siteDust', label: '工地扬尘', parent: 'dust', deadlineHours: 24 },
  { value: 'roadDust', label: '道路扬尘', parent: 'dust', deadlineHours: 48 },
  { value: 'bareSoil', label: '裸土未苫盖', parent: 'dust', deadlineHours: 72 },
  { value: 'strawBurning', label: '秸秆焚烧', parent: 'openBurning', deadlineHours: 4 },
  { value: 'garbageBurning', label: '垃圾焚烧', parent: 'openBurning', deadlineHours: 8 },
  { value: 'noPurifier', label: '未安装油烟净化设施', parent: 'cateringFume', deadlineHours: 168 },
  { value: 'outdoorBbq', label: '露天烧烤', parent: 'cateringFume', deadlineHours: 24 },
  { value: 'stackExceed', label: '排口超标排放', parent: 'industrialGas', deadlineHours: 12 },
  { value: 'fugitive', label: '无组织排放', parent: 'industrialGas', deadlineHours: 24 },
  { value: 'smokyVehicle', label: '冒黑烟车辆', parent: 'vehicleExhaust', deadlineHours: 72 },
  { value: 'nightConstruction', label: '夜间施工噪声', parent: 'noise', deadlineHours: 12 },
  { value: 'deviceAlarm', label: '监测设备告警', deadlineHours: 24 },
];

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function seedCatalog(db: Kysely<any>): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const rows: Array<{ value: string; extra_json: string }> = await db
    .selectFrom('dict_items')
    .select(['value', 'extra_json'])
    .where('type', '=', 'eventCatalog')
    .execute();
  const existing = new Map(rows.map((r) => [r.value, r.extra_json]));
  let sort = 1000;
  for (const item of CATALOG) {
    const extra: Record<string, string> = { deadlineHours: String(item.deadlineHours) };
    if (item.parent !== undefined) extra.parent = item.parent;
    const had = existing.get(item.value);
    if (had !== undefined) {
      const merged = { ...extra, ...(JSON.parse(had) as Record<string, string>) };
      await db
        .updateTable('dict_items')
        .set({ extra_json: JSON.stringify(merged), updated_at: now })
        .where('type', '=', 'eventCatalog')
        .where('value', '=', item.value)
        .execute();
    } else if (item.label !== undefined) {
      sort += 10;
      await db
        .insertInto('dict_items')
        .values({
          type: 'eventCatalog',
          value: item.value,
          label: item.label,
          sort,
          enabled: 1,
          extra_json: JSON.stringify(extra),
          builtin: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  }
}
