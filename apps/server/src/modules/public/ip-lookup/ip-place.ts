import { type Area, allAreas, areaByCode, childrenOf, listCities, parentOf } from '@lantian/areas';
import type { IpLocation } from '@lantian/contracts';

/**
 * Places an IP database answer in our areas. ip2region writes provinces both short and full
 * ('北京', '广东省'), cities full ('北京市', '广州市'), and for some IPv6 ranges a whole address
 * ('中国广东省广州市番禺区'); our areas carry both the full name and the short name.
 */

export const NOWHERE: IpLocation = { areaCode: '', city: '', province: '', area: '' };

const named = (area: Area, name: string) => name !== '' && (area.name === name || area.shortName === name);

let provinceList: readonly Area[] | undefined;
const provinces = () => {
  provinceList ??= allAreas().filter((a) => a.level === 'province');
  return provinceList;
};

/** Cities merged away after the database was built, as the city that took them over. */
const MERGED_CITIES: Readonly<Record<string, string>> = {
  莱芜市: '370100', // into 济南市, 2019
};

function cityIn(province: Area, city: string): Area | undefined {
  // A municipality or SAR is its own city ('北京' / '北京市'); elsewhere a city is a child, or a
  // county-level city directly under the province (仙桃市).
  if (named(province, city)) return province;
  const merged = MERGED_CITIES[city];
  if (merged !== undefined) return areaByCode(merged);
  return childrenOf(province.code).find((a) => named(a, city));
}

export interface IpRecord {
  country: string;
  province: string;
  city: string;
  /** The full address text some IPv6 records carry. */
  detail: string;
}

export function placeOf(record: IpRecord): IpLocation {
  if (record.country !== '中国') return NOWHERE;
  let province = provinces().find((p) => named(p, record.province));
  let city = province === undefined ? undefined : cityIn(province, record.city);
  if (province === undefined) {
    city = listCities().find((c) => named(c, record.city));
    province = city === undefined ? undefined : city.level === 'province' ? city : parentOf(city.code);
  }
  if (province === undefined) return NOWHERE;
  const county =
    city === undefined || record.detail === ''
      ? undefined
      : childrenOf(city.code).find((a) => record.detail.endsWith(a.name));
  return {
    areaCode: (city ?? province).code,
    city: city?.name ?? '',
    province: province.name,
    area: county?.name ?? '',
  };
}
