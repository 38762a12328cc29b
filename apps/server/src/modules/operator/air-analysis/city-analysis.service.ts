import type {
  analysisCalendarQuery,
  analysisCityRankQuery,
  cityAqiTrendQuery,
  cityDayListQuery,
  cityHourPageQuery,
  exceedDaysQuery,
  monthCompareQuery,
  regionMeanQuery,
  standardRateQuery,
  yearCompareQuery,
} from '@lantian/contracts';
import {
  ATTAINMENT_KEYS,
  chinaDay,
  civilFromDays,
  daysFromCivil,
  daysInMonth,
  formatChinaDate,
  formatChinaDateTime,
  GRADE_II_DAILY_LIMITS,
  goodDaysTarget,
  INDEX_KEYS,
  LEVELS,
  POLLUTANTS,
} from '@lantian/domain';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import type { AreaScope } from '../../../platform/db/area-scope';
import { pageAnswer, pageOf } from '../../../platform/http/params';
import { type AirStore, type CityDay, type CityHour, levelFields, presentAir } from '../../data/air';
import {
  attainmentOfDays,
  changeRatio,
  dateOf,
  dayValuesOf,
  periodValues,
  pollutantName,
  presentCityDay,
} from './presenters';
import { areaIn, cityIn, cityName, dayRange, dayStart, hourRange } from './scope';

type Q<T extends z.ZodType> = z.output<T>;

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/** How many past years the same-period comparisons go back. */
const HISTORY_YEARS = 5;

/**
 * The city side of the analysis (/bigdata/home/*, /analysis/cityData/*, the regional means and the
 * standard attainment): the cities' hours and days of the air module, read with the operator's area
 * and the asked area both applied in SQL, and evaluated with the domain's HJ 663-2013 rules.
 */
export class CityAnalysisService {
  constructor(
    private readonly air: AirStore,
    private readonly now: Clock,
  ) {}

  monitorTypes() {
    return INDEX_KEYS.map((code) =>
      code === 'aqi'
        ? { code, label: 'AQI', name: '空气质量指数', unit: '' }
        : { code, label: POLLUTANTS[code].label, name: POLLUTANTS[code].name, unit: POLLUTANTS[code].unit },
    );
  }

  async aqiTrend(query: Q<typeof cityAqiTrendQuery>, scope: AreaScope) {
    const city = cityIn(query.cityCode, scope);
    const now = this.now();
    if (query.type === 'hour') {
      const rows = await this.air.cityHours.ofCity(city.code, now - 24 * 3600, now);
      const items = rows.map((r) => ({
        ...presentAir(r),
        time: formatChinaDateTime(r.time),
        isDemo: r.source === 'demo',
      }));
      return { cityCode: city.code, cityName: city.name, type: query.type, items };
    }
    const today = chinaDay(now);
    const rows = await this.air.cityDays.ofCity(city.code, dayStart(today - 29), dayStart(today));
    const items = rows.map((r) => ({ ...presentAir(r), time: formatChinaDate(r.day), isDemo: r.source === 'demo' }));
    return { cityCode: city.code, cityName: city.name, type: query.type, items };
  }

  /** The cities of the area at the newest hour (or day) they have, lowest value first. */
  async cityRank(query: Q<typeof analysisCityRankQuery>, scope: AreaScope) {
    const area = areaIn(query.areaCode, scope);
    const scopes = [scope, area.scope];
    const now = this.now();
    let time: string | null = null;
    let rows: (CityHour | CityDay)[] = [];
    if (query.type === 'hour') {
      const t = await this.air.cityHours.latestTimeInScopes(scopes, now);
      if (t !== undefined) {
        time = formatChinaDateTime(t);
        rows = await this.air.cityHours.atInScopes(t, scopes);
      }
    } else {
      const d = await this.air.cityDays.latestInScopes(scopes, now);
      if (d !== undefined) {
        time = formatChinaDate(d);
        rows = await this.air.cityDays.inScopesBetween(d, d, scopes);
      }
    }
    const valueOfRow = (r: CityHour | CityDay): number | null => {
      if (query.index === 'aqi') return r.aqi;
      if (query.index === 'o3') return 'o3' in r ? r.o3 : r.o3_1h_max;
      return r[query.index];
    };
    const sorted = [...rows].sort((a, b) => {
      const va = valueOfRow(a);
      const vb = valueOfRow(b);
      if (va === null || vb === null) return va === null ? (vb === null ? 0 : 1) : -1;
      return va - vb;
    });
    let rank = 0;
    let previous: number | null = null;
    const list = sorted.map((r, i) => {
      const v = valueOfRow(r);
      // Equal values share a rank (1, 2, 2, 4), as the national rankings print them.
      if (v !== null && v !== previous) rank = i + 1;
      previous = v;
      return {
        ...presentAir(r),
        rank: v === null ? null : rank,
        cityCode: r.city_code,
        cityName: cityName(r.city_code),
        isDemo: r.source === 'demo',
      };
    });
    return { time, list };
  }

  async dayList(query: Q<typeof cityDayListQuery>, scope: AreaScope) {
    const city = cityIn(query.cityCode, scope);
    const range = dayRange(query, this.now(), { start: (end) => end - 29 }, 366);
    const rows = await this.air.cityDays.ofCity(city.code, dayStart(range.from), dayStart(range.to));
    return rows.map(presentCityDay);
  }

  async hourPage(query: Q<typeof cityHourPageQuery>, scope: AreaScope) {
    const city = cityIn(query.cityCode, scope);
    const range = hourRange(query, this.now(), 24, 31);
    const page = pageOf(query, 20);
    const result = await this.air.cityHours.pageOfCity(city.code, range.from, range.to, page);
    return pageAnswer(page, {
      list: result.list.map((r) => ({
        ...presentAir(r),
        time: formatChinaDateTime(r.time),
        isDemo: r.source === 'demo',
      })),
      total: result.total,
    });
  }

  async calendar(query: Q<typeof analysisCalendarQuery>, scope: AreaScope) {
    const city = cityIn(query.cityCode, scope);
    const year = query.year ?? civilFromDays(chinaDay(this.now())).year;
    const rows = await this.air.cityDays.ofCity(
      city.code,
      dayStart(daysFromCivil(year, 1, 1)),
      dayStart(daysFromCivil(year, 12, 31)),
    );
    const counts = new Map<number, number>();
    for (const r of rows) if (r.level > 0) counts.set(r.level, (counts.get(r.level) ?? 0) + 1);
    return {
      cityCode: city.code,
      cityName: city.name,
      year,
      days: rows.map((r) => ({ date: formatChinaDate(r.day), aqi: r.aqi, ...levelFields(r.level) })),
      levelDays: ([1, 2, 3, 4, 5, 6] as const).map((level) => ({
        level,
        levelName: LEVELS[level].name,
        color: LEVELS[level].color,
        days: counts.get(level) ?? 0,
      })),
    };
  }

  /**
   * A month against the same month of past years, each cut at the same day of the month: the
   * current month's last day with data (a month in progress compares with the same days, not with
   * whole past months).
   */
  async monthCompare(query: Q<typeof monthCompareQuery>, scope: AreaScope) {
    const city = cityIn(query.cityCode, scope);
    const today = civilFromDays(chinaDay(this.now()));
    const [year, month] = query.month === undefined ? [today.year, today.month] : query.month.split('-').map(Number);
    const y = year ?? today.year;
    const m = month ?? today.month;
    return this.compare(city, y, (yr) => {
      const from = daysFromCivil(yr, m, 1);
      return { from, to: daysFromCivil(yr, m, daysInMonth(yr, m)), label: `${yr}-${String(m).padStart(2, '0')}` };
    });
  }

  /** A year (to its last day with data) against the same days of past years. */
  async yearCompare(query: Q<typeof yearCompareQuery>, scope: AreaScope) {
    const city = cityIn(query.cityCode, scope);
    const y = query.year ?? civilFromDays(chinaDay(this.now())).year;
    return this.compare(city, y, (yr) => ({
      from: daysFromCivil(yr, 1, 1),
      to: daysFromCivil(yr, 12, 31),
      label: String(yr),
    }));
  }

  private async compare(
    city: { code: string; name: string },
    year: number,
    periodOf: (year: number) => { from: number; to: number; label: string },
  ) {
    const first = periodOf(year - HISTORY_YEARS);
    const last = periodOf(year);
    const rows = await this.air.cityDays.ofCity(city.code, dayStart(first.from), dayStart(last.to));
    const current = rows.filter((r) => r.day >= dayStart(last.from));
    const lastDay = current.length === 0 ? last.to : chinaDay(current[current.length - 1]?.day ?? 0);
    // The cut as an offset from the period's start: the same number of days into each past period.
    const offset = lastDay - last.from;
    const valuesOf = (yr: number) => {
      const p = periodOf(yr);
      const to = Math.min(p.to, p.from + offset);
      const days = rows.filter((r) => r.day >= dayStart(p.from) && r.day <= dayStart(to)).map(dayValuesOf);
      return periodValues(p.label, p.from, to, days);
    };
    const currentValues = valuesOf(year);
    const history = Array.from({ length: HISTORY_YEARS }, (_, i) => valuesOf(year - 1 - i)).filter((h) => h.days > 0);
    const previous = history[0]?.label === periodOf(year - 1).label ? history[0] : undefined;
    return {
      cityCode: city.code,
      cityName: city.name,
      through: dateOf(last.from + offset).slice(5),
      current: currentValues,
      history,
      change:
        previous === undefined
          ? null
          : {
              pm2_5: changeRatio(currentValues.pm2_5, previous.pm2_5),
              compositeIndex: changeRatio(currentValues.compositeIndex, previous.compositeIndex),
              goodRate:
                currentValues.goodRate === null || previous.goodRate === null
                  ? null
                  : Math.round((currentValues.goodRate - previous.goodRate) * 10_000) / 10_000,
            },
    };
  }

  /**
   * Each city of the area over the days, HJ 663-2013 statistics and the attainment verdict, ranked by
   * the composite index; the region's line from the daily means across its cities.
   */
  async regionMean(query: Q<typeof regionMeanQuery>, scope: AreaScope) {
    const area = areaIn(query.areaCode, scope);
    const now = this.now();
    const range = dayRange(query, now, { start: (end) => daysFromCivil(civilFromDays(end).year, 1, 1) }, 366);
    const rows = await this.air.cityDays.inScopesBetween(dayStart(range.from), dayStart(range.to), [scope, area.scope]);
    const label = `${dateOf(range.from)} 至 ${dateOf(range.to)}`;
    const byCity = new Map<string, CityDay[]>();
    const byDay = new Map<number, CityDay[]>();
    for (const r of rows) {
      pushTo(byCity, r.city_code, r);
      pushTo(byDay, r.day, r);
    }
    const list = [...byCity.entries()].map(([code, days]) => {
      const values = days.map(dayValuesOf);
      const verdict = attainmentOfDays(values);
      return {
        ...periodValues(label, range.from, range.to, values),
        cityCode: code,
        cityName: cityName(code),
        rank: null as number | null,
        attained: verdict.attained,
        exceeding: verdict.exceeding,
      };
    });
    list.sort(
      (a, b) => (a.compositeIndex ?? Number.POSITIVE_INFINITY) - (b.compositeIndex ?? Number.POSITIVE_INFINITY),
    );
    list.forEach((row, i) => {
      row.rank = row.compositeIndex === null ? null : i + 1;
    });
    const meanOf = (days: CityDay[], key: 'aqi' | 'pm2_5' | 'pm10' | 'so2' | 'no2' | 'co' | 'o3_8h') => {
      const values = days.map((d) => d[key]).filter((v): v is number => v !== null);
      return values.length === 0 ? null : values.reduce((s, v) => s + v, 0) / values.length;
    };
    const regionDays = [...byDay.values()].map((days) => ({
      aqi: meanOf(days, 'aqi'),
      pm2_5: meanOf(days, 'pm2_5'),
      pm10: meanOf(days, 'pm10'),
      so2: meanOf(days, 'so2'),
      no2: meanOf(days, 'no2'),
      co: meanOf(days, 'co'),
      o3_8h: meanOf(days, 'o3_8h'),
    }));
    return {
      areaCode: area.code,
      areaName: area.name,
      region: periodValues(label, range.from, range.to, regionDays),
      list,
    };
  }

  /** The year so far: statistics, attainment, and the good days still needed for the target rate. */
  async standardRate(query: Q<typeof standardRateQuery>, scope: AreaScope) {
    const city = cityIn(query.cityCode, scope);
    const today = chinaDay(this.now());
    const year = query.year ?? civilFromDays(today).year;
    const from = daysFromCivil(year, 1, 1);
    const end = daysFromCivil(year, 12, 31);
    const through = Math.min(end, today);
    const rows = await this.air.cityDays.ofCity(city.code, dayStart(from - 366), dayStart(through));
    const current = rows.filter((r) => r.day >= dayStart(from)).map(dayValuesOf);
    const stats = periodValues(String(year), from, through, current);
    const verdict = attainmentOfDays(current);
    const remainingDays = Math.max(0, end - through);
    const lastFrom = daysFromCivil(year - 1, 1, 1);
    const lastTo = Math.min(daysFromCivil(year - 1, 12, 31), lastFrom + (through - from));
    const lastDays = rows.filter((r) => r.day >= dayStart(lastFrom) && r.day <= dayStart(lastTo)).map(dayValuesOf);
    return {
      cityCode: city.code,
      cityName: city.name,
      year,
      stats,
      items: verdict.items,
      attained: verdict.attained,
      exceeding: verdict.exceeding,
      remainingDays,
      target: {
        rate: query.targetRate,
        ...goodDaysTarget(stats.goodDays, stats.days, remainingDays, query.targetRate),
      },
      lastYear: lastDays.length === 0 ? null : periodValues(String(year - 1), lastFrom, lastTo, lastDays),
    };
  }

  /** The days over a GB 3095-2012 24-hour limit, and how many per pollutant. */
  async exceedDays(query: Q<typeof exceedDaysQuery>, scope: AreaScope) {
    const city = cityIn(query.cityCode, scope);
    const range = dayRange(
      query,
      this.now(),
      { start: (end) => daysFromCivil(civilFromDays(end).year, civilFromDays(end).month, 1) },
      366,
    );
    const rows = (await this.air.cityDays.ofCity(city.code, dayStart(range.from), dayStart(range.to))).map(
      presentCityDay,
    );
    const exceeded = rows.filter((r) => r.exceeding.length > 0);
    return {
      cityCode: city.code,
      cityName: city.name,
      days: rows.length,
      exceedDays: exceeded.length,
      byPollutant: ATTAINMENT_KEYS.map((key) => ({
        key,
        name: pollutantName(key),
        limit: GRADE_II_DAILY_LIMITS[key],
        days: exceeded.filter((r) => r.exceeding.includes(key)).length,
      })),
      list: exceeded,
    };
  }
}
