import { chinaTime, realtimeAqi } from '@lantian/domain';
import type { Database } from '../../platform/db/database';
import { AirAggregation, AirRepository, type StationHourInput } from '../air';
import { StationsRepository } from '../stations';

/**
 * Ten hours of two Beijing stations and one clean Shanghai station (2024-01-10 01:00–10:00 China
 * time), written as an import does: station hours, then the city rows derived from them.
 *
 * PM2.5 (μg/m³), hour 1 … 10 (null: no row at all):
 *   1001A 万寿西宫  30  80 120 160  90  40 null 100 100  50
 *   1002A 东四      30  30  30  30  30  30  30  30  90 110
 *   北京 (mean)     30  55  75  95  60  35  30  65  95  80
 * Above 75 (level 3): 1001A hours 2–5 (peak 160, level 5) and 8–9; 1002A 9–10; 北京 4 and 9–10.
 */

export const H = (i: number) => chinaTime(2024, 1, 10, i);

export const PM25: Readonly<Record<string, readonly (number | null)[]>> = {
  '1001A': [30, 80, 120, 160, 90, 40, null, 100, 100, 50],
  '1002A': [30, 30, 30, 30, 30, 30, 30, 30, 90, 110],
  '2001A': [20, 20, 20, 20, 20, 20, 20, 20, 20, 20],
};

function stationHour(code: string, time: number, pm2_5: number): StationHourInput {
  const values = { pm2_5, pm10: 60, so2: 10, no2: 30, co: 0.5, o3: 50 };
  const result = realtimeAqi(values);
  return {
    station_code: code,
    time,
    aqi: result.aqi,
    level: result.level,
    primary_pollutant: result.primaryPollutants.join(',') || null,
    ...values,
    pm2_5_24h: null,
    pm10_24h: null,
    so2_24h: null,
    no2_24h: null,
    co_24h: null,
    o3_1h_max: null,
    o3_8h: null,
    o3_8h_max: null,
    source: 'cnemc',
    qc_flags: 0,
  };
}

export async function seedAlarmHours(database: Database): Promise<void> {
  const place = { county_code: null, longitude: null, latitude: null, source: 'cnemc' } as const;
  await new StationsRepository(database).upsert(
    [
      { code: '1001A', name: '万寿西宫', city_code: '110000', ...place },
      { code: '1002A', name: '东四', city_code: '110000', ...place },
      { code: '2001A', name: '普陀', city_code: '310000', ...place },
    ],
    H(0),
  );
  const air = new AirRepository(database);
  const rows: StationHourInput[] = [];
  for (const [code, series] of Object.entries(PM25)) {
    series.forEach((pm2_5, i) => {
      if (pm2_5 !== null) rows.push(stationHour(code, H(i + 1), pm2_5));
    });
  }
  await air.upsertStationHours(rows, H(11));
  await new AirAggregation(air, () => H(11)).refreshFromStationHours(rows.map((r) => r.time));
}
