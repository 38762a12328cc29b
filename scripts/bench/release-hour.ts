/**
 * One national hour for the benchmarks: the shared 2018 hour (../shared, GUIDE §6) as CSV fields, or
 * ~1,500 made-up stations in every city when it is absent; and that hour written in the release's CSV
 * form. Shared by the import and AQI benchmarks so that both read the same text.
 */
import { readFileSync } from 'node:fs';
import { listCities } from '@lantian/areas';
import { formatPrimaryPollutants, realtimeAqi } from '@lantian/domain';
import { CNEMC_CSV_COLUMNS } from '../../apps/server/src/modules/data/ingest';
import { SHARED_CNEMC_HOUR, sharedFile } from '../../apps/server/src/testing/shared-data';

export type ReleaseRow = Record<string, string>;

/** One hour of stations as CSV fields: the shared hour, else made-up stations in every city. */
export function baseHour(): { rows: ReleaseRow[]; source: string } {
  const file = sharedFile(SHARED_CNEMC_HOUR);
  if (file !== null) {
    const json = JSON.parse(readFileSync(file, 'utf8')) as {
      features: { geometry: { coordinates: number[] } | null; properties: ReleaseRow }[];
    };
    return {
      source: 'shared 2018-02-20T07',
      rows: json.features.map((f) => ({
        ...f.properties,
        longitude: String(f.geometry?.coordinates[0] ?? ''),
        latitude: String(f.geometry?.coordinates[1] ?? ''),
      })),
    };
  }
  const cities = listCities();
  const rows = Array.from({ length: 1_500 }, (_, i): ReleaseRow => {
    const city = cities[i % cities.length];
    const v = {
      pm2_5: 20 + (i % 80),
      pm10: 40 + (i % 120),
      so2: 3 + (i % 9),
      no2: 10 + (i % 50),
      co: 0.6,
      o3: 30 + (i % 90),
    };
    const aqi = realtimeAqi(v);
    return {
      stationcode: `${9000 + i}B`,
      positionname: `合成站${i}`,
      area: city?.name ?? '北京市',
      longitude: String(city?.longitude ?? 116),
      latitude: String(city?.latitude ?? 40),
      aqi: String(aqi.aqi),
      primarypollutant: formatPrimaryPollutants(aqi.primaryPollutants),
      pm2_5: String(v.pm2_5),
      pm2_5_24h: String(v.pm2_5),
      pm10: String(v.pm10),
      pm10_24h: String(v.pm10),
      so2: String(v.so2),
      so2_24h: String(v.so2),
      no2: String(v.no2),
      no2_24h: String(v.no2),
      co: '0.6',
      co_24h: '0.6',
      o3: String(v.o3 + 20),
      o3_24h: String(v.o3),
      o3_8h: String(v.o3),
      o3_8h_24h: String(v.o3),
    };
  });
  return { source: 'synthetic', rows };
}

/** The rows as a release CSV file at `timepoint` (several primary pollutants come quoted, as published). */
export function releaseCsv(rows: readonly ReleaseRow[], timepoint: string): string {
  const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  const lines = rows.map((r) =>
    CNEMC_CSV_COLUMNS.map((c) => quote(c === 'timepoint' ? timepoint : (r[c] ?? ''))).join(','),
  );
  return `${CNEMC_CSV_COLUMNS.join(',')}\n${lines.join('\n')}\n`;
}
