import { areaByCode } from '@lantian/areas';
import {
  ErrorCode,
  HISTORY_LIMITS,
  HISTORY_POLLUTANTS,
  type HistoryData,
  type HistoryGranularity,
  type HistoryPollutant,
  type HistoryRow,
  type HistoryTarget,
} from '@lantian/contracts';
import {
  chinaDay,
  chinaDayStart,
  chinaMonth,
  chinaMonthStart,
  formatChinaDateTime,
  SECONDS_PER_DAY,
  SECONDS_PER_HOUR,
  startOfChinaHour,
} from '@lantian/domain';
import type { Clock } from '../../../platform/clock';
import { AppError, invalidField } from '../../../platform/errors';
import { pageOf, resolveRange } from '../../../platform/http/params';
import type { AirStore } from '../../data/air';
import type { StationsRepository } from '../../data/stations';
import type { HistoryQueryBody } from './data-analysis.schemas';
import {
  cityDayValues,
  cityHourValues,
  cityMonthValues,
  columnTitle,
  hoursByDay,
  notesOf,
  type PeriodRange,
  type PeriodValues,
  periodAt,
  periodCount,
  periodIndex,
  periodLabel,
  periodRange,
  rangeBounds,
  stationDayValues,
  stationHourValues,
  stationMonthValues,
  unitOf,
  yyyymm,
} from './history-periods';

/** A query checked and resolved: its targets (known), pollutants, and the periods it spans. */
export interface ResolvedQuery {
  targets: HistoryTarget[];
  pollutants: HistoryPollutant[];
  range: PeriodRange;
}

type Selection = Omit<HistoryQueryBody, 'pageNum' | 'pageSize'>;

const GRANULARITY_NAMES: Record<HistoryGranularity, string> = { hour: '逐小时', day: '逐日', month: '逐月' };
export const granularityName = (g: HistoryGranularity) => GRANULARITY_NAMES[g];

/** What a query costs to read: its targets times its periods (the rows of the table at most). */
export const rowsOf = (q: ResolvedQuery) => q.targets.length * periodCount(q.range);

/** Computed answers kept for paging through them: a page turn does not read the range again. */
const KEPT_ANSWERS = 8;
const KEPT_SECONDS = 60;

interface Computed {
  at: number;
  base: Omit<HistoryData, 'table'>;
  rows: HistoryRow[];
}

/**
 * The history query of the data-analysis page: cities (their stored hours, days and months) or
 * stations (their stored hours; days and months computed from them), any pollutants, over a
 * bounded range. Every check runs before the first read, so bad input reads nothing; the export
 * (export.service.ts) streams the very rows this service computes, target by target.
 */
export class HistoryService {
  private readonly kept = new Map<string, Computed>();

  constructor(
    private readonly air: AirStore,
    private readonly stations: StationsRepository,
    private readonly now: Clock,
  ) {}

  /** Checks a selection (one kind of target, known targets, a valid bounded range) into a query. */
  async resolve(input: Selection): Promise<ResolvedQuery> {
    const granularity = input.granularity ?? 'day';
    const pollutants = input.pollutants ?? [...HISTORY_POLLUTANTS];
    if (input.cities !== undefined && input.stations !== undefined) {
      throw invalidField('stations', '不能与 cities 同时使用：一次查询城市或站点之一');
    }
    let targets: HistoryTarget[];
    if (input.cities !== undefined) {
      targets = input.cities.map((a) => ({ kind: 'city', code: a.code, name: a.name, cityName: a.name }));
    } else if (input.stations !== undefined) {
      targets = await this.stationTargets(input.stations);
    } else {
      throw invalidField('cities', '请选择城市（cities）或站点（stations）');
    }
    const range = this.range(
      granularity,
      input,
      targets.some((t) => t.kind === 'station'),
    );
    return { targets, pollutants, range };
  }

  /** The stations by code, in the order asked; any unknown → 404 naming them. */
  async stationTargets(codes: readonly string[]): Promise<HistoryTarget[]> {
    const found = await Promise.all(codes.map((code) => this.stations.byCode(code)));
    const unknown = codes.filter((_, i) => found[i] === undefined);
    if (unknown.length > 0) {
      throw new AppError(
        ErrorCode.STATION_NOT_FOUND,
        `未找到站点：${unknown.slice(0, 5).join('、')}${unknown.length > 5 ? ' 等' : ''}`,
        {
          data: { stations: unknown },
        },
      );
    }
    return found.flatMap((s) =>
      s === undefined
        ? []
        : [
            {
              kind: 'station' as const,
              code: s.code,
              name: s.name,
              cityName: areaByCode(s.city_code)?.name ?? s.city_code,
            },
          ],
    );
  }

  /** A city target by code (the export re-reads its ticket's targets). */
  cityTarget(code: string): HistoryTarget | undefined {
    const area = areaByCode(code);
    return area === undefined ? undefined : { kind: 'city', code: area.code, name: area.name, cityName: area.name };
  }

  private range(
    granularity: HistoryGranularity,
    given: { startTime?: number | undefined; endTime?: number | undefined },
    hasStations: boolean,
  ): PeriodRange {
    const now = this.now();
    const hourLimit = `${HISTORY_LIMITS.maxHourSpanDays} 天`;
    const tooLongHours = (f: number, t: number) =>
      t - f > HISTORY_LIMITS.maxHourSpanDays * SECONDS_PER_DAY
        ? `时间范围不能超过 ${hourLimit}（${hasStations && granularity !== 'hour' ? '站点的日值、月值由小时值计算，' : ''}逐小时查询上限）`
        : undefined;
    if (granularity === 'hour') {
      const { from, to } = resolveRange(
        given,
        { end: () => startOfChinaHour(now), start: (end) => end - 23 * SECONDS_PER_HOUR },
        tooLongHours,
      );
      return periodRange('hour', from, to);
    }
    if (granularity === 'day') {
      const { from, to } = resolveRange(
        given,
        { end: () => now, start: (end) => chinaDayStart(chinaDay(end) - 29) },
        (f, t) => {
          if (hasStations) return tooLongHours(chinaDayStart(chinaDay(f)), chinaDayStart(chinaDay(t)));
          return chinaDay(t) - chinaDay(f) + 1 > HISTORY_LIMITS.maxDaySpanDays
            ? `时间范围不能超过 ${HISTORY_LIMITS.maxDaySpanDays} 天（逐日查询上限）`
            : undefined;
        },
      );
      return periodRange('day', from, to);
    }
    const { from, to } = resolveRange(
      given,
      { end: () => now, start: (end) => chinaMonthStart(chinaMonth(end) - 11) },
      (f, t) => {
        const months = chinaMonth(t) - chinaMonth(f) + 1;
        if (hasStations) return months > 12 ? '时间范围不能超过 12 个月（站点的月值由小时值计算）' : undefined;
        return months > HISTORY_LIMITS.maxMonthSpan
          ? `时间范围不能超过 ${HISTORY_LIMITS.maxMonthSpan} 个月（逐月查询上限）`
          : undefined;
      },
    );
    return periodRange('month', from, to);
  }

  /** One target's rows in the range, by period: stored for cities, computed from hours for station days and months. */
  async rowsOfTarget(target: HistoryTarget, q: Pick<ResolvedQuery, 'pollutants' | 'range'>): Promise<PeriodValues[]> {
    const { range, pollutants } = q;
    if (target.kind === 'city') {
      if (range.granularity === 'hour') {
        return (await this.air.cityHours.seriesOf(target.code, range.first, range.last)).map((r) =>
          cityHourValues(r, pollutants),
        );
      }
      if (range.granularity === 'day') {
        const rows = await this.air.cityDays.ofCity(target.code, chinaDayStart(range.first), chinaDayStart(range.last));
        return rows.map((r) => cityDayValues(r, pollutants));
      }
      const rows = await this.air.cityMonths.ofCity(target.code, yyyymm(range.first), yyyymm(range.last));
      return rows.map((r) => cityMonthValues(r, pollutants));
    }
    if (range.granularity === 'hour') {
      return (await this.air.stationHours.valuesOf(target.code, range.first, range.last)).map((r) =>
        stationHourValues(r, pollutants),
      );
    }
    // The hours of the days (or months) asked: those ending after the first day's 00:00 and up to the last day's 24:00.
    const firstDay = range.granularity === 'day' ? range.first : chinaDay(chinaMonthStart(range.first));
    const lastDay = range.granularity === 'day' ? range.last : chinaDay(chinaMonthStart(range.last + 1)) - 1;
    const hours = await this.air.stationHours.valuesOf(
      target.code,
      chinaDayStart(firstDay) + SECONDS_PER_HOUR,
      chinaDayStart(lastDay) + SECONDS_PER_DAY,
    );
    const days = new Map<number, ReturnType<typeof stationDayValues>>();
    for (const [day, ofDay] of hoursByDay(hours)) {
      if (day < firstDay || day > lastDay) continue;
      days.set(day, stationDayValues(day, ofDay));
    }
    const chosen = range.granularity === 'day' ? days : stationMonthValues(days);
    return [...chosen]
      .sort(([a], [b]) => a - b)
      .map(([period, values]) => ({ period, values: pollutants.map((p) => values[p]) }))
      .filter((r) => r.values.some((v) => v !== null));
  }

  columnsOf(q: ResolvedQuery) {
    return q.pollutants.map((key) => ({ key, title: columnTitle(q.range.granularity, key), unit: unitOf(key) }));
  }

  async query(body: HistoryQueryBody): Promise<HistoryData> {
    const q = await this.resolve(body);
    const rows = rowsOf(q);
    if (rows > HISTORY_LIMITS.maxQueryRows) {
      throw new AppError(
        ErrorCode.QUERY_TOO_LARGE,
        `查询范围约 ${rows.toLocaleString('en-US')} 行，超过单次查询上限 ${HISTORY_LIMITS.maxQueryRows.toLocaleString('en-US')} 行；请缩短时间范围、减少城市或站点，或直接导出（导出上限：${HISTORY_LIMITS.maxTargets} 个 × ${HISTORY_LIMITS.maxHourSpanDays} 天逐小时）`,
        { data: { rows, limit: HISTORY_LIMITS.maxQueryRows } },
      );
    }
    const computed = await this.computed(q);
    const page = pageOf(body, 50);
    return {
      ...computed.base,
      table: {
        list: computed.rows.slice(page.offset, page.offset + page.limit),
        total: computed.rows.length,
        pageNum: page.pageNum,
        pageSize: page.pageSize,
      },
    };
  }

  private async computed(q: ResolvedQuery): Promise<Computed> {
    const key = JSON.stringify([q.targets.map((t) => `${t.kind}:${t.code}`), q.pollutants, q.range]);
    const now = this.now();
    const hit = this.kept.get(key);
    if (hit !== undefined && now - hit.at < KEPT_SECONDS) return hit;
    const n = periodCount(q.range);
    const step = Math.max(1, Math.ceil((n * q.targets.length * q.pollutants.length) / HISTORY_LIMITS.maxChartPoints));
    const series: HistoryData['series'] = [];
    const rows: HistoryRow[] = [];
    for (const target of q.targets) {
      const full = q.pollutants.map(() => new Array<number | null>(n).fill(null));
      for (const row of await this.rowsOfTarget(target, q)) {
        const i = periodIndex(q.range, row.period);
        if (i < 0) continue;
        row.values.forEach((v, p) => {
          const column = full[p];
          if (column !== undefined) column[i] = v;
        });
        rows.push({
          time: periodLabel(q.range.granularity, row.period),
          code: target.code,
          name: target.name,
          values: row.values,
        });
      }
      q.pollutants.forEach((pollutant, p) => {
        const data = full[p] ?? [];
        series.push({ code: target.code, pollutant, data: step === 1 ? data : data.filter((_, i) => i % step === 0) });
      });
    }
    const times: string[] = [];
    for (let i = 0; i < n; i += step) times.push(periodLabel(q.range.granularity, periodAt(q.range, i)));
    const bounds = rangeBounds(q.range);
    const computed: Computed = {
      at: now,
      rows,
      base: {
        granularity: q.range.granularity,
        startTime: formatChinaDateTime(bounds.from),
        endTime: formatChinaDateTime(bounds.to),
        targets: q.targets,
        columns: this.columnsOf(q),
        times,
        seriesStep: step,
        series,
        notes: notesOf(
          q.range.granularity,
          q.targets.some((t) => t.kind === 'station'),
        ),
      },
    };
    this.kept.delete(key);
    this.kept.set(key, computed);
    const oldest = this.kept.keys().next();
    if (this.kept.size > KEPT_ANSWERS && oldest.done !== true) this.kept.delete(oldest.value);
    return computed;
  }
}
