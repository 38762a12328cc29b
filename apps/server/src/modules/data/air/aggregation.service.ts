import {
  type AqiResult,
  chinaDayStart,
  chinaParts,
  cityMeans,
  cityRealtimeAqi,
  type DayValues,
  dailyAqi,
  dailySummary,
  dayOfHourEnding,
  daysFromCivil,
  daysInMonth,
  type HourlyValue,
  periodStatistics,
  roundConcentration,
  SECONDS_PER_DAY,
  type StationValues,
} from '@lantian/domain';
import { type Clock, systemClock } from '../../../platform/clock';
import type { DataSource } from '../stations';
import type { AirStore } from './air.store';
import type {
  CityDailyTable,
  CityHourlyTable,
  CityMonthlyTable,
  CityYearlyTable,
  PeriodAggregateColumns,
} from './air.tables';
import { HOURLY_COLUMNS } from './air.tables';
import type { CityHour } from './city-hours.repository';
import type { StationHourWithStation } from './station-hours.repository';

/**
 * Derives city values from station values (GUIDE.md §5): hours from the mean concentrations of a
 * city's non-reference stations, days from a city's hours, months and years from its days. Every
 * step is idempotent, so re-running it after an import or a revision simply refreshes the rows.
 */

/** Re-exported where it was always read from (the demo generator, the module's face). */
export { HOURLY_COLUMNS };

type HourlyColumn = (typeof HOURLY_COLUMNS)[number];

export function primaryText(result: AqiResult): string | null {
  return result.primaryPollutants.length === 0 ? null : result.primaryPollutants.join(',');
}

/** What a city's hour is computed from: a station's hour with the station's city, flag and name. */
export type CityHourSource = Pick<
  StationHourWithStation,
  HourlyColumn | 'station_code' | 'time' | 'source' | 'city_code' | 'is_reference' | 'station_name'
>;

/**
 * Demo and imported rows never mix inside one city value: where a city has imported stations at an
 * hour, only they count; demo stations count only where nothing real reported.
 */
function chooseSource<R extends CityHourSource>(rows: readonly R[]): { source: DataSource; rows: R[] } {
  const real = rows.filter((r) => r.source !== 'demo');
  if (real.length > 0) {
    const source = real[0]?.source ?? 'cnemc';
    return { source, rows: real };
  }
  return { source: 'demo', rows: [...rows] };
}

export function cityHourFrom(
  cityCode: string,
  time: number,
  rows: readonly CityHourSource[],
  now: number,
): CityHourlyTable | undefined {
  const { source, rows: counted } = chooseSource(rows);
  const stations: StationValues<HourlyColumn>[] = counted.map((r) => ({
    name: r.station_name,
    isReference: r.is_reference === 1,
    values: Object.fromEntries(HOURLY_COLUMNS.map((c) => [c, r[c]])),
  }));
  const result = cityRealtimeAqi(stations);
  if (result.stationCount === 0) return undefined;
  const means = cityMeans(stations, HOURLY_COLUMNS);
  return {
    city_code: cityCode,
    time,
    ...means,
    aqi: result.aqi,
    level: result.level,
    primary_pollutant: primaryText(result),
    station_count: result.stationCount,
    source,
    updated_at: now,
  };
}

function series(hours: readonly CityHour[], column: 'pm2_5' | 'pm10' | 'so2' | 'no2' | 'co' | 'o3'): HourlyValue[] {
  return hours.map((h) => ({ time: h.time, value: h[column] }));
}

export function cityDayFrom(cityCode: string, day: number, hours: readonly CityHour[], now: number): CityDailyTable {
  const mean = (column: 'pm2_5' | 'pm10' | 'so2' | 'no2' | 'co') => {
    const m = dailySummary(series(hours, column), day).mean;
    return m === null ? null : roundConcentration(column, m);
  };
  const o3 = dailySummary(series(hours, 'o3'), day);
  const o3Values = hours.map((h) => h.o3).filter((v): v is number => v !== null);
  const values = {
    pm2_5: mean('pm2_5'),
    pm10: mean('pm10'),
    so2: mean('so2'),
    no2: mean('no2'),
    co: mean('co'),
    o3_8h: o3.maxEightHourMean === null ? null : roundConcentration('o3', o3.maxEightHourMean),
    o3_1h_max: o3Values.length === 0 ? null : Math.max(...o3Values),
  };
  const result = dailyAqi({ ...values, o3: values.o3_1h_max });
  const demoOnly = hours.length > 0 && hours.every((h) => h.source === 'demo');
  return {
    city_code: cityCode,
    day: chinaDayStart(day),
    ...values,
    aqi: result.aqi,
    level: result.level,
    primary_pollutant: primaryText(result),
    valid_hours: hours.filter((h) => h.aqi !== null).length,
    source: demoOnly ? 'demo' : (hours.find((h) => h.source !== 'demo')?.source ?? 'demo'),
    updated_at: now,
  };
}

function periodRow(cityCode: string, days: readonly CityDailyTable[], now: number): PeriodAggregateColumns {
  const stats = periodStatistics(days.map((d): DayValues => d));
  return {
    city_code: cityCode,
    pm2_5: stats.pm2_5,
    pm10: stats.pm10,
    so2: stats.so2,
    no2: stats.no2,
    co_p95: stats.co_p95,
    o3_8h_p90: stats.o3_8h_p90,
    composite_index: stats.compositeIndex,
    aqi_mean: stats.aqiMean,
    days: stats.days,
    good_days: stats.goodDays,
    level1_days: stats.levelDays[1],
    level2_days: stats.levelDays[2],
    level3_days: stats.levelDays[3],
    level4_days: stats.levelDays[4],
    level5_days: stats.levelDays[5],
    level6_days: stats.levelDays[6],
    source: days.every((d) => d.source === 'demo') ? 'demo' : (days.find((d) => d.source !== 'demo')?.source ?? 'demo'),
    updated_at: now,
  };
}

/** Station codes in the order of `order by station_code` (codes are ASCII: code-unit order is byte order). */
function compareCodes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [item]);
    else group.push(item);
  }
  return groups;
}

export class AirAggregation {
  constructor(
    private readonly air: AirStore,
    private readonly now: Clock = systemClock,
  ) {}

  /** City hours at the given hour ends, from every station that reported. Returns rows written. */
  async refreshCityHours(times: Iterable<number>): Promise<number> {
    let written = 0;
    for (const time of new Set(times)) {
      const rows = await this.air.stationHours.at(time);
      const cityRows: CityHourlyTable[] = [];
      for (const [city, stations] of groupBy(rows, (r) => r.city_code)) {
        const row = cityHourFrom(city, time, stations, this.now());
        if (row !== undefined) cityRows.push(row);
      }
      await this.air.cityHours.upsert(cityRows);
      written += cityRows.length;
    }
    return written;
  }

  /** City days (China day numbers) from the cities' hours. */
  async refreshCityDays(days: Iterable<number>): Promise<number> {
    let written = 0;
    for (const day of new Set(days)) {
      const start = chinaDayStart(day);
      const hours = await this.air.cityHours.between(start, start + SECONDS_PER_DAY);
      const rows = [...groupBy(hours, (h) => h.city_code)].map(([city, h]) => cityDayFrom(city, day, h, this.now()));
      await this.air.cityDays.upsert(rows);
      written += rows.length;
    }
    return written;
  }

  /** Months and years that contain the given China day numbers. */
  async refreshPeriods(days: Iterable<number>): Promise<{ months: number; years: number }> {
    const months = new Set<number>();
    const years = new Set<number>();
    for (const day of days) {
      const { year, month } = chinaParts(chinaDayStart(day));
      months.add(year * 100 + month);
      years.add(year);
    }
    let monthRows = 0;
    for (const month of months) {
      const year = Math.floor(month / 100);
      const m = month % 100;
      const from = daysFromCivil(year, m, 1);
      const to = from + daysInMonth(year, m) - 1;
      const days = await this.air.cityDays.between(chinaDayStart(from), chinaDayStart(to));
      const rows: CityMonthlyTable[] = [...groupBy(days, (d) => d.city_code)].map(([city, d]) => ({
        ...periodRow(city, d, this.now()),
        month,
      }));
      await this.air.cityMonths.upsert(rows);
      monthRows += rows.length;
    }
    let yearRows = 0;
    for (const year of years) {
      const from = daysFromCivil(year, 1, 1);
      const to = daysFromCivil(year + 1, 1, 1) - 1;
      const days = await this.air.cityDays.between(chinaDayStart(from), chinaDayStart(to));
      const rows: CityYearlyTable[] = [...groupBy(days, (d) => d.city_code)].map(([city, d]) => ({
        ...periodRow(city, d, this.now()),
        year,
      }));
      await this.air.cityYears.upsert(rows);
      yearRows += rows.length;
    }
    return { months: monthRows, years: yearRows };
  }

  /**
   * The import's step after each batch: city hours at the given hour ends, as {@link refreshCityHours}
   * computes them, written in one transaction with their China days marked pending. The days, months
   * and years are computed once for the whole import by {@link refreshPendingDays}, not per batch.
   */
  async refreshCityHoursDeferringDays(times: Iterable<number>, written: readonly CityHourSource[]): Promise<number> {
    const unique = [...new Set(times)].sort((a, b) => a - b);
    const writtenAt = groupBy(written, (r) => String(r.time));
    // The rows just written are all the hour's rows when the table holds as many at that hour: then
    // the city values come from them, in the order a read would give (by station), without reading
    // the hour back. Otherwise (other stations reported the hour earlier) the hour is read.
    const stored = await this.air.stationHours.countsAt(unique);
    const complete = unique.filter((t) => (writtenAt.get(String(t))?.length ?? 0) === stored.get(t));
    const read = await this.air.stationHours.atTimes(unique.filter((t) => !complete.includes(t)));
    const readAt = groupBy(read, (r) => String(r.time));
    const cityRows: CityHourlyTable[] = [];
    for (const time of unique) {
      const atTime = complete.includes(time)
        ? [...(writtenAt.get(String(time)) ?? [])].sort((a, b) => compareCodes(a.station_code, b.station_code))
        : (readAt.get(String(time)) ?? []);
      for (const [city, stations] of groupBy(atTime, (r) => r.city_code)) {
        const row = cityHourFrom(city, time, stations, this.now());
        if (row !== undefined) cityRows.push(row);
      }
    }
    await this.air.cityHours.upsertMarkingDays(cityRows, [...new Set(unique.map(dayOfHourEnding))]);
    return cityRows.length;
  }

  /**
   * City days of every pending day (from their hours), then the months and years that contain them
   * (from their days), each computed once; the marks are cleared only after, so that a crash leaves
   * them for the next call. Returns the rows written.
   */
  async refreshPendingDays(): Promise<{ days: number; months: number; years: number }> {
    const days = await this.air.pendingDays.all();
    if (days.length === 0) return { days: 0, months: 0, years: 0 };
    const dayRows = await this.refreshCityDays(days);
    const periods = await this.refreshPeriods(days);
    await this.air.pendingDays.clear(days);
    return { days: dayRows, ...periods };
  }

  /** Everything that depends on the given station hours: their city hours, days, months, years. */
  async refreshFromStationHours(times: Iterable<number>): Promise<void> {
    const unique = [...new Set(times)];
    await this.refreshCityHours(unique);
    const days = new Set(unique.map(dayOfHourEnding));
    await this.refreshCityDays(days);
    await this.refreshPeriods(days);
  }
}
