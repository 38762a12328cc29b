import { type Area, listCities } from '@lantian/areas';
import { chinaDayStart, dayOfHourEnding, SECONDS_PER_HOUR, startOfChinaHour } from '@lantian/domain';
import type { Database } from '../../../platform/db/database';
import { AirAggregation, AirStore, type CityDailyTable, type CityHourlyTable } from '../air';
import { type NewStation, StationsRepository } from '../stations';
import { DEMO_SEED_META, SystemRepository } from '../system';
import { type WeatherHourlyTable, WeatherRepository } from '../weather';
import type { DemoTables } from './demo.tables';
import { cityForecasts } from './forecast';
import {
  type CityBlock,
  cityDaysFrom,
  cityHourRows,
  type DemoStation,
  generateCityBlock,
  weatherHourRows,
} from './generator';
import { type CityProfile, cityProfile } from './geography';
import { DEFAULT_DEMO_SEED } from './model';
import { demoStationsOf } from './stations';
import { databaseWriter, postgresWriter, sqliteWorkerWriter, type WrittenCounts } from './writer';

/**
 * Fills a database with the demo country: stations, their hourly history up to the current hour,
 * the derived city hours, days, months and years, city weather and the current forecasts.
 *
 * The history is made in chunks of whole days, oldest first, every city per chunk; a chunk is
 * written (see writer.ts) while the next is generated, and the seeder yields to the event loop
 * between cities, so a server seeding in the background keeps answering. City hours and days are
 * computed in memory from the generated station values with the rules AirAggregation applies; that
 * is exact only while no other source has rows for those cities and hours, so with imported data
 * present the seeder lets AirAggregation derive them from the tables instead.
 */

export { DEMO_SEED_META };

export class DemoSeedAborted extends Error {
  constructor() {
    super('demo seeding stopped before it finished');
    this.name = 'DemoSeedAborted';
  }
}

export interface SeedOptions {
  /** Days of history before today (today's hours up to now come on top). */
  days: number;
  /** Epoch seconds; the last seeded hour is the last complete one. */
  now: number;
  seed?: number;
  /** Only these cities (codes); all of listCities() by default. */
  cities?: readonly string[];
  /** Checked between cities: true stops the seed with DemoSeedAborted. */
  shouldStop?: () => boolean;
  /**
   * The SQLite file behind `database`, when it is one: rows are then written by a worker thread
   * with its own connection (writer.ts). Without it, through database.bulkInsert.
   */
  sqlitePath?: string;
}

export interface SeedReport {
  /** Epoch seconds of the ends of the first and the last seeded hours. */
  from: number;
  to: number;
  cities: number;
  stations: number;
  stationHours: number;
  cityHours: number;
  cityDays: number;
  cityMonths: number;
  cityYears: number;
  weatherHours: number;
  hourlyForecasts: number;
  dailyForecasts: number;
  airForecasts: number;
  /** How city values were derived: in memory from the generated hours, or from the tables. */
  derivation: 'in-memory' | 'aggregation';
  seconds: number;
}

export interface DemoCity {
  area: Area;
  profile: CityProfile;
}

export function demoCities(codes?: readonly string[]): DemoCity[] {
  const wanted = codes === undefined ? undefined : new Set(codes);
  return listCities()
    .filter((a) => wanted === undefined || wanted.has(a.code))
    .map((area) => ({ area, profile: cityProfile(area) }));
}

export function toDemoStation(s: Pick<NewStation, 'code' | 'name' | 'is_reference'>): DemoStation {
  return { code: s.code, name: s.name, isReference: s.is_reference === 1 };
}

/** The hours a seed of `days` days covers at `now`: from 01:00 `days` days ago to the last full hour. */
export function seedSpan(days: number, now: number): { from: number; to: number } {
  const to = startOfChinaHour(now);
  return { from: chinaDayStart(dayOfHourEnding(to) - days) + SECONDS_PER_HOUR, to };
}

/** Days per chunk: long enough that the 32 lead hours of every block cost little. */
const CHUNK_DAYS = 8;
/** The latest days go first, so that every city shows current values within seconds. */
const LATEST_DAYS = 2;

/** [from, to] hour ranges of up to `days` whole China days each, oldest first, cut to the span. */
export function chunksOf(from: number, to: number, days: number): [number, number][] {
  const chunks: [number, number][] = [];
  let day = dayOfHourEnding(from);
  const lastDay = dayOfHourEnding(to);
  while (day <= lastDay) {
    const endDay = Math.min(lastDay, day + days - 1);
    chunks.push([Math.max(from, chinaDayStart(day) + SECONDS_PER_HOUR), Math.min(to, chinaDayStart(endDay + 1))]);
    day = endDay + 1;
  }
  return chunks;
}

/**
 * The seed's chunks: the latest days first, then the rest oldest first. Apart from that one jump,
 * rows arrive in time order, which keeps the tables' time indexes growing at one end.
 */
export function seedChunks(from: number, to: number): [number, number][] {
  const latestFrom = Math.max(from, chinaDayStart(dayOfHourEnding(to) - LATEST_DAYS + 1) + SECONDS_PER_HOUR);
  return [[latestFrom, to], ...(latestFrom > from ? chunksOf(from, latestFrom - SECONDS_PER_HOUR, CHUNK_DAYS) : [])];
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

async function deleteDemoRows(database: Database<DemoTables>): Promise<number> {
  return (
    (await new AirStore(database).deleteBySource('demo')) +
    (await new WeatherRepository(database).deleteBySource('demo')) +
    (await new StationsRepository(database).deleteBySource('demo'))
  );
}

/** Deletes every demo row (stations, hours, aggregates, weather, forecasts); returns how many. */
export async function purgeDemoData(database: Database<DemoTables>, now: number): Promise<number> {
  // Demo stations go last (deleteDemoRows), so with none left nothing else is: a server started with
  // DEMO_DATA=off skips scanning tables of millions of imported rows for demo ones every time.
  if ((await new StationsRepository(database).count('demo')) === 0) return 0;
  const rows = await deleteDemoRows(database);
  await new SystemRepository(database).setMeta(DEMO_SEED_META, 'removed', now);
  return rows;
}

export async function seedDemoData(database: Database<DemoTables>, options: SeedOptions): Promise<SeedReport> {
  const started = performance.now();
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const now = options.now;
  const { from, to } = seedSpan(options.days, now);
  const stationsRepository = new StationsRepository(database);
  const air = new AirStore(database);
  const meta = new SystemRepository(database);

  // Marked first: a seed cut short (a crash, a shutdown) is recognised and redone at the next start.
  await meta.setMeta(DEMO_SEED_META, 'running', now);
  await deleteDemoRows(database);
  const inMemory = (await stationsRepository.count()) === 0 && (await air.cityHours.latestTime()) === undefined;

  const cities = demoCities(options.cities);
  const stationsByCity = cities.map((c) => demoStationsOf(c.area, seed));
  await stationsRepository.upsert(stationsByCity.flat(), now);

  const report: SeedReport = {
    from,
    to,
    cities: cities.length,
    stations: stationsByCity.reduce((n, list) => n + list.length, 0),
    stationHours: 0,
    cityHours: 0,
    cityDays: 0,
    cityMonths: 0,
    cityYears: 0,
    weatherHours: 0,
    hourlyForecasts: 0,
    dailyForecasts: 0,
    airForecasts: 0,
    derivation: inMemory ? 'in-memory' : 'aggregation',
    seconds: 0,
  };
  const stop = () => {
    if (options.shouldStop?.() === true) throw new DemoSeedAborted();
  };

  const writer =
    options.sqlitePath !== undefined
      ? sqliteWorkerWriter(options.sqlitePath)
      : database.dialect === 'postgres'
        ? postgresWriter(database)
        : databaseWriter(database);
  let writing: Promise<WrittenCounts> | undefined;
  const collect = async () => {
    if (writing === undefined) return;
    const written = await writing;
    writing = undefined;
    report.stationHours += written.stationHours;
    report.cityHours += written.cityHours;
    report.weatherHours += written.weatherHours;
    report.cityDays += written.cityDays;
  };
  try {
    for (const [chunkFrom, chunkTo] of seedChunks(from, to)) {
      const blocks: CityBlock[] = [];
      const cityHours: CityHourlyTable[] = [];
      const weather: WeatherHourlyTable[] = [];
      const cityDays: CityDailyTable[] = [];
      for (let c = 0; c < cities.length; c++) {
        stop();
        const city = cities[c];
        const stations = stationsByCity[c];
        if (city === undefined || stations === undefined) continue;
        const block = generateCityBlock(city.profile, stations.map(toDemoStation), seed, chunkFrom, chunkTo, {
          cityHours: inMemory,
        });
        blocks.push(block);
        const hours = cityHourRows(block, now);
        for (const row of hours) cityHours.push(row);
        for (const row of weatherHourRows(block, now)) weather.push(row);
        for (const row of cityDaysFrom(city.profile.code, hours, now)) cityDays.push(row);
        await yieldToEventLoop();
      }
      await collect();
      writing = writer.write({ blocks, cityHours, weather, cityDays, now });
      // Observed here so that a failed write is not reported as unhandled; collect() rethrows it.
      writing.catch(() => undefined);
    }
    await collect();
  } finally {
    // An aborted seed still lets the chunk in flight finish: the writer never stops mid-transaction.
    await writing?.catch(() => undefined);
    await writer.close();
  }

  stop();
  const aggregation = new AirAggregation(air, () => now);
  const days = new Set<number>();
  for (let t = from; t <= to; t += SECONDS_PER_HOUR) days.add(dayOfHourEnding(t));
  if (!inMemory) {
    // Imported stations share some cities: only the tables know which rows win (AirAggregation).
    const hours: number[] = [];
    for (let t = from; t <= to; t += SECONDS_PER_HOUR) hours.push(t);
    for (let i = 0; i < hours.length; i += 24) {
      stop();
      report.cityHours += await aggregation.refreshCityHours(hours.slice(i, i + 24));
    }
    report.cityDays = await aggregation.refreshCityDays(days);
  }
  const periods = await aggregation.refreshPeriods(days);
  report.cityMonths = periods.months;
  report.cityYears = periods.years;

  stop();
  const issued = await issueForecasts(database, cities, seed, to, now);
  report.hourlyForecasts = issued.hourly;
  report.dailyForecasts = issued.daily;
  report.airForecasts = issued.air;

  await meta.setMeta(DEMO_SEED_META, 'complete', now);
  report.seconds = Math.round((performance.now() - started) / 100) / 10;
  return report;
}

/** Issues (replaces) every city's weather and air-quality forecasts as of the hour `issuedAt`. */
export async function issueForecasts(
  database: Database<DemoTables>,
  cities: readonly DemoCity[],
  seed: number,
  issuedAt: number,
  now: number,
): Promise<{ hourly: number; daily: number; air: number }> {
  const weather = new WeatherRepository(database);
  const air = new AirStore(database);
  const counts = { hourly: 0, daily: 0, air: 0 };
  const batch = 40;
  for (let i = 0; i < cities.length; i += batch) {
    const all = cities.slice(i, i + batch).map((c) => cityForecasts(c.profile, seed, issuedAt, now));
    const hourly = all.flatMap((f) => f.hourly);
    const daily = all.flatMap((f) => f.daily);
    const aq = all.flatMap((f) => f.air);
    await weather.upsertHourlyForecasts(hourly);
    await weather.upsertDailyForecasts(daily);
    await air.forecasts.upsert(aq);
    counts.hourly += hourly.length;
    counts.daily += daily.length;
    counts.air += aq.length;
    await yieldToEventLoop();
  }
  return counts;
}
