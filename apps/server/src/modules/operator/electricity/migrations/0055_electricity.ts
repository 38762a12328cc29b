import type { Kysely } from 'kysely';
import { autoId } from '../../../../platform/db/schema';

/**
 * 分表计电 (issue 20): enterprises, monitoring points with their meters and links, 停限产 orders,
 * problem forms with their steps, meter maintenance; and the factors the meters send and the
 * detector derives (the dictionary's, so that the device core and the alarm rules know them).
 */

// biome-ignore format: one line per item
const FACTORS = [
  { value: 'Ia', label: 'A 相电流', extra: { unit: 'A', standard: 'industry', key: 'Ia' } },
  { value: 'Ib', label: 'B 相电流', extra: { unit: 'A', standard: 'industry', key: 'Ib' } },
  { value: 'Ic', label: 'C 相电流', extra: { unit: 'A', standard: 'industry', key: 'Ic' } },
  { value: 'eleTreatStop', label: '生产运行治污停运', extra: { unit: '', standard: 'derived', key: 'eleTreatStop' } },
  { value: 'eleTreatLow', label: '治污设施低负荷', extra: { unit: '', standard: 'derived', key: 'eleTreatLow' } },
  { value: 'eleOrderStop', label: '停产令期间生产', extra: { unit: '', standard: 'derived', key: 'eleOrderStop' } },
  { value: 'eleOrderUse', label: '限产负荷率', extra: { unit: '%', standard: 'derived', key: 'eleOrderUse' } },
];

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
  const id = autoId(db);
  await db.schema
    .createTable('ele_enterprises')
    .addColumn('id', id.type, id.build)
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('credit_code', 'varchar(18)', (c) => c.notNull().unique())
    .addColumn('trade_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('operate_status', 'varchar(12)', (c) => c.notNull())
    .addColumn('area_code', 'varchar(6)', (c) => c.notNull())
    .addColumn('lon', 'double precision', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('address', 'varchar(100)', (c) => c.notNull())
    .addColumn('contact', 'varchar(20)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ele_enterprises_area').on('ele_enterprises').columns(['area_code']).execute();

  await db.schema
    .createTable('ele_sites')
    .addColumn('id', id.type, id.build)
    .addColumn('enterprise_id', 'integer', (c) => c.notNull())
    .addColumn('area_code', 'varchar(6)', (c) => c.notNull())
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('process', 'varchar(60)', (c) => c.notNull())
    .addColumn('rated_kw', 'double precision')
    .addColumn('baseline_kw', 'double precision')
    .addColumn('standby_kw', 'double precision', (c) => c.notNull())
    .addColumn('running_kw', 'double precision', (c) => c.notNull())
    .addColumn('min_load_percent', 'double precision')
    .addColumn('device_id', 'integer', (c) => c.unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ele_sites_enterprise').on('ele_sites').columns(['enterprise_id']).execute();
  await db.schema.createIndex('ele_sites_area').on('ele_sites').columns(['area_code']).execute();

  await db.schema
    .createTable('ele_links')
    .addColumn('treatment_id', 'integer', (c) => c.notNull())
    .addColumn('production_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ele_links_pk', ['treatment_id', 'production_id'])
    .execute();

  await db.schema
    .createTable('ele_orders')
    .addColumn('id', id.type, id.build)
    .addColumn('enterprise_id', 'integer', (c) => c.notNull())
    .addColumn('area_code', 'varchar(6)', (c) => c.notNull())
    .addColumn('title', 'varchar(60)', (c) => c.notNull())
    .addColumn('measure', 'varchar(8)', (c) => c.notNull())
    .addColumn('ratio', 'double precision')
    .addColumn('site_ids', 'varchar(600)', (c) => c.notNull())
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('created_by', 'varchar(80)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ele_orders_area').on('ele_orders').columns(['area_code', 'end_at']).execute();

  await db.schema
    .createTable('ele_problems')
    .addColumn('id', id.type, id.build)
    .addColumn('enterprise_id', 'integer', (c) => c.notNull())
    .addColumn('area_code', 'varchar(6)', (c) => c.notNull())
    .addColumn('site_id', 'integer')
    .addColumn('alarm_id', 'integer', (c) => c.unique())
    .addColumn('title', 'varchar(60)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull())
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('assignee', 'varchar(40)', (c) => c.notNull())
    .addColumn('deadline', 'varchar(10)')
    .addColumn('created_by', 'varchar(80)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ele_problems_area').on('ele_problems').columns(['area_code', 'state']).execute();

  await db.schema
    .createTable('ele_problem_steps')
    .addColumn('id', id.type, id.build)
    .addColumn('problem_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'varchar(12)', (c) => c.notNull())
    .addColumn('actor', 'varchar(80)', (c) => c.notNull())
    .addColumn('note', 'varchar(300)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ele_problem_steps_problem').on('ele_problem_steps').columns(['problem_id']).execute();

  await db.schema
    .createTable('ele_operations')
    .addColumn('id', id.type, id.build)
    .addColumn('enterprise_id', 'integer', (c) => c.notNull())
    .addColumn('area_code', 'varchar(6)', (c) => c.notNull())
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('content', 'varchar(300)', (c) => c.notNull())
    .addColumn('worker', 'varchar(20)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(80)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ele_operations_area').on('ele_operations').columns(['area_code', 'at']).execute();

  const now = Math.floor(Date.now() / 1000);
  const last = await db
    .selectFrom('dict_items')
    .select((eb) => eb.fn.max('sort').as('sort'))
    .where('type', '=', 'factor')
    .executeTakeFirst();
  let sort = Number(last?.sort ?? 0);
  for (const item of FACTORS) {
    sort += 10;
    await db
      .insertInto('dict_items')
      .values({
        type: 'factor',
        value: item.value,
        label: item.label,
        sort,
        enabled: 1,
        extra_json: JSON.stringify(item.extra),
        builtin: 1,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['type', 'value']).doNothing())
      .execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const item of FACTORS) {
    await db.deleteFrom('dict_items').where('type', '=', 'factor').where('value', '=', item.value).execute();
  }
  for (const table of [
    'ele_operations',
    'ele_problem_steps',
    'ele_problems',
    'ele_orders',
    'ele_links',
    'ele_sites',
    'ele_enterprises',
  ])
    await db.schema.dropTable(table).execute();
}
