import { formatPrimaryPollutants, realtimeAqi } from '@lantian/domain';
import { CHINA_SITES_TYPES } from './china-sites-file';
import { CNEMC_CSV_COLUMNS, CNEMC_FIELD_OF, type CnemcConcentrations } from './cnemc-file';
import { STATION_LIST_COLUMNS } from './station-list';

/**
 * Tiny, made-up files of every form the importer reads, for tests only (the real shared data stays in
 * ../shared, GUIDE §6). Published AQI and primary pollutant are computed from the values with the
 * domain rules, so that the rows pass QC unless a test spoils them on purpose.
 */

export type Values = Partial<CnemcConcentrations>;

export interface FixtureStation {
  code: string;
  name: string;
  city: string;
  longitude: number;
  latitude: number;
  reference?: boolean;
}

export const STATIONS: readonly FixtureStation[] = [
  { code: '1001A', name: '万寿西宫', city: '北京市', longitude: 116.366, latitude: 39.8673 },
  { code: '1002A', name: '定陵', city: '北京市', longitude: 116.17, latitude: 40.2865 },
  { code: '1003A', name: '东四', city: '北京市', longitude: 116.434, latitude: 39.9522 },
  { code: '1013A', name: '郊外(对照点)', city: '北京市', longitude: 116.0, latitude: 40.5, reference: true },
  { code: '1956A', name: '孔雀公园', city: '库尔勒市', longitude: 86.1819, latitude: 41.7314 },
];

export function station(code: string): FixtureStation {
  const found = STATIONS.find((s) => s.code === code);
  if (found === undefined) throw new Error(`no fixture station ${code}`);
  return found;
}

/** Values of one station-hour; `seed` varies them so that hours and stations differ. */
export function values(seed: number): Required<Values> {
  return {
    pm2_5: 30 + seed,
    pm2_5_24h: 100 + seed,
    pm10: 60 + seed,
    pm10_24h: 90 + seed,
    so2: 3 + (seed % 5),
    so2_24h: 20,
    no2: 17 + seed,
    no2_24h: 42,
    co: 0.7,
    co_24h: 2.2,
    o3_1h: 40 + seed,
    o3_1h_max_24h: 90 + seed,
    o3_8h_moving: 35,
    o3_8h_max_today: 60,
  };
}

/** Published AQI and primary pollutant text, as the release would give them. */
export function published(v: Values): { aqi: number | null; primary: string } {
  const result = realtimeAqi({
    so2: v.so2 ?? null,
    no2: v.no2 ?? null,
    pm10: v.pm10 ?? null,
    co: v.co ?? null,
    o3: v.o3_1h ?? null,
    pm2_5: v.pm2_5 ?? null,
  });
  return { aqi: result.aqi, primary: formatPrimaryPollutants(result.primaryPollutants) };
}

const CONCENTRATION_KEYS = Object.keys(values(0)).filter((k): k is keyof CnemcConcentrations => k in CNEMC_FIELD_OF);

export const CNEMC_HEADER = CNEMC_CSV_COLUMNS.join(',');

export interface CnemcRowSpec {
  code: string;
  /** 'YYYY-MM-DD HH:mm:ss' */
  time: string;
  values: Values;
  name?: string;
  area?: string;
  aqi?: string;
  primary?: string;
}

/** One line of the national CSV form. */
export function cnemcRow(spec: CnemcRowSpec): string {
  const s = STATIONS.find((x) => x.code === spec.code);
  const pub = published(spec.values);
  const fields: Record<string, string> = {
    timepoint: spec.time,
    stationcode: spec.code,
    longitude: String(s?.longitude ?? ''),
    latitude: String(s?.latitude ?? ''),
    area: spec.area ?? s?.city ?? '',
    positionname: spec.name ?? s?.name ?? '',
    primarypollutant: spec.primary ?? pub.primary,
    aqi: spec.aqi ?? (pub.aqi === null ? '-;' : String(pub.aqi)),
  };
  for (const key of CONCENTRATION_KEYS) {
    const v = spec.values[key];
    fields[CNEMC_FIELD_OF[key]] = v === null || v === undefined ? '-;' : String(v);
  }
  const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  return CNEMC_CSV_COLUMNS.map((c) => quote(fields[c] ?? '')).join(',');
}

export function cnemcCsv(...rows: string[]): string {
  return `${[CNEMC_HEADER, ...rows].join('\n')}\n`;
}

/** One hour of a china_sites file: values by station code. */
export interface ChinaSitesHour {
  /** 'YYYYMMDD' */
  date: string;
  hour: number;
  stations: Record<string, Values>;
}

/** A china_sites file of the given hours, every type, stations in the given column order. */
export function chinaSitesCsv(codes: readonly string[], hours: readonly ChinaSitesHour[]): string {
  const lines = [['date', 'hour', 'type', ...codes].join(',')];
  for (const h of hours) {
    for (const [type, target] of Object.entries(CHINA_SITES_TYPES)) {
      const label = type.replace('_24H', '_24h').replace('_8H', '_8h');
      const cells = codes.map((code) => {
        const v = h.stations[code];
        if (v === undefined) return '';
        const value = target === 'aqi' ? published(v).aqi : v[target];
        return value === null || value === undefined ? '' : String(value);
      });
      lines.push([h.date, String(h.hour), label, ...cells].join(','));
    }
  }
  return `${lines.join('\n')}\n`;
}

export function stationListCsv(stations: readonly FixtureStation[], bom = true): string {
  const header = [...STATION_LIST_COLUMNS, '对照点'].join(',');
  const lines = stations.map((s) =>
    [s.code, s.name, s.city.replace(/市$/, ''), s.longitude, s.latitude, s.reference ? 'Y' : 'N'].join(','),
  );
  return `${bom ? '\uFEFF' : ''}${[header, ...lines].join('\n')}\n`;
}

export const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
