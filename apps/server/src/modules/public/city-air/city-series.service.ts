import type { Area } from '@lantian/areas';
import type { CityDaysData, CityHoursData, CityMonthsData, CityYearItem } from '@lantian/contracts';
import {
  chinaDay,
  chinaDayStart,
  chinaMonth,
  chinaMonthStart,
  dayOfHourEnding,
  formatChinaDate,
  formatChinaDateTime,
  SECONDS_PER_DAY,
  SECONDS_PER_HOUR,
  startOfChinaHour,
} from '@lantian/domain';
import type { Clock } from '../../../platform/clock';
import { invalidField } from '../../../platform/errors';
import { resolveRange } from '../../../platform/http/params';
import type { AirStore } from '../../data/air';
import { cityIdentity, presentDay, presentHour, presentPeriod } from './city-air.presenters';
import {
  type CityDaysBody,
  type CityHoursBody,
  type CityMonthsBody,
  MAX_DAYS_SPAN_DAYS,
  MAX_HOURS_SPAN_DAYS,
  MAX_MONTHS_SPAN,
} from './city-air.schemas';
import { formatYyyymm, hourEndsBetween, yyyymm } from './periods';

/**
 * A city's series: hours, days, months, years. Only stored periods are listed; a gap is not filled
 * with nulls but counted (`missingHours`, `missingDays`), so a chart can draw it as a gap and say
 * how much is missing, and a month of hours stays a month of real values.
 */
export class CitySeriesService {
  constructor(
    private readonly air: AirStore,
    private readonly now: Clock,
  ) {}

  async hours(input: CityHoursBody): Promise<CityHoursData> {
    const area = input.city;
    const now = this.now();
    const latestPossible = startOfChinaHour(now);
    const { from, to } = resolveRange(
      input,
      { end: () => latestPossible, start: (end) => end - 23 * SECONDS_PER_HOUR },
      (f, t) =>
        t - f > MAX_HOURS_SPAN_DAYS * SECONDS_PER_DAY ? `时间范围不能超过 ${MAX_HOURS_SPAN_DAYS} 天` : undefined,
    );
    const rows = await this.air.cityHours.seriesOf(area.code, from, to);
    // Hours after the latest one that can have ended are not missing, just not yet there.
    const until = Math.min(to, latestPossible);
    const expectedHours = hourEndsBetween(from, until);
    const stored = rows.filter((r) => r.time <= until).length;
    return {
      ...cityIdentity(area),
      startTime: formatChinaDateTime(from),
      endTime: formatChinaDateTime(to),
      expectedHours,
      missingHours: Math.max(0, expectedHours - stored),
      items: rows.map(presentHour),
    };
  }

  async days(input: CityDaysBody): Promise<CityDaysData> {
    const area = input.city;
    const now = this.now();
    const { from, to } = resolveRange(
      input,
      { end: () => now, start: (end) => chinaDayStart(chinaDay(end) - 29) },
      (f, t) =>
        chinaDay(t) - chinaDay(f) + 1 > MAX_DAYS_SPAN_DAYS ? `时间范围不能超过 ${MAX_DAYS_SPAN_DAYS} 天` : undefined,
    );
    const fromDay = chinaDay(from);
    const toDay = chinaDay(to);
    const rows = await this.air.cityDays.ofCity(area.code, chinaDayStart(fromDay), chinaDayStart(toDay));
    // The latest day that has at least one complete hour.
    const lastDay = Math.min(toDay, dayOfHourEnding(startOfChinaHour(now)));
    const expectedDays = Math.max(0, lastDay - fromDay + 1);
    const stored = rows.filter((r) => r.day <= chinaDayStart(lastDay)).length;
    return {
      ...cityIdentity(area),
      startDate: formatChinaDate(chinaDayStart(fromDay)),
      endDate: formatChinaDate(chinaDayStart(toDay)),
      expectedDays,
      missingDays: Math.max(0, expectedDays - stored),
      items: rows.map(presentDay),
    };
  }

  async months(input: CityMonthsBody): Promise<CityMonthsData> {
    const area = input.city;
    const { fromMonth, toMonth } = this.monthRange(input);
    const rows = await this.air.cityMonths.ofCity(area.code, fromMonth, toMonth);
    return {
      ...cityIdentity(area),
      startMonth: formatYyyymm(fromMonth),
      endMonth: formatYyyymm(toMonth),
      items: rows.map((r) => ({ ...presentPeriod(r), month: formatYyyymm(r.month) })),
    };
  }

  private monthRange(input: CityMonthsBody): { fromMonth: number; toMonth: number } {
    if (input.year !== undefined) {
      if (input.startTime !== undefined || input.endTime !== undefined) {
        throw invalidField('year', '不能与 startTime、endTime 同时使用');
      }
      const year = input.year;
      return { fromMonth: year * 100 + 1, toMonth: year * 100 + 12 };
    }
    const { from, to } = resolveRange(
      input,
      { end: () => this.now(), start: (end) => chinaMonthStart(chinaMonth(end) - 11) },
      (f, t) =>
        chinaMonth(t) - chinaMonth(f) + 1 > MAX_MONTHS_SPAN ? `时间范围不能超过 ${MAX_MONTHS_SPAN} 个月` : undefined,
    );
    return { fromMonth: yyyymm(chinaMonth(from)), toMonth: yyyymm(chinaMonth(to)) };
  }

  async years(area: Area): Promise<{ cityCode: string; cityName: string; pyName: string; items: CityYearItem[] }> {
    const rows = await this.air.cityYears.ofCity(area.code);
    return { ...cityIdentity(area), items: rows.map((r) => ({ ...presentPeriod(r), year: r.year })) };
  }
}
