import { listCities } from '@lantian/areas';
import { chinaDayStart, chinaTime, dayOfHourEnding } from '@lantian/domain';
import { describe, expect, it } from 'vitest';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { AirAggregation, AirStore } from '../air';
import { StationsRepository } from '../stations';
import { SystemRepository } from '../system';
import { WeatherRepository } from '../weather';
import { DEFAULT_DEMO_SEED } from './model';
import { DEMO_SEED_META, purgeDemoData, seedDemoData, seedSpan } from './seed';
import { demoStationsOf } from './stations';

const NOW = chinaTime(2025, 11, 21, 10, 20);
const HOUR = 3600;
/** Three neighbours, one of them with a reference station. */
const REFERENCE_CITY =
  listCities().find((a) => demoStationsOf(a, DEFAULT_DEMO_SEED).some((s) => s.is_reference === 1))?.code ?? '110000';
const CITIES = [...new Set(['110000', '120000', REFERENCE_CITY])];

describe.each(testDialects())('demo seed on %s', (dialect) => {
  const open = freshDatabases(dialect);

  async function fresh() {
    const { database, config } = await open();
    const sqlitePath = config.kind === 'sqlite' ? config.path : undefined;
    return { database, sqlitePath, air: new AirStore(database), weather: new WeatherRepository(database) };
  }

  it('writes stations, their hours, city rows, weather and forecasts for the span', async () => {
    const { database, air, weather } = await fresh();
    const report = await seedDemoData(database, { days: 2, now: NOW, cities: CITIES });
    const { from, to } = seedSpan(2, NOW);
    expect(to).toBe(chinaTime(2025, 11, 21, 10));
    expect(from).toBe(chinaTime(2025, 11, 19, 1));
    const hours = (to - from) / HOUR + 1;

    const stations = await new StationsRepository(database).all('demo');
    const expected = listCities()
      .filter((a) => CITIES.includes(a.code))
      .flatMap((a) => demoStationsOf(a, DEFAULT_DEMO_SEED));
    expect(stations.map((s) => s.code)).toEqual(expected.map((s) => s.code).sort());
    expect(report).toMatchObject({
      cities: CITIES.length,
      stations: stations.length,
      stationHours: stations.length * hours,
      cityHours: CITIES.length * hours,
      weatherHours: CITIES.length * hours,
      cityDays: CITIES.length * 3,
      cityMonths: CITIES.length,
      cityYears: CITIES.length,
      hourlyForecasts: CITIES.length * 72,
      dailyForecasts: CITIES.length * 7,
      airForecasts: CITIES.length * 5,
      derivation: 'in-memory',
    });
    for (const s of stations) expect(await air.stationHours.series(s.code, from, to)).toHaveLength(hours);
    for (const city of CITIES) {
      const cityHours = await air.cityHours.ofCity(city, from, to);
      expect(cityHours).toHaveLength(hours);
      expect(cityHours.every((h) => h.source === 'demo' && h.aqi !== null)).toBe(true);
      expect(await air.cityDays.ofCity(city, 0, Number.MAX_SAFE_INTEGER)).toHaveLength(3);
      expect(await weather.observations(city, from, to)).toHaveLength(hours);
      expect(await weather.hourlyForecasts(city, to + HOUR, to + 72 * HOUR)).toHaveLength(72);
      const daily = await weather.dailyForecasts(city, 0);
      expect(daily.map((d) => d.day)[0]).toBe(chinaDayStart(dayOfHourEnding(NOW)));
      expect((await air.forecasts.ofCity(city, 0)).map((d) => d.issued_at)).toEqual(new Array(5).fill(to));
    }
    expect(await new SystemRepository(database).getMeta(DEMO_SEED_META)).toBe('complete');
  });

  it('derives city hours, days, months and years exactly as AirAggregation does', async () => {
    const { database, air } = await fresh();
    await seedDemoData(database, { days: 2, now: NOW, cities: CITIES });
    const { from, to } = seedSpan(2, NOW);
    const snapshot = async () => ({
      hours: await air.cityHours.between(from - HOUR, to),
      days: await air.cityDays.between(0, Number.MAX_SAFE_INTEGER),
      months: await air.cityMonths.at(202511),
      years: await air.cityYears.at(2025),
    });
    const seeded = await snapshot();
    expect(seeded.hours.length).toBeGreaterThan(0);
    const hours: number[] = [];
    for (let t = from; t <= to; t += HOUR) hours.push(t);
    await new AirAggregation(air, () => NOW).refreshFromStationHours(hours);
    expect(await snapshot()).toEqual(seeded);
  });

  it('lets AirAggregation derive city values when imported stations share the cities', async () => {
    const { database, air } = await fresh();
    const { to } = seedSpan(1, NOW);
    await new StationsRepository(database).upsert(
      [
        {
          code: '1001A',
          name: '万寿西宫',
          city_code: '110000',
          county_code: null,
          longitude: 116.37,
          latitude: 39.87,
          source: 'cnemc',
        },
      ],
      0,
    );
    await air.stationHours.upsert(
      [
        {
          station_code: '1001A',
          time: to,
          aqi: 54,
          level: 2,
          primary_pollutant: 'pm2_5',
          pm2_5: 38,
          pm2_5_24h: null,
          pm10: null,
          pm10_24h: null,
          so2: 3,
          so2_24h: null,
          no2: 17,
          no2_24h: null,
          co: 0.7,
          co_24h: null,
          o3: 62,
          o3_1h_max: null,
          o3_8h: null,
          o3_8h_max: null,
          source: 'cnemc',
          qc_flags: 0,
        },
      ],
      0,
    );
    const report = await seedDemoData(database, { days: 1, now: NOW, cities: ['110000', '120000'] });
    expect(report.derivation).toBe('aggregation');
    const [beijing] = await air.cityHours.ofCity('110000', to, to);
    expect(beijing).toMatchObject({ source: 'cnemc', pm2_5: 38, station_count: 1 });
    const [before] = await air.cityHours.ofCity('110000', to - HOUR, to - HOUR);
    expect(before?.source).toBe('demo');
    expect((await air.cityHours.ofCity('120000', to, to))[0]?.source).toBe('demo');
  });

  it('purges every demo row and nothing imported', async () => {
    const { database, air, weather } = await fresh();
    await new StationsRepository(database).upsert(
      [
        {
          code: '1001A',
          name: '万寿西宫',
          city_code: '110000',
          county_code: null,
          longitude: 116.37,
          latitude: 39.87,
          source: 'cnemc',
        },
      ],
      0,
    );
    const report = await seedDemoData(database, { days: 1, now: NOW, cities: ['110000'] });
    const removed = await purgeDemoData(database, NOW);
    expect(removed).toBe(
      report.stations +
        report.stationHours +
        report.cityHours +
        report.cityDays +
        report.cityMonths +
        report.cityYears +
        report.weatherHours +
        report.hourlyForecasts +
        report.dailyForecasts +
        report.airForecasts,
    );
    expect(await new StationsRepository(database).all()).toMatchObject([{ code: '1001A' }]);
    expect(await air.cityHours.between(0, Number.MAX_SAFE_INTEGER)).toEqual([]);
    expect(await weather.dailyForecasts('110000', 0)).toEqual([]);
    expect(await new SystemRepository(database).getMeta(DEMO_SEED_META)).toBe('removed');
  });

  it.runIf(dialect === 'sqlite')('writes the same rows from the worker thread as through bulkInsert', async () => {
    const direct = await fresh();
    const worker = await fresh();
    await seedDemoData(direct.database, { days: 2, now: NOW, cities: CITIES });
    const report = await seedDemoData(worker.database, {
      days: 2,
      now: NOW,
      cities: CITIES,
      ...(worker.sqlitePath === undefined ? {} : { sqlitePath: worker.sqlitePath }),
    });
    expect(report.stationHours).toBeGreaterThan(0);
    const { from, to } = seedSpan(2, NOW);
    for (const s of await new StationsRepository(direct.database).all('demo')) {
      expect(await worker.air.stationHours.series(s.code, from, to)).toEqual(
        await direct.air.stationHours.series(s.code, from, to),
      );
    }
    expect(await worker.air.cityHours.between(0, to)).toEqual(await direct.air.cityHours.between(0, to));
    expect(await worker.air.cityDays.between(0, to)).toEqual(await direct.air.cityDays.between(0, to));
    for (const city of CITIES) {
      expect(await worker.weather.observations(city, from, to)).toEqual(
        await direct.weather.observations(city, from, to),
      );
    }
  });
});
