import type { Kysely } from 'kysely';

/**
 * The device core (issue 14) names every kind of device a bureau connects: the device types and
 * factors missing from 0007 are added here (a new migration, since administrators may have edited
 * the earlier items). Items an installation already has are left alone.
 */

interface Item {
  type: 'deviceType' | 'factor';
  value: string;
  label: string;
  extra: Record<string, string>;
}

// biome-ignore format: one line per item
const ITEMS: Item[] = [
  { type: 'deviceType', value: 'E01', label: '机动车尾气遥感监测', extra: { platform: 'air' } },
  { type: 'deviceType', value: 'P01', label: '企业分表计电', extra: { platform: 'device' } },
  { type: 'deviceType', value: 'F01', label: '火灾报警探测器', extra: { platform: 'device' } },
  { type: 'deviceType', value: 'H01', label: '水质自动监测站', extra: { platform: 'device' } },
  { type: 'deviceType', value: 'Y01', label: '能见度仪', extra: { platform: 'lidar' } },
  { type: 'factor', value: 'w01001', label: 'pH 值', extra: { unit: '无量纲', standard: 'HJ212-2017', key: 'ph' } },
  { type: 'factor', value: 'w01009', label: '溶解氧', extra: { unit: 'mg/L', standard: 'HJ212-2017', key: 'do' } },
  { type: 'factor', value: 'w01018', label: '化学需氧量', extra: { unit: 'mg/L', standard: 'HJ212-2017', key: 'cod' } },
  { type: 'factor', value: 'w21003', label: '氨氮', extra: { unit: 'mg/L', standard: 'HJ212-2017', key: 'nh3n' } },
  { type: 'factor', value: 'w21011', label: '总磷', extra: { unit: 'mg/L', standard: 'HJ212-2017', key: 'tp' } },
  { type: 'factor', value: 'exhCO', label: '尾气 CO', extra: { unit: '%', standard: 'industry', key: 'exhCO' } },
  { type: 'factor', value: 'exhHC', label: '尾气 HC', extra: { unit: 'ppm', standard: 'industry', key: 'exhHC' } },
  { type: 'factor', value: 'exhNO', label: '尾气 NO', extra: { unit: 'ppm', standard: 'industry', key: 'exhNO' } },
  { type: 'factor', value: 'opacity', label: '烟度（不透光度）', extra: { unit: '%', standard: 'industry', key: 'opacity' } },
  { type: 'factor', value: 'power', label: '有功功率', extra: { unit: 'kW', standard: 'industry', key: 'power' } },
  { type: 'factor', value: 'current', label: '电流', extra: { unit: 'A', standard: 'industry', key: 'current' } },
  { type: 'factor', value: 'energy', label: '累计电量', extra: { unit: 'kWh', standard: 'industry', key: 'energy' } },
  { type: 'factor', value: 'fanCurrent', label: '风机电流', extra: { unit: 'A', standard: 'industry', key: 'fanCurrent' } },
  { type: 'factor', value: 'purifierCurrent', label: '净化器电流', extra: { unit: 'A', standard: 'industry', key: 'purifierCurrent' } },
  { type: 'factor', value: 'smokeDensity', label: '烟雾浓度', extra: { unit: '%obs/m', standard: 'industry', key: 'smokeDensity' } },
  { type: 'factor', value: 'visibility', label: '能见度', extra: { unit: 'm', standard: 'industry', key: 'visibility' } },
];

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the evolving typed schema
export async function up(db: Kysely<any>): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  for (const type of ['deviceType', 'factor'] as const) {
    const last = await db
      .selectFrom('dict_items')
      .select((eb) => eb.fn.max('sort').as('sort'))
      .where('type', '=', type)
      .executeTakeFirst();
    let sort = Number(last?.sort ?? 0);
    for (const item of ITEMS.filter((i) => i.type === type)) {
      sort += 10;
      await db
        .insertInto('dict_items')
        .values({
          type,
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
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const item of ITEMS) {
    await db.deleteFrom('dict_items').where('type', '=', item.type).where('value', '=', item.value).execute();
  }
}
