import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chinaTime, cityRealtimeAqi } from '@lantian/domain';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../database';
import { type OpenTestDatabase, openTestDatabase, testDialects } from '../../../testing/databases';
import { releaseStationsOf, SHARED_CNEMC_HOUR, sharedDir, sharedFile } from '../../../testing/shared-data';
import { AirStore } from '../air';
import { StationsRepository } from '../stations';
import { parseChinaSitesCsv } from './china-sites-file';
import { Importer } from './importer';
import { runQc } from './qc';

/**
 * The importer on the shared national hour of 2018-02-20 07:00 (GUIDE §6). Runs only under
 * `npm run test:realdata`.
 */

const file = sharedFile(SHARED_CNEMC_HOUR);
if (file === null) {
  throw new Error(
    `shared data not found: ${path.join(sharedDir(), SHARED_CNEMC_HOUR)} (set LANTIAN_SHARED_DIR to the shared folder)`,
  );
}
const bytes = readFileSync(file);

interface Feature {
  geometry: { coordinates: [number, number] } | null;
  properties: Record<string, string>;
}
const release = JSON.parse(bytes.toString('utf8')) as { features: Feature[] };
const T = chinaTime(2018, 2, 20, 7);

describe.each(testDialects())('importing the shared national hour on %s', (dialect) => {
  let open: OpenTestDatabase;
  let database: AppDatabase;
  afterAll(async () => {
    await open.close();
  });

  it('creates every station with its city, rejects nothing, and gives Beijing the domain value', async () => {
    open = await openTestDatabase(dialect);
    database = open.database;
    const importer = new Importer(database);
    await importer.importFile({ name: SHARED_CNEMC_HOUR, bytes });
    await importer.finish();
    const summary = importer.summary();
    expect(summary).toMatchObject({
      files: 1,
      failed: [],
      rows: 1495,
      duplicates: 0,
      stations: { known: 0, created: 1495 },
      hours: 1,
      inserted: 1495,
      updated: 0,
      unchanged: 0,
      rejected: { count: 0, first: [] },
      qc: { checked: 1475, mismatches: 0 },
    });

    const stations = await new StationsRepository(database).all();
    expect(stations).toHaveLength(1495);
    const city = new Map(stations.map((s) => [s.code, s.city_code]));
    expect(city.get('1001A')).toBe('110000');
    expect(city.get('1956A')).toBe('652800'); // 库尔勒市 → 巴音郭楞
    expect(city.get('2709A')).toBe('659001'); // 石河子市, a city of its own
    expect(city.get('1616A')).toBe('370100'); // 莱芜市, part of 济南 since 2019
    expect(stations.find((s) => s.code === '3122A')?.is_reference).toBe(1); // 伍家关(对照点)

    // Beijing, computed here from the file alone: the mean of its non-reference stations' published
    // current-hour concentrations (O3: `o3_24h`, GUIDE §6), through the domain's city rule.
    const beijing = releaseStationsOf(bytes.toString('utf8'), '北京市');
    expect(beijing).toHaveLength(12);
    const expected = cityRealtimeAqi(beijing);
    const rows = await new AirStore(database).cityHours.at(T);
    const row = rows.find((r) => r.city_code === '110000');
    expect(row).toMatchObject({
      aqi: expected.aqi,
      level: expected.level,
      primary_pollutant: expected.primaryPollutants.join(',') || null,
      station_count: expected.stationCount,
      pm2_5: expected.concentrations.pm2_5,
      pm10: expected.concentrations.pm10,
      so2: expected.concentrations.so2,
      no2: expected.concentrations.no2,
      co: expected.concentrations.co,
      o3: expected.concentrations.o3,
      source: 'cnemc',
    });
    // Every city of the release's 367 names lands in one of today's units.
    expect(new Set(stations.map((s) => s.city_code)).size).toBe(rows.length);
  });

  it('changes nothing when the same file is imported again', async () => {
    const importer = new Importer(database);
    await importer.importFile({ name: SHARED_CNEMC_HOUR, bytes });
    expect(importer.summary()).toMatchObject({
      inserted: 0,
      updated: 0,
      unchanged: 1495,
      stations: { known: 1495, created: 0 },
      rejected: { count: 0 },
    });
  });
});

describe('the china_sites form of the same hour', () => {
  // The form's producers copied the release's fields under their own names (o3 → O3, o3_24h → O3_24h…).
  const codes = release.features.map((f) => f.properties.stationcode ?? '');
  const FIELD_OF_TYPE: Record<string, string> = {
    AQI: 'aqi',
    'PM2.5': 'pm2_5',
    'PM2.5_24h': 'pm2_5_24h',
    PM10: 'pm10',
    PM10_24h: 'pm10_24h',
    SO2: 'so2',
    SO2_24h: 'so2_24h',
    NO2: 'no2',
    NO2_24h: 'no2_24h',
    O3: 'o3',
    O3_24h: 'o3_24h',
    O3_8h: 'o3_8h',
    O3_8h_24h: 'o3_8h_24h',
    CO: 'co',
    CO_24h: 'co_24h',
  };
  const asChinaSites = (fieldOf: Record<string, string>) =>
    [
      ['date', 'hour', 'type', ...codes].join(','),
      ...Object.entries(fieldOf).map(([type, field]) =>
        ['20180220', '7', type, ...release.features.map((f) => (f.properties[field] ?? '').replace('-;', ''))].join(
          ',',
        ),
      ),
    ].join('\n');

  it('passes QC read as GUIDE §6 says, and fails in 189 rows read by the names', () => {
    const read = parseChinaSitesCsv(asChinaSites(FIELD_OF_TYPE));
    expect(read.rejected).toEqual([]);
    // The 18 stations that published nothing this hour have only empty cells, so no row.
    expect(read.rows).toHaveLength(1477);
    const qc = runQc(read.rows);
    expect(qc.checked).toBe(1475);
    expect(qc.mismatches.filter((m) => m.field === 'aqi')).toEqual([]);
    // The primary pollutant is computed (the form has none): it agrees with the published AQI.
    expect(qc.mismatches).toEqual([]);

    // Read by the names: the 24-hour maximum taken as the current hour.
    const naive = parseChinaSitesCsv(asChinaSites({ ...FIELD_OF_TYPE, O3: 'o3_24h', O3_24h: 'o3' }));
    const wrong = runQc(naive.rows).mismatches.filter((m) => m.field === 'aqi');
    expect(wrong).toHaveLength(189);
  });
});
