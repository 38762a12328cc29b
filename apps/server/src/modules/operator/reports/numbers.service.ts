import { type Area, areaByCode } from '@lantian/areas';
import type { ReportNumbers, ReportType } from '@lantian/contracts';
import {
  asAqiLevel,
  chinaDayStart,
  civilFromDays,
  formatChinaDate,
  formatChinaDateTime,
  LEVELS,
  periodBounds,
  periodLabel,
  periodStatistics,
  type ReportPeriod,
  rankAscending,
} from '@lantian/domain';
import type { AreaScope } from '../../../platform/db/area-scope';
import { type AirStore, type CityDay, type CityMonth, levelFields, presentPeriod, primaryKeys } from '../../data/air';

/** The alarms module's count of alarms raised in a period, by level (its analysis call). */
export type AlarmCounts = (
  range: { startTime: string; endTime: string },
  scope: AreaScope,
) => Promise<Array<{ key: string; name: string; count: number }>>;

const RANK_SHOWN = 5;

/**
 * The numbers of one report: an area's air statistics for its period, its days, its rank among the
 * cities, and the device alarms of the area. Every number comes from the same stores and rules as
 * the public calls — a month from the stored city month (getCityMonthData's row, presented by the
 * same presenter), other periods from the stored city days through the HJ 663-2013 period rule the
 * month itself was made with, the rank with getCityRank's ranking rule — never from a formula of
 * the report's own.
 */
export class ReportNumbersService {
  constructor(
    private readonly air: AirStore,
    private readonly alarmCounts: AlarmCounts,
  ) {}

  async compute(area: Area, kind: ReportType, period: ReportPeriod): Promise<ReportNumbers> {
    const days = await this.air.cityDays.ofCity(area.code, chinaDayStart(period.fromDay), chinaDayStart(period.toDay));
    const month = kind === 'month' ? await this.monthRow(area.code, period) : undefined;
    const bounds = periodBounds(period);
    const alarms = await this.alarmCounts(
      { startTime: formatChinaDateTime(bounds.from), endTime: formatChinaDateTime(bounds.to) },
      { areaCode: area.code },
    );
    return {
      areaCode: area.code,
      areaName: area.name,
      period: {
        kind,
        startDate: formatChinaDate(chinaDayStart(period.fromDay)),
        endDate: formatChinaDate(chinaDayStart(period.toDay)),
        label: periodLabel(period),
      },
      air: kind === 'month' ? fromMonth(month) : fromDays(days),
      daily: days.map((d) => ({
        date: formatChinaDate(d.day),
        aqi: d.aqi,
        level: asAqiLevel(d.level),
        levelName: LEVELS[asAqiLevel(d.level)].name,
        primaryPollutant: primaryKeys(d.primary_pollutant),
      })),
      rank: kind === 'month' ? await this.monthRank(area.code, period) : null,
      alarms: alarms.map((a) => ({ level: Number(a.key), name: a.name, count: a.count })),
    };
  }

  private async monthRow(code: string, period: ReportPeriod): Promise<CityMonth | undefined> {
    const key = yyyymmOf(period);
    const [row] = await this.air.cityMonths.ofCity(code, key, key);
    return row;
  }

  /** The month's ranking of every known city by composite index (getCityRank, timeType month). */
  private async monthRank(code: string, period: ReportPeriod): Promise<NonNullable<ReportNumbers['rank']>> {
    const rows = (await this.air.cityMonths.at(yyyymmOf(period))).filter((r) => areaByCode(r.city_code) !== undefined);
    const ranked = rankAscending(
      rows,
      (r) => r.composite_index,
      (r) => r.city_code,
    );
    const valued = ranked.filter((r) => r.rank !== null);
    const entry = (r: (typeof ranked)[number]) => ({
      rank: r.rank,
      cityName: areaByCode(r.item.city_code)?.name ?? r.item.city_code,
      compositeIndex: r.item.composite_index,
    });
    return {
      rank: ranked.find((r) => r.item.city_code === code)?.rank ?? null,
      total: valued.length,
      best: valued.slice(0, RANK_SHOWN).map(entry),
      worst: valued.slice(-RANK_SHOWN).reverse().map(entry),
    };
  }
}

function yyyymmOf(period: ReportPeriod): number {
  const { year, month } = civilFromDays(period.fromDay);
  return year * 100 + month;
}

type AirNumbers = ReportNumbers['air'];

function fromMonth(row: CityMonth | undefined): AirNumbers {
  if (row === undefined) return emptyAir();
  const p = presentPeriod(row);
  return {
    pm2_5: p.pm2_5,
    pm10: p.pm10,
    so2: p.so2,
    no2: p.no2,
    co: p.co,
    o3_8h: p.o3_8h,
    compositeIndex: p.compositeIndex,
    aqiMean: p.aqiMean,
    days: p.days,
    goodDays: p.goodDays,
    goodRate: p.goodRate,
    levelDays: p.levelDays.map((l) => ({ level: l.level, levelName: l.levelName, days: l.days })),
    source: p.source,
  };
}

/** A period that is not a whole stored month: the same HJ 663-2013 statistics over the stored days. */
function fromDays(days: readonly CityDay[]): AirNumbers {
  if (days.length === 0) return emptyAir();
  const stats = periodStatistics(days);
  const levels = [1, 2, 3, 4, 5, 6] as const;
  return {
    pm2_5: stats.pm2_5,
    pm10: stats.pm10,
    so2: stats.so2,
    no2: stats.no2,
    co: stats.co_p95,
    o3_8h: stats.o3_8h_p90,
    compositeIndex: stats.compositeIndex,
    aqiMean: stats.aqiMean,
    days: stats.days,
    goodDays: stats.goodDays,
    goodRate: stats.days === 0 ? null : stats.goodDays / stats.days,
    levelDays: levels.map((level) => ({
      level,
      levelName: levelFields(level).levelName,
      days: stats.levelDays[level],
    })),
    source: days.every((d) => d.source === 'demo') ? 'demo' : (days.find((d) => d.source !== 'demo')?.source ?? null),
  };
}

function emptyAir(): AirNumbers {
  return {
    pm2_5: null,
    pm10: null,
    so2: null,
    no2: null,
    co: null,
    o3_8h: null,
    compositeIndex: null,
    aqiMean: null,
    days: 0,
    goodDays: 0,
    goodRate: null,
    levelDays: [1, 2, 3, 4, 5, 6].map((level) => ({ level, levelName: levelFields(level).levelName, days: 0 })),
    source: null,
  };
}
