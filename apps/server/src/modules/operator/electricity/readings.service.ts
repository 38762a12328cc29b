import type { eleCompareQuery, eleDayChartQuery, eleHistoryQuery, eleHomeTrendQuery } from '@lantian/contracts';
import { METER_STATES } from '@lantian/contracts';
import {
  chinaDay,
  chinaDayStart,
  daySlots,
  energyUsed,
  episodesOf,
  formatChinaDate,
  formatChinaDateTime,
  linkageAt,
  meterState,
  parseChinaDateTime,
  SECONDS_PER_DAY,
  toSlots,
} from '@lantian/domain';
import type { z } from 'zod';
import type { AreaScope } from '../../../platform/db/area-scope';
import { invalidField } from '../../../platform/errors';
import { pageAnswer, pageOf } from '../../../platform/http/params';
import { thresholdsOf } from './detector';
import type { ElectricityRepository, SiteRecord } from './electricity.repository';
import type { RegisterService } from './register.service';
import { type EleDeps, METER_FACTORS } from './sources';

/** The longest period of the history table (15-minute data: 2,976 rows a month per meter). */
const MAX_HISTORY_DAYS = 31;
const DEFAULT_MIN_LOAD_PERCENT = 30;

export interface AlarmCounts {
  today(deviceIds: readonly number[], from: number, scope: AreaScope): Promise<number>;
  open(deviceIds: readonly number[], scope: AreaScope): Promise<number>;
}

/** Day of a `YYYY-MM-DD` text (China), or today's. */
function dayStartOf(date: string | undefined, now: number): number {
  if (date === undefined) return chinaDayStart(chinaDay(now));
  const t = parseChinaDateTime(`${date} 00:00:00`);
  return t;
}

/**
 * The readings of 分表计电: the overview, the meters' histories and daily charts (15-minute slots by
 * default, spec §7), and the production-vs-treatment overlay with its abnormal episodes.
 */
export class ReadingsService {
  constructor(
    private readonly repository: ElectricityRepository,
    private readonly register: RegisterService,
    private readonly deps: EleDeps,
    private readonly alarms: AlarmCounts,
  ) {}

  async overview(scope: AreaScope) {
    const enterprises = await this.register.allEnterprises(scope);
    const sites = await this.repository.allSites({ bound: true }, scope);
    const deviceIds = sites.flatMap((s) => (s.device_id === null ? [] : [s.device_id]));
    const now = this.deps.now();
    const problems = await this.repository.openProblemCounts(scope);
    return {
      enterprises: enterprises.length,
      operating: enterprises.filter((e) => e.operateStatus === 'operating').length,
      meters: deviceIds.length,
      onlineMeters: enterprises.reduce((sum, e) => sum + e.onlineMeters, 0),
      alarmsToday: await this.alarms.today(deviceIds, chinaDayStart(chinaDay(now)), scope),
      activeAlarms: await this.alarms.open(deviceIds, scope),
      openProblems: [...problems.values()].reduce((a, b) => a + b, 0),
      activeOrders: await this.register.activeOrderCount(scope),
      abnormalEnterprises: enterprises.filter((e) => e.abnormal).length,
    };
  }

  /** Daily kWh of production and treatment meters over the last `days` China days (today included). */
  async trend(query: z.output<typeof eleHomeTrendQuery>, scope: AreaScope) {
    const today = chinaDay(this.deps.now());
    const firstDay = today - query.days + 1;
    const from = chinaDayStart(firstDay) - SECONDS_PER_DAY;
    const to = chinaDayStart(today + 1);
    const sites = await this.repository.allSites({ bound: true }, scope);
    const totals = new Map<number, { production: number | null; treatment: number | null }>();
    for (const site of sites) {
      if (site.device_id === null) continue;
      const rows = await this.deps.core.series('minute', site.device_id, [METER_FACTORS.energy], from, to);
      const byDay = new Map<number, Array<number | null>>();
      let carry: number | null = null;
      for (const row of rows) {
        const day = chinaDay(row.t);
        if (!byDay.has(day)) byDay.set(day, carry === null ? [] : [carry]);
        byDay.get(day)?.push(row.value);
        if (row.value !== null) carry = row.value;
      }
      for (const [day, readings] of byDay) {
        if (day < firstDay) continue;
        const used = energyUsed(readings);
        if (used === null) continue;
        const cell = totals.get(day) ?? { production: null, treatment: null };
        const key = site.kind === 'treatment' ? 'treatment' : 'production';
        cell[key] = Math.round(((cell[key] ?? 0) + used) * 100) / 100;
        totals.set(day, cell);
      }
    }
    const out = [];
    for (let day = firstDay; day <= today; day++) {
      const cell = totals.get(day);
      out.push({
        date: formatChinaDate(chinaDayStart(day)),
        productionKwh: cell?.production ?? null,
        treatmentKwh: cell?.treatment ?? null,
      });
    }
    return out;
  }

  async history(query: z.output<typeof eleHistoryQuery>, scope: AreaScope) {
    const meter = await this.register.meterByCode(query.deviceCode, scope);
    const now = this.deps.now();
    const to = query.endTime === undefined ? now : parseChinaDateTime(query.endTime);
    const from = query.startTime === undefined ? to - SECONDS_PER_DAY : parseChinaDateTime(query.startTime);
    if (from >= to) throw invalidField('startTime', '开始时间应早于结束时间');
    if (to - from > MAX_HISTORY_DAYS * SECONDS_PER_DAY)
      throw invalidField('startTime', `查询时段最长 ${MAX_HISTORY_DAYS} 天`);
    const site = await this.repository.siteByDevice(meter.id);
    const factors = Object.values(METER_FACTORS);
    const rows = await this.deps.core.series('minute', meter.id, factors, from - 1, to);
    const byTime = new Map<number, Record<string, number | null>>();
    for (const row of rows) {
      const cell = byTime.get(row.t) ?? {};
      cell[row.factor] = row.value;
      byTime.set(row.t, cell);
    }
    const times = [...byTime.keys()].sort((a, b) => b - a);
    const page = pageOf(query, 20);
    const list = times.slice(page.offset, page.offset + page.limit).map((t) => {
      const v = byTime.get(t) ?? {};
      const power = v[METER_FACTORS.power] ?? null;
      const state = site === undefined ? 'unknown' : meterState(power, thresholdsOf(site));
      return {
        time: formatChinaDateTime(t),
        powerKw: power,
        currentA: v[METER_FACTORS.ia] ?? null,
        currentB: v[METER_FACTORS.ib] ?? null,
        currentC: v[METER_FACTORS.ic] ?? null,
        energyKwh: v[METER_FACTORS.energy] ?? null,
        state,
        stateName: METER_STATES[state],
      };
    });
    return pageAnswer(page, { list, total: times.length });
  }

  private async daySeries(deviceId: number, dayStart: number, factor: string) {
    const rows = await this.deps.core.series(
      'minute',
      deviceId,
      [factor],
      dayStart - 1,
      dayStart + SECONDS_PER_DAY - 1,
    );
    return rows.map((r) => [r.t, r.value] as const);
  }

  private times(slots: number[]) {
    return slots.map((t) => formatChinaDateTime(t).slice(11, 16));
  }

  async dayChart(query: z.output<typeof eleDayChartQuery>, scope: AreaScope) {
    const meter = await this.register.meterByCode(query.deviceCode, scope);
    const dayStart = dayStartOf(query.date, this.deps.now());
    const slots = daySlots(dayStart, query.interval);
    const power = await this.daySeries(meter.id, dayStart, METER_FACTORS.power);
    const energyRows = await this.deps.core.series(
      'minute',
      meter.id,
      [METER_FACTORS.energy],
      dayStart - 2 * 3600,
      dayStart + SECONDS_PER_DAY,
    );
    // The day's use runs from the last reading before midnight (when there is one) to the last of the day.
    const before = energyRows.filter((r) => r.t <= dayStart).at(-1);
    const within = energyRows.filter((r) => r.t > dayStart);
    return {
      deviceCode: meter.mn,
      deviceName: meter.name,
      date: formatChinaDate(dayStart),
      interval: query.interval,
      times: this.times(slots),
      powerKw: toSlots(power, slots, query.interval),
      energyKwh: energyUsed([...(before === undefined ? [] : [before.value]), ...within.map((r) => r.value)]),
    };
  }

  /** The enterprise's lines and facilities on one day, and the abnormal episodes that lasted `minMinutes`. */
  async compare(query: z.output<typeof eleCompareQuery>, scope: AreaScope) {
    const enterprise = await this.register.enterpriseRecord(Number(query.enterpriseId), scope);
    const dayStart = dayStartOf(query.date, this.deps.now());
    const slots = daySlots(dayStart, query.interval);
    const sites = (await this.repository.allSites({ enterpriseId: enterprise.id, bound: true }, scope)).sort((a, b) =>
      a.kind === b.kind ? a.id - b.id : a.kind === 'production' ? -1 : 1,
    );
    const values = new Map<number, Array<number | null>>();
    for (const site of sites) {
      if (site.device_id === null) continue;
      values.set(
        site.id,
        toSlots(await this.daySeries(site.device_id, dayStart, METER_FACTORS.power), slots, query.interval),
      );
    }
    const links = await this.repository.links(sites.map((s) => s.id));
    const byId = new Map(sites.map((s) => [s.id, s]));
    const episodes = [];
    const step = query.interval * 60;
    for (const site of sites.filter((s) => s.kind === 'treatment')) {
      const lines = links
        .filter((l) => l.treatment_id === site.id)
        .flatMap((l) => {
          const line = byId.get(l.production_id);
          return line === undefined ? [] : [line];
        });
      if (lines.length === 0) continue;
      const own = values.get(site.id) ?? [];
      const findings = slots.map((t, i) => {
        const power = own[i] ?? null;
        const lineStates = lines.map((line: SiteRecord) =>
          meterState(values.get(line.id)?.[i] ?? null, thresholdsOf(line)),
        );
        if (power === null || lineStates.every((s) => s === 'unknown')) return { t, stop: null, low: null };
        const f = linkageAt({
          lines: lineStates,
          treatment: { powerKw: power, thresholds: thresholdsOf(site), ratedKw: site.rated_kw },
          minLoadPercent: site.min_load_percent ?? DEFAULT_MIN_LOAD_PERCENT,
        });
        return { t, stop: f.treatmentStopped, low: f.underLoaded };
      });
      for (const kind of ['treatment_stopped', 'under_loaded'] as const) {
        const points = findings.map((f) => ({ t: f.t, flag: kind === 'treatment_stopped' ? f.stop : f.low }));
        for (const e of episodesOf(points, step, query.minMinutes * 60)) {
          episodes.push({
            siteId: String(site.id),
            siteName: site.name,
            kind,
            kindName: kind === 'treatment_stopped' ? '生产运行、治污停运' : '治污设施低负荷运行',
            start: formatChinaDateTime(e.start),
            end: formatChinaDateTime(e.end),
            minutes: Math.round(e.durationSeconds / 60),
          });
        }
      }
    }
    return {
      enterpriseId: String(enterprise.id),
      date: formatChinaDate(dayStart),
      interval: query.interval,
      times: this.times(slots),
      series: sites.map((s) => ({
        siteId: String(s.id),
        name: s.name,
        kind: s.kind as 'production' | 'treatment',
        powerKw: values.get(s.id) ?? slots.map(() => null),
      })),
      episodes,
    };
  }
}
