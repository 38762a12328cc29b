import type { Kysely } from 'kysely';

/**
 * Fire alarms (issue 20): the detector factors of F01 devices in the factor dictionary (HJ 212-2017 has
 * no fire items; industry codes like the platform's others; smokeDensity came with 0010), and the
 * handling outcomes of fire alarms (the alarm itself is the shared lifecycle's, in `alarms`).
 */

// biome-ignore format: one line per item
const FACTORS = [
  { value: 'fireTemp', label: '探测温度', extra: { unit: '℃', standard: 'industry', key: 'fireTemp' } },
  { value: 'flame', label: '火焰信号', extra: { unit: '', standard: 'industry', key: 'flame' } },
  { value: 'fault', label: '故障信号', extra: { unit: '', standard: 'industry', key: 'fault' } },
];

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
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

  await db.schema
    .createTable('fire_alarm_outcomes')
    .addColumn('alarm_id', 'integer', (col) => col.primaryKey())
    .addColumn('area_code', 'varchar(6)', (col) => col.notNull())
    .addColumn('outcome', 'varchar(16)', (col) => col.notNull())
    .addColumn('note', 'varchar(200)')
    .addColumn('by_name', 'varchar(80)', (col) => col.notNull())
    .addColumn('at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('fire_alarm_outcomes_area')
    .on('fire_alarm_outcomes')
    .columns(['area_code', 'at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('fire_alarm_outcomes').execute();
  for (const item of FACTORS) {
    await db.deleteFrom('dict_items').where('type', '=', 'factor').where('value', '=', item.value).execute();
  }
}
