import type { Area } from '@lantian/areas';
import {
  chinaDay,
  chinaDayStart,
  chinaTime,
  daysInMonth,
  formatChinaDate,
  formatChinaDateTime,
  isStale,
  roundHalfUp,
  SECONDS_PER_DAY,
  startOfChinaHour,
} from '@lantian/domain';
import type { Clock } from '../../../platform/clock';
import { boundedRange, type PageInput, pageOf } from '../../../platform/http/params';
import type { AirStore } from '../../data/air';
import type { StationsRepository } from '../../data/stations';
import {
  levelDayCounts,
  presentAqiDay,
  presentCalendarDay,
  presentSite,
  presentSiteHour,
} from './city-analysis.presenters';
import type { RangeInput } from './city-analysis.schemas';

/** getAreaSiteAllData: a week of every station's hours (a large city has ~60 stations). */
export const MAX_SITE_RANGE_DAYS = 7;
/** Spec §7 "Site data list defaults": page size 999. */
export const SITE_PAGE_SIZE = 999;
/** getAreaAqiData: a year of days. */
export const MAX_AQI_RANGE_DAYS = 366;

/** The air side of the city-analysis pages: stations, calendars and daily AQI. */
export class AreaAirService {
  constructor(
    private readonly air: AirStore,
    private readonly stations: StationsRepository,
    private readonly now: Clock,
  ) {}

  /**
   * Every station of the city at one hour: the hour asked for, or the city's latest. Stations that
   * did not report that hour are listed too, so a silent station shows as silent, not as absent.
   */
  async getAreaSiteData(input: { city: Area; time?: number | undefined }) {
    const area = input.city;
    const now = this.now();
    // The hour ending at or before the time asked for (10:30 reads the 10:00 value).
    const requested = input.time === undefined ? undefined : startOfChinaHour(input.time);
    const [time, register] = await Promise.all([
      requested ?? this.air.cityHours.latestTimeOf(area.code, now),
      this.stations.byCity(area.code),
    ]);
    const rows = time === undefined ? [] : await this.air.stationHours.at(time, [area.code]);
    const rowOf = new Map(rows.map((r) => [r.station_code, r]));
    const sites = register
      .filter((s) => s.active === 1 || rowOf.has(s.code))
      .map((s) => presentSite(s, rowOf.get(s.code)));
    return {
      cityCode: area.code,
      cityName: area.name,
      time: time === undefined ? null : formatChinaDateTime(time),
      stale: requested === undefined && time !== undefined && isStale(time, now),
      sites,
    };
  }

  /** All station hours of the city in the range, newest hour first (spec: page size 999, by time descending). */
  async getAreaSiteAllData(input: RangeInput & PageInput) {
    const area = input.city;
    const { from, to } = boundedRange(input, MAX_SITE_RANGE_DAYS * SECONDS_PER_DAY, `${MAX_SITE_RANGE_DAYS} 天`);
    const page = pageOf(input, SITE_PAGE_SIZE);
    const [total, rows] = await Promise.all([
      this.air.stationHours.countOfCity(area.code, from, to),
      this.air.stationHours.pageOfCity(area.code, from, to, page),
    ]);
    return {
      cityCode: area.code,
      cityName: area.name,
      startTime: formatChinaDateTime(from),
      endTime: formatChinaDateTime(to),
      total,
      pageNum: page.pageNum,
      pageSize: page.pageSize,
      list: rows.map(presentSiteHour),
    };
  }

  /** Daily AQI levels of a year or a month, for the calendar view. */
  async getCityCalendar(input: { city: Area; year: number; month?: number | undefined }) {
    const { city: area, year, month } = input;
    const from = chinaTime(year, month ?? 1, 1);
    const to = month === undefined ? chinaTime(year, 12, 31) : chinaTime(year, month, daysInMonth(year, month));
    const rows = await this.air.cityDays.ofCity(area.code, from, to);
    return {
      cityCode: area.code,
      cityName: area.name,
      year,
      month: month ?? null,
      days: rows.map(presentCalendarDay),
      levelDays: levelDayCounts(rows),
    };
  }

  /** Daily AQI of the range and how the range went: good days, mean and worst AQI. */
  async getAreaAqiData(input: RangeInput) {
    const area = input.city;
    const { from, to } = boundedRange(input, MAX_AQI_RANGE_DAYS * SECONDS_PER_DAY, `${MAX_AQI_RANGE_DAYS} 天`);
    const fromDay = chinaDay(from);
    const toDay = chinaDay(to);
    const rows = await this.air.cityDays.ofCity(area.code, chinaDayStart(fromDay), chinaDayStart(toDay));
    const aqis = rows.flatMap((r) => (r.aqi === null ? [] : [r.aqi]));
    const rated = rows.filter((r) => r.aqi !== null);
    const goodDays = rated.filter((r) => r.level === 1 || r.level === 2).length;
    return {
      cityCode: area.code,
      cityName: area.name,
      startDate: formatChinaDate(chinaDayStart(fromDay)),
      endDate: formatChinaDate(chinaDayStart(toDay)),
      days: rows.map(presentAqiDay),
      summary: {
        days: rated.length,
        goodDays,
        goodRate: rated.length === 0 ? null : roundHalfUp((goodDays / rated.length) * 100, 1),
        meanAqi: aqis.length === 0 ? null : roundHalfUp(aqis.reduce((a, b) => a + b, 0) / aqis.length, 1),
        maxAqi: aqis.length === 0 ? null : Math.max(...aqis),
        levelDays: levelDayCounts(rows),
      },
    };
  }
}
