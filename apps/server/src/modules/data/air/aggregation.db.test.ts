import { chinaTime, cityRealtimeAqi, dayOfHourEnding } from '@lantian/domain';
import { describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../database';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { StationsRepository } from '../stations';
import { AirAggregation } from './aggregation.service';
import { AirStore } from './air.store';
import type { StationHourInput } from './station-hours.repository';

function hour(
  station: string,
  time: number,
  v: { pm2_5: number | null; o3: number | null; source?: 'demo' | 'cnemc' },
): StationHourInput {
  return {
    station_code: station,
    time,
    aqi: null,
    level: 0,
    primary_pollutant: null,
    pm2_5: v.pm2_5,
    pm2_5_24h: null,
    pm10: 60,
    pm10_24h: null,
    so2: 8,
    so2_24h: null,
    no2: 30,
    no2_24h: null,
    co: 0.6,
    co_24h: null,
    o3: v.o3,
    o3_1h_max: null,
    o3_8h: null,
    o3_8h_max: null,
    source: v.source ?? 'cnemc',
    qc_flags: 0,
  };
}

describe.each(testDialects())('city aggregation on %s', (dialect) => {
  const fresh = freshDatabases(dialect);
  let database: AppDatabase;

  async function setup() {
    ({ database } = await fresh());
    await new StationsRepository(database).upsert(
      [
        {
          code: 'A',
          name: '甲站',
          city_code: '320100',
          county_code: null,
          longitude: 118.8,
          latitude: 32.0,
          source: 'cnemc',
        },
        {
          code: 'B',
          name: '乙站',
          city_code: '320100',
          county_code: null,
          longitude: 118.9,
          latitude: 32.1,
          source: 'cnemc',
        },
        {
          code: 'R',
          name: '某某(对照点)',
          city_code: '320100',
          county_code: null,
          longitude: 118.7,
          latitude: 32.2,
          source: 'cnemc',
        },
        {
          code: 'D',
          name: '演示站',
          city_code: '320100',
          county_code: null,
          longitude: 118.7,
          latitude: 32.2,
          source: 'demo',
        },
      ],
      0,
    );
    const air = new AirStore(database);
    return { air, aggregation: new AirAggregation(air, () => 1) };
  }

  it('a city hour is the domain rule over the mean of its non-reference, non-demo stations', async () => {
    const { air, aggregation } = await setup();
    const t = chinaTime(2026, 11, 1, 8);
    await air.stationHours.upsert(
      [
        hour('A', t, { pm2_5: 100, o3: 20 }),
        hour('B', t, { pm2_5: 151, o3: 30 }),
        hour('R', t, { pm2_5: 10, o3: 90 }),
        hour('D', t, { pm2_5: 400, o3: 90, source: 'demo' }),
      ],
      0,
    );
    expect(await aggregation.refreshCityHours([t])).toBe(1);
    const [row] = await air.cityHours.ofCity('320100', t, t);
    const expected = cityRealtimeAqi([
      { name: '甲站', values: { pm2_5: 100, o3: 20, pm10: 60, so2: 8, no2: 30, co: 0.6 } },
      { name: '乙站', values: { pm2_5: 151, o3: 30, pm10: 60, so2: 8, no2: 30, co: 0.6 } },
    ]);
    expect(row).toMatchObject({
      pm2_5: 126, // (100 + 151) / 2 = 125.5 → half to even → 126
      o3: 25,
      aqi: expected.aqi,
      level: expected.level,
      primary_pollutant: 'pm2_5',
      station_count: 2,
      source: 'cnemc',
    });
  });

  it('a city with only demo stations gets a demo value, labelled as such', async () => {
    const { air, aggregation } = await setup();
    const t = chinaTime(2026, 11, 1, 9);
    await air.stationHours.upsert([hour('D', t, { pm2_5: 40, o3: 50, source: 'demo' })], 0);
    await aggregation.refreshCityHours([t]);
    expect((await air.cityHours.ofCity('320100', t, t))[0]).toMatchObject({
      pm2_5: 40,
      source: 'demo',
      station_count: 1,
    });
  });

  it('a day needs 20 valid hours for its means; months and years follow from the days', async () => {
    const { air, aggregation } = await setup();
    const day = dayOfHourEnding(chinaTime(2026, 11, 2, 1));
    const hours = Array.from({ length: 24 }, (_, i) => chinaTime(2026, 11, 2, 1) + i * 3600);
    await air.stationHours.upsert(
      hours.flatMap((t, i) => [
        hour('A', t, { pm2_5: 30 + i, o3: 40 + i * 5 }),
        hour('B', t, { pm2_5: 30 + i, o3: 40 + i * 5 }),
      ]),
      0,
    );
    await aggregation.refreshFromStationHours(hours);
    const [d] = await air.cityDays.ofCity('320100', 0, Number.MAX_SAFE_INTEGER);
    expect(d).toMatchObject({ pm2_5: 42, valid_hours: 24, o3_1h_max: 155 }); // mean of 30…53 = 41.5 → 42
    // O3 rises all day, so the highest 8-hour window is the last, hours 17–24: mean of 120…155 = 137.5 → 138.
    expect(d?.o3_8h).toBe(138);
    const [month] = await air.cityMonths.ofCity('320100', 202611, 202611);
    expect(month).toMatchObject({ days: 1, pm2_5: 42, good_days: 1 });

    // The next day has only 19 hours: too few for 24-hour means (≥ 20), enough for O3's daily
    // maximum 8-hour mean (≥ 14 valid windows), so the day's AQI rests on O3 alone.
    const short = hours.slice(0, 19).map((t) => t + 86_400);
    await air.stationHours.upsert(
      short.map((t) => hour('A', t, { pm2_5: 50, o3: 50 })),
      0,
    );
    await aggregation.refreshFromStationHours(short);
    const next = (await air.cityDays.ofCity('320100', 0, Number.MAX_SAFE_INTEGER))[1];
    expect(next).toMatchObject({ pm2_5: null, pm10: null, co: null, o3_8h: 50, aqi: 25, valid_hours: 19 });
    expect(day + 1).toBe(dayOfHourEnding(short[0] ?? 0));
  });
});
