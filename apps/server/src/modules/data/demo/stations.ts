import { type Area, childrenOf } from '@lantian/areas';
import type { NewStation } from '../stations';
import { cityTier } from './geography';
import { hash2, prng } from './random';

/**
 * The demo's monitoring network: 3–12 stations per city — municipalities 10–12, provincial capitals
 * 6–9, the largest other cities 4–6, the rest 3–4, as in the national network, whose 2018 hour
 * (shared with us) lists 1,495 stations; this one has about 1,350. Names read
 * like real ones — a landmark, or a district and a landmark — and stations sit where their name says:
 * near the district's centre, or scattered 2–25 km around the city's. A few cities get a reference
 * station (对照点) out in the hills. Everything follows from the seed and the areas list.
 */

const LANDMARKS = [
  '市监测站',
  '高新区',
  '开发区',
  '体育中心',
  '师范学校',
  '市政府',
  '环保局',
  '人民公园',
  '植物园',
  '火车站',
  '职业技术学院',
  '第一中学',
  '文化广场',
  '新区管委会',
  '工业园',
  '自来水厂',
  '气象局',
  '市委党校',
  '中心医院',
  '大学城',
  '会展中心',
  '奥体中心',
  '滨江公园',
  '南湖公园',
  '西郊',
  '东郊',
  '科技园',
  '物流园',
  '湿地公园',
  '图书馆',
  '农科所',
  '经济技术开发区',
  '城南新区',
  '城北小区',
] as const;

/** Short endings for a station named after its district. */
const DISTRICT_SITES = ['监测站', '子站', '中学', '公园', '广场', '街道', '社区', '小学', '医院'] as const;

const HILLS = ['西山', '南山', '北山', '东湖', '青龙山', '凤凰山', '翠屏山', '白云山', '龙泉', '金鸡岭'] as const;
const HILL_SITES = ['森林公园', '水库', '风景区', '林场'] as const;

const KM_PER_DEGREE = 111.2;

export function stationCount(area: Pick<Area, 'code' | 'municipality'>, seed: number): number {
  const r = prng(hash2(seed, Number(area.code)))();
  switch (cityTier(area)) {
    case 'municipality':
      return 10 + Math.floor(r * 3);
    case 'capital':
      return 6 + Math.floor(r * 4);
    case 'major':
      return 4 + Math.floor(r * 3);
    case 'ordinary':
      return 3 + Math.floor(r * 2);
  }
}

function referenceChance(area: Pick<Area, 'code' | 'municipality'>): number {
  switch (cityTier(area)) {
    case 'municipality':
    case 'capital':
      return 0.5;
    case 'major':
      return 0.25;
    case 'ordinary':
      return 0.04;
  }
}

function pick<T>(list: readonly T[], r: number): T {
  const item = list[Math.floor(r * list.length) % list.length];
  if (item === undefined) throw new RangeError('pick from an empty list');
  return item;
}

const round4 = (v: number) => Math.round(v * 10_000) / 10_000;

function offset(area: Pick<Area, 'longitude' | 'latitude'>, km: number, bearing: number): [number, number] {
  const north = km * Math.cos(bearing);
  const east = km * Math.sin(bearing);
  return [
    round4(area.longitude + east / (KM_PER_DEGREE * Math.cos((area.latitude * Math.PI) / 180))),
    round4(area.latitude + north / KM_PER_DEGREE),
  ];
}

function distanceKm(a: Pick<Area, 'longitude' | 'latitude'>, b: Pick<Area, 'longitude' | 'latitude'>): number {
  const dx = (a.longitude - b.longitude) * KM_PER_DEGREE * Math.cos((a.latitude * Math.PI) / 180);
  const dy = (a.latitude - b.latitude) * KM_PER_DEGREE;
  return Math.hypot(dx, dy);
}

export function demoStationCode(cityCode: string, index: number): string {
  return `D${cityCode}-${String(index).padStart(2, '0')}`;
}

/** The demo stations of one city (codes `D` + city code + `-01` …). */
export function demoStationsOf(area: Area, seed: number): NewStation[] {
  const random = prng(hash2(seed ^ 0x5eed, Number(area.code)));
  const total = stationCount(area, seed);
  const withReference = random() < referenceChance(area);
  const regular = withReference ? total - 1 : total;
  const radius = 5 + (20 * Math.min(regular - 3, 9)) / 9;

  // Districts close to the centre can lend a station their name and place; distant counties cannot.
  const districts = childrenOf(area.code).filter(
    (d) => d.centreSource === 'own' && distanceKm(area, d) <= radius + 3 && distanceKm(area, d) > 0.5,
  );
  const urban = districts.filter((d) => d.name.endsWith('区'));
  const namedAfter = urban.length > 0 ? urban : districts;

  const names = new Set<string>();
  const stations: NewStation[] = [];
  for (let i = 0; i < regular; i++) {
    let name = '';
    let county: Area | undefined;
    for (let attempt = 0; attempt < 20 && (name === '' || names.has(name)); attempt++) {
      county = undefined;
      if (i > 0 && namedAfter.length > 0 && random() < 0.45) {
        county = pick(namedAfter, random());
        name = `${county.shortName}${pick(DISTRICT_SITES, random())}`;
      } else {
        name = pick(LANDMARKS, random());
      }
    }
    if (names.has(name)) name = `${name}${i + 1}`;
    names.add(name);
    let longitude: number;
    let latitude: number;
    if (county !== undefined) {
      [longitude, latitude] = offset(county, 0.5 + 1.5 * random(), random() * 2 * Math.PI);
    } else {
      const km = i === 0 ? 1 + 2 * random() : 2 + (radius - 2) * Math.sqrt(random());
      [longitude, latitude] = offset(area, km, random() * 2 * Math.PI);
    }
    stations.push({
      code: demoStationCode(area.code, i + 1),
      name,
      city_code: area.code,
      county_code: county?.code ?? null,
      longitude,
      latitude,
      is_reference: 0,
      source: 'demo',
    });
  }
  if (withReference) {
    const [longitude, latitude] = offset(area, 25 + 15 * random(), random() * 2 * Math.PI);
    stations.push({
      code: demoStationCode(area.code, regular + 1),
      name: `${pick(HILLS, random())}${pick(HILL_SITES, random())}(对照点)`,
      city_code: area.code,
      county_code: null,
      longitude,
      latitude,
      is_reference: 1,
      source: 'demo',
    });
  }
  return stations;
}
