import type { Kysely } from 'kysely';

/**
 * VOC and ozone analysis (issue 20): the VOC species a VOC station sends join the factor dictionary,
 * with NO (the stations report NO beside NO2 and O3, for NOx). Written here rather than read from the
 * catalogue of packages/domain so that this migration stays what it was when it first ran; the codes,
 * names and units are the catalogue's (HJ 212-2017 codes where the standard has them, own `v1xxxx`
 * codes otherwise). Species are sent in μg/m³ at the reference state (298.15 K, 101.325 kPa).
 * Items an installation already has are left alone.
 */

// biome-ignore format: one line per item
const ITEMS: Array<[code: string, label: string, standard: 'HJ212-2017' | 'industry']> = [
  ['a21003', 'NO', 'HJ212-2017'],
  ['v10001', '乙烷', 'industry'],
  ['v10002', '丙烷', 'industry'],
  ['v10003', '异丁烷', 'industry'],
  ['v10004', '正丁烷', 'industry'],
  ['v10005', '异戊烷', 'industry'],
  ['v10006', '正戊烷', 'industry'],
  ['a24042', '正己烷', 'HJ212-2017'],
  ['a24036', '环己烷', 'HJ212-2017'],
  ['a24043', '正庚烷', 'HJ212-2017'],
  ['v10101', '乙烯', 'industry'],
  ['a24053', '丙烯', 'HJ212-2017'],
  ['v10102', '1-丁烯', 'industry'],
  ['v10103', '反-2-丁烯', 'industry'],
  ['a24078', '1,3-丁二烯', 'HJ212-2017'],
  ['v10104', '异戊二烯', 'industry'],
  ['v10201', '乙炔', 'industry'],
  ['a25002', '苯', 'HJ212-2017'],
  ['a25003', '甲苯', 'HJ212-2017'],
  ['a25004', '乙苯', 'HJ212-2017'],
  ['a25007', '间二甲苯', 'HJ212-2017'],
  ['a25008', '对二甲苯', 'HJ212-2017'],
  ['a25006', '邻二甲苯', 'HJ212-2017'],
  ['a25038', '苯乙烯', 'HJ212-2017'],
  ['a25019', '1,2,4-三甲苯', 'HJ212-2017'],
  ['a25021', '1,3,5-三甲苯', 'HJ212-2017'],
  ['a31001', '甲醛', 'HJ212-2017'],
  ['a31002', '乙醛', 'HJ212-2017'],
  ['a31024', '丙酮', 'HJ212-2017'],
  ['a31025', '2-丁酮', 'HJ212-2017'],
  ['a24003', '二氯甲烷', 'HJ212-2017'],
  ['a24004', '三氯甲烷', 'HJ212-2017'],
  ['a24017', '1,2-二氯乙烷', 'HJ212-2017'],
  ['a24049', '三氯乙烯', 'HJ212-2017'],
  ['a24050', '四氯乙烯', 'HJ212-2017'],
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
  for (const [value, label, standard] of ITEMS) {
    sort += 10;
    await db
      .insertInto('dict_items')
      .values({
        type: 'factor',
        value,
        label,
        sort,
        enabled: 1,
        extra_json: JSON.stringify({ unit: 'μg/m³', standard, key: value === 'a21003' ? 'no' : `voc.${value}` }),
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
  for (const [value] of ITEMS) {
    await db.deleteFrom('dict_items').where('type', '=', 'factor').where('value', '=', value).execute();
  }
}
