import type { Kysely } from 'kysely';

/**
 * Surface-water stations (issue 20): the HJ 212-2017 water factors GB 3838-2002 evaluates or a station
 * measures beside them, missing from the dictionary (pH, DO, COD, NH3-N and TP came with 0010).
 */

// biome-ignore format: one line per item
const FACTORS = [
  { value: 'w01019', label: '高锰酸盐指数', extra: { unit: 'mg/L', standard: 'HJ212-2017', key: 'codMn' } },
  { value: 'w01017', label: '五日生化需氧量', extra: { unit: 'mg/L', standard: 'HJ212-2017', key: 'bod5' } },
  { value: 'w21001', label: '总氮', extra: { unit: 'mg/L', standard: 'HJ212-2017', key: 'tn' } },
  { value: 'w01010', label: '水温', extra: { unit: '℃', standard: 'HJ212-2017', key: 'waterTemp' } },
  { value: 'w01014', label: '电导率', extra: { unit: 'μS/cm', standard: 'HJ212-2017', key: 'conductivity' } },
  { value: 'w01003', label: '浊度', extra: { unit: 'NTU', standard: 'HJ212-2017', key: 'turbidity' } },
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
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const item of FACTORS) {
    await db.deleteFrom('dict_items').where('type', '=', 'factor').where('value', '=', item.value).execute();
  }
}
