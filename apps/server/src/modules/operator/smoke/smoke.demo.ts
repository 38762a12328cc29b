import { creditCodeCheckChar } from '@lantian/domain';
import { NATIONWIDE } from '../../../platform/db/area-scope';
import type { EnterprisesRepository } from './enterprises.repository';

// biome-ignore format: one line per enterprise
const DEMO_ENTERPRISES = [
  { siteCode: 'DEMO-BJ-DC', name: '【演示】王府井美食城', areaCode: '110101', lon: 116.411, lat: 39.914, address: '北京市东城区王府井大街 88 号', cuisine: '京菜', ranges: 8, efficiency: 90, tradeType: 'restaurant', contact: '王经理' },
  { siteCode: 'DEMO-SMK-CY1', name: '【演示】三里屯川菜馆', areaCode: '110105', lon: 116.455, lat: 39.936, address: '北京市朝阳区三里屯路 19 号', cuisine: '川菜', ranges: 4, efficiency: 80, tradeType: 'restaurant', contact: '李店长' },
  { siteCode: 'DEMO-SMK-CY2', name: '【演示】望京烤鸭店', areaCode: '110105', lon: 116.47, lat: 39.996, address: '北京市朝阳区望京街 10 号', cuisine: '京菜', ranges: 6, efficiency: 70, tradeType: 'restaurant', contact: '赵经理' },
  { siteCode: 'DEMO-SMK-HD1', name: '【演示】五道口湘菜馆', areaCode: '110108', lon: 116.338, lat: 39.992, address: '北京市海淀区成府路 28 号', cuisine: '湘菜', ranges: 2, efficiency: 65, tradeType: 'restaurant', contact: '周老板' },
  { siteCode: 'DEMO-SMK-XC1', name: '【演示】西单粤菜酒家', areaCode: '110102', lon: 116.374, lat: 39.907, address: '北京市西城区西单北大街 120 号', cuisine: '粤菜', ranges: 5, efficiency: 85, tradeType: 'restaurant', contact: '陈经理' },
  { siteCode: 'DEMO-SMK-FT1', name: '【演示】丰台职工食堂', areaCode: '110106', lon: 116.287, lat: 39.858, address: '北京市丰台区科技园富丰路 4 号', cuisine: '家常菜', ranges: 3, efficiency: 78, tradeType: 'canteen', contact: '吴主任' },
  { siteCode: null, name: '【演示】鼓楼小吃店（待装监测仪）', areaCode: '110101', lon: 116.397, lat: 39.94, address: '北京市东城区鼓楼东大街 52 号', cuisine: '小吃', ranges: 1, efficiency: null, tradeType: 'restaurant', contact: '孙老板' },
] as const;

/** A valid GB 32100-2015 code for the n-th demo enterprise: 92 (个体工商户), its area, MA01YC and n. */
export function demoCreditCode(areaCode: string, n: number): string {
  const first17 = `92${areaCode}MA01YC${String(n).padStart(3, '0')}`;
  return `${first17}${creditCodeCheckChar(first17) ?? '0'}`;
}

/**
 * The 【演示】 restaurants (DEMO_DATA=on): written once, each linked to its site of the demo device
 * network when that exists (the gateway registers the sites before this module starts), so the smoke
 * section is alive on first start. An enterprise already there (by its credit code) is left alone.
 */
export async function seedDemoEnterprises(
  repository: EnterprisesRepository,
  siteIdOf: (siteCode: string) => Promise<number | undefined>,
  now: number,
): Promise<number> {
  let written = 0;
  for (const [i, e] of DEMO_ENTERPRISES.entries()) {
    const creditCode = demoCreditCode(e.areaCode, i + 1);
    if ((await repository.idOfCreditCode(creditCode)) !== undefined) continue;
    const siteId = e.siteCode === null ? undefined : await siteIdOf(e.siteCode);
    await repository.insert({
      name: e.name,
      credit_code: creditCode,
      trade_type: e.tradeType,
      cuisine: e.cuisine,
      ranges: e.ranges,
      purifier_efficiency: e.efficiency,
      address: e.address,
      area_code: e.areaCode,
      lon: e.lon,
      lat: e.lat,
      contact: e.contact,
      phone: '',
      operate_status: 'open',
      site_id: siteId ?? null,
      enabled: 1,
      created_at: now,
      updated_at: now,
    });
    written += 1;
  }
  return written;
}

export const DEMO_SCOPE = NATIONWIDE;
