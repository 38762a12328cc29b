import { type Kysely, sql } from 'kysely';
import { autoId } from '../../../../platform/db/schema';

/** Patrols and their GPS tracks (issue 15), and the patrol tools of the dictionary. */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
  const id = autoId(db);
  await db.schema
    .createTable('patrols')
    .addColumn('id', id.type, id.build)
    .addColumn('operator_id', 'varchar(40)', (col) => col.notNull())
    .addColumn('operator_name', 'varchar(64)', (col) => col.notNull())
    .addColumn('grid_code', 'varchar(30)')
    .addColumn('area_code', 'varchar(6)', (col) => col.notNull())
    .addColumn('tool', 'varchar(40)', (col) => col.notNull())
    .addColumn('started_at', 'bigint', (col) => col.notNull())
    .addColumn('ended_at', 'bigint')
    .addColumn('status', 'varchar(12)', (col) => col.notNull())
    .addColumn('distance_m', 'double precision', (col) => col.notNull())
    .addColumn('point_count', 'integer', (col) => col.notNull())
    .addColumn('note', 'varchar(500)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('patrols_area_time').on('patrols').columns(['area_code', 'started_at']).execute();
  await db.schema.createIndex('patrols_operator_time').on('patrols').columns(['operator_id', 'started_at']).execute();
  await db.schema.createIndex('patrols_grid_time').on('patrols').columns(['grid_code', 'started_at']).execute();
  // One active patrol per operator, also when two phones press "start" at once.
  await db.schema
    .createIndex('patrols_one_active')
    .on('patrols')
    .column('operator_id')
    .unique()
    .where(sql.ref('status'), '=', 'active')
    .execute();
  await db.schema
    .createTable('patrol_points')
    .addColumn('patrol_id', 'integer', (col) => col.notNull().references('patrols.id').onDelete('cascade'))
    .addColumn('t', 'bigint', (col) => col.notNull())
    .addColumn('lon', 'double precision', (col) => col.notNull())
    .addColumn('lat', 'double precision', (col) => col.notNull())
    .addColumn('accuracy', 'real')
    .addColumn('speed', 'real')
    // One point per patrol and second: a batch sent again after a dropped connection inserts nothing twice.
    .addPrimaryKeyConstraint('patrol_points_pk', ['patrol_id', 't'])
    .execute();
  await seedPatrolTools(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('patrol_points').execute();
  await db.schema.dropTable('patrols').execute();
  await db.deleteFrom('dict_items').where('type', '=', 'patrolTools').execute();
  await db.deleteFrom('dict_types').where('code', '=', 'patrolTools').execute();
}

// biome-ignore format: one line per item
const TOOLS = [
  { value: 'walk', label: '步行' },
  { value: 'bike', label: '自行车' },
  { value: 'ebike', label: '电动车' },
  { value: 'car', label: '汽车' },
  { value: 'drone', label: '无人机' },
];

/**
 * The patrol tools (spec §3 Patrol: patrolTools) as a built-in dictionary type, so that
 * administrators rename or disable them like any other coded value. An installation that already
 * made the type by hand keeps it and its items; the missing ones are added.
 */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function seedPatrolTools(db: Kysely<any>): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const type = await db.selectFrom('dict_types').select('code').where('code', '=', 'patrolTools').executeTakeFirst();
  if (type === undefined) {
    await db
      .insertInto('dict_types')
      .values({
        code: 'patrolTools',
        name: '巡查方式',
        description: '网格员巡查所用的交通方式（patrolTools）',
        builtin: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  const rows: Array<{ value: string }> = await db
    .selectFrom('dict_items')
    .select('value')
    .where('type', '=', 'patrolTools')
    .execute();
  const existing = new Set(rows.map((r) => r.value));
  const missing = TOOLS.filter((tool) => !existing.has(tool.value));
  if (missing.length === 0) return;
  await db
    .insertInto('dict_items')
    .values(
      missing.map((tool) => ({
        type: 'patrolTools',
        value: tool.value,
        label: tool.label,
        sort: (TOOLS.indexOf(tool) + 1) * 10,
        enabled: 1,
        extra_json: '{}',
        builtin: 1,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}
