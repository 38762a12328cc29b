import type { Area } from '@lantian/areas';
import type { O3DaySchemeData, StandardData, StandardPollutant } from '@lantian/contracts';
import {
  aqiLevel,
  asAqiLevel,
  chinaDay,
  chinaDayStart,
  chinaParts,
  chinaTime,
  dayOfHourEnding,
  daysInMonth,
  formatChinaDate,
  formatChinaDateTime,
  LEVELS,
  roundHalfUp,
  SECONDS_PER_HOUR,
  startOfChinaHour,
} from '@lantian/domain';
import type { Clock } from '../../../platform/clock';
import { type AirStore, type CityDay, type CityMonth, type CityYear, primaryKeys } from '../../data/air';
import type { DataSource } from '../../data/stations';
import { type CityIdentity, identityOf } from './cities';
import { LEAD_HOURS, o3Profile } from './ozone';
import { monthKeyOf } from './periods';
import {
  assess,
  attainment,
  DAILY_LIMITS,
  DAY_HOURS_REQUIRED,
  exceedDaysOf,
  largestSingleIndex,
  monthDaysRequired,
  PERIOD_LIMITS,
  STANDARD_KEYS,
  statisticName,
  YEAR_DAYS_REQUIRED,
} from './standards';

const pad2 = (n: number) => String(n).padStart(2, '0');

function goodRate(goodDays: number, days: number): number | null {
  return days === 0 ? null : roundHalfUp((goodDays / days) * 100, 1);
}

/** Imported data wins over demo in a mixed set, as the aggregation decides for city values. */
function sourceOf(rows: readonly { source: DataSource }[]): DataSource | null {
  if (rows.length === 0) return null;
  return rows.find((r) => r.source !== 'demo')?.source ?? 'demo';
}

/** 达标 analysis of a day, a month or a year, and the day's ozone profile, for one city. */
export class StandardService {
  constructor(
    private readonly air: AirStore,
    private readonly now: Clock,
  ) {}

  /** The day containing `time`; by default yesterday, the last complete day. */
  async daily(query: { city: Area; time?: number | undefined }): Promise<StandardData> {
    const identity = identityOf(query.city);
    const day = query.time === undefined ? chinaDay(this.now()) - 1 : chinaDay(query.time);
    const start = chinaDayStart(day);
    const row = (await this.air.cityDays.ofCity(identity.cityCode, start, start))[0];
    const hasAqi = row !== undefined && row.aqi !== null;
    const level = asAqiLevel(row?.level ?? 0);
    const levelDays = [1, 2, 3, 4, 5, 6].map((l) => (hasAqi && level === l ? 1 : 0));
    const pollutants = STANDARD_KEYS.map((key) => {
      const value = row?.[key] ?? null;
      const exceedDays = value === null ? null : value > DAILY_LIMITS[key] ? 1 : 0;
      return assess(key, value, DAILY_LIMITS[key], statisticName(key, 'day'), exceedDays);
    });
    const info = LEVELS[level];
    const validHours = row?.valid_hours ?? 0;
    return {
      ...identity,
      period: 'day',
      time: formatChinaDateTime(start),
      label: formatChinaDate(start),
      days: hasAqi ? 1 : 0,
      goodDays: hasAqi && (level === 1 || level === 2) ? 1 : 0,
      goodRate: hasAqi ? (level <= 2 ? 100 : 0) : null,
      levelDays,
      aqi: row?.aqi ?? null,
      level: info.level,
      levelName: info.name,
      color: info.color,
      primaryPollutant: primaryKeys(row?.primary_pollutant ?? null),
      compositeIndex: null,
      validity: {
        required: DAY_HOURS_REQUIRED,
        actual: validHours,
        unit: '小时',
        met: validHours >= DAY_HOURS_REQUIRED,
      },
      attained: attainment(pollutants),
      pollutants,
      source: row?.source ?? null,
      isDemo: row?.source === 'demo',
    };
  }

  /** The month (YYYYMM), or the one containing `time`; by default the current month so far. */
  async monthly(query: { city: Area; month?: number | undefined; time?: number | undefined }): Promise<StandardData> {
    const identity = identityOf(query.city);
    const key = query.month ?? monthKeyOf(query.time ?? this.now());
    const year = Math.floor(key / 100);
    const month = key % 100;
    const start = chinaTime(year, month, 1);
    const end = chinaTime(year, month, daysInMonth(year, month));
    const [row, days] = await Promise.all([
      this.air.cityMonths.ofCity(identity.cityCode, key, key).then((rows) => rows[0]),
      this.air.cityDays.ofCity(identity.cityCode, start, end),
    ]);
    return periodStandard(identity, 'month', start, `${year}-${pad2(month)}`, row, days, monthDaysRequired(month));
  }

  /** The year, or the one containing `time`; by default the current year so far. */
  async yearly(query: { city: Area; year?: number | undefined; time?: number | undefined }): Promise<StandardData> {
    const identity = identityOf(query.city);
    const year = query.year ?? chinaParts(query.time ?? this.now()).year;
    const start = chinaTime(year, 1, 1);
    const end = chinaTime(year, 12, 31);
    const [row, days] = await Promise.all([
      this.air.cityYears.one(identity.cityCode, year),
      this.air.cityDays.ofCity(identity.cityCode, start, end),
    ]);
    return periodStandard(identity, 'year', start, String(year), row, days, YEAR_DAYS_REQUIRED);
  }

  /** The day containing `time`; by default the day of the current hour (today so far, or yesterday just after midnight). */
  async o3DayScheme(query: { city: Area; time?: number | undefined }): Promise<O3DaySchemeData> {
    const identity = identityOf(query.city);
    const day = query.time === undefined ? dayOfHourEnding(startOfChinaHour(this.now())) : chinaDay(query.time);
    const start = chinaDayStart(day);
    const rows = await this.air.cityHours.ofCity(
      identity.cityCode,
      start + SECONDS_PER_HOUR - LEAD_HOURS * SECONDS_PER_HOUR,
      start + 24 * SECONDS_PER_HOUR,
    );
    const o3 = new Map(rows.map((r) => [r.time, r.o3]));
    const ofDay = rows.filter((r) => r.time > start);
    const source = sourceOf(ofDay);
    return {
      ...identity,
      time: formatChinaDateTime(start),
      label: formatChinaDate(start),
      ...o3Profile(day, (t) => o3.get(t) ?? null),
      source,
      isDemo: source === 'demo',
    };
  }
}

function periodStandard(
  identity: CityIdentity,
  period: 'month' | 'year',
  start: number,
  label: string,
  row: CityMonth | CityYear | undefined,
  days: readonly CityDay[],
  required: number,
): StandardData {
  const stats = {
    so2: row?.so2 ?? null,
    no2: row?.no2 ?? null,
    pm10: row?.pm10 ?? null,
    co: row?.co_p95 ?? null,
    o3_8h: row?.o3_8h_p90 ?? null,
    pm2_5: row?.pm2_5 ?? null,
  };
  const exceedDays = exceedDaysOf(days);
  const pollutants: StandardPollutant[] = STANDARD_KEYS.map((key) =>
    assess(key, stats[key], PERIOD_LIMITS[key], statisticName(key, period), exceedDays[key]),
  );
  const aqi = row?.aqi_mean === null || row?.aqi_mean === undefined ? null : Math.round(row.aqi_mean);
  const info = LEVELS[aqiLevel(aqi)];
  const counted = row?.days ?? 0;
  const goodDays = row?.good_days ?? 0;
  return {
    ...identity,
    period,
    time: formatChinaDateTime(start),
    label,
    days: counted,
    goodDays,
    goodRate: goodRate(goodDays, counted),
    levelDays: [
      row?.level1_days ?? 0,
      row?.level2_days ?? 0,
      row?.level3_days ?? 0,
      row?.level4_days ?? 0,
      row?.level5_days ?? 0,
      row?.level6_days ?? 0,
    ],
    aqi,
    level: info.level,
    levelName: info.name,
    color: info.color,
    primaryPollutant: largestSingleIndex(stats),
    compositeIndex: row?.composite_index ?? null,
    validity: { required, actual: counted, unit: '天', met: counted >= required },
    attained: attainment(pollutants),
    pollutants,
    source: row?.source ?? null,
    isDemo: row?.source === 'demo',
  };
}
