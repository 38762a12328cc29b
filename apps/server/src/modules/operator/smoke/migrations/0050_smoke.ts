import type { Kysely } from 'kysely';
import { autoId } from '../../../../platform/db/schema';

// biome-ignore format: one line per factor
const FACTORS = [
  { value: 'fanCurrent', label: '风机电流', extra: { unit: 'A', standard: 'industry', key: 'fanCurrent' } },
  { value: 'purifierCurrent', label: '净化器电流', extra: { unit: 'A', standard: 'industry', key: 'purifierCurrent' } },
];

// biome-ignore format: one line per rule
const RULES = [
  { name: '油烟超标（10 分钟均值 > 2.0 mg/m³）', kind: 'fume_over', factor: 'oilFume', level: 2, threshold: 2, window_seconds: 600, duration_seconds: null },
  { name: '净化器未开启（风机运行 ≥ 10 分钟）', kind: 'purifier_off', factor: 'purifierCurrent', level: 2, threshold: 0.2, window_seconds: null, duration_seconds: 600 },
];

/**
 * The enterprise register; the fan and purifier currents of the smoke loggers in the factor
 * dictionary (industry codes, as `oilFume`: HJ 212-2017 has none for them); the smoke alarm rules,
 * judged by the smoke module's detectors. The device-alarms default "油烟超标" rule (a single value
 * over 2.0 for 10 minutes) is switched off: the 10-minute mean rule replaces it, one alarm per event.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
  const id = autoId(db);
  await db.schema
    .createTable('enterprises')
    .addColumn('id', id.type, id.build)
    .addColumn('name', 'varchar(60)', (col) => col.notNull())
    .addColumn('credit_code', 'varchar(18)', (col) => col.notNull().unique())
    .addColumn('trade_type', 'varchar(16)', (col) => col.notNull())
    .addColumn('cuisine', 'varchar(20)', (col) => col.notNull())
    .addColumn('ranges', 'integer', (col) => col.notNull())
    .addColumn('purifier_efficiency', 'double precision')
    .addColumn('address', 'varchar(100)', (col) => col.notNull())
    .addColumn('area_code', 'varchar(6)', (col) => col.notNull())
    .addColumn('lon', 'double precision', (col) => col.notNull())
    .addColumn('lat', 'double precision', (col) => col.notNull())
    .addColumn('contact', 'varchar(20)', (col) => col.notNull())
    .addColumn('phone', 'varchar(20)', (col) => col.notNull())
    .addColumn('operate_status', 'varchar(16)', (col) => col.notNull())
    .addColumn('site_id', 'integer')
    .addColumn('enabled', 'smallint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('enterprises_area').on('enterprises').columns(['area_code', 'id']).execute();
  await db.schema.createIndex('enterprises_site').on('enterprises').column('site_id').execute();

  const now = Math.floor(Date.now() / 1000);
  const last = await db
    .selectFrom('dict_items')
    .select((eb) => eb.fn.max('sort').as('sort'))
    .where('type', '=', 'factor')
    .executeTakeFirst();
  const base = Number(last?.sort ?? 0);
  const existing = new Set(
    (await db.selectFrom('dict_items').select('value').where('type', '=', 'factor').execute()).map((r) => r.value),
  );
  const factors = FACTORS.filter((f) => !existing.has(f.value));
  if (factors.length > 0) {
    await db
      .insertInto('dict_items')
      .values(
        factors.map((f, i) => ({
          type: 'factor',
          value: f.value,
          label: f.label,
          sort: base + (i + 1) * 10,
          enabled: 1,
          extra_json: JSON.stringify(f.extra),
          builtin: 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }

  await db
    .updateTable('alarm_rules')
    .set({ enabled: 0, updated_at: now })
    .where('kind', '=', 'over_limit')
    .where('device_type', '=', 'S01')
    .where('factor', '=', 'oilFume')
    .where('device_id', 'is', null)
    .execute();
  await db
    .insertInto('alarm_rules')
    .values(
      RULES.map((r) => ({
        ...r,
        device_type: 'S01',
        device_id: null,
        low: null,
        high: null,
        count: null,
        enabled: 1,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('alarm_rules').where('kind', 'in', ['fume_over', 'purifier_off']).execute();
  await db
    .updateTable('alarm_rules')
    .set({ enabled: 1 })
    .where('kind', '=', 'over_limit')
    .where('device_type', '=', 'S01')
    .execute();
  await db
    .deleteFrom('dict_items')
    .where('type', '=', 'factor')
    .where(
      'value',
      'in',
      FACTORS.map((f) => f.value),
    )
    .execute();
  await db.schema.dropTable('enterprises').execute();
}
