import {
  ALARM_KINDS,
  type AlarmKindCode,
  ErrorCode,
  ONLINE_STATES,
  OPERATE_STATUSES,
  RUN_STATES,
  type SmokeLiveRow,
  type smokeAlarmCountQuery,
  type smokeAlarmQuery,
  type smokeHistoryQuery,
  type smokeLiveQuery,
  type smokeOverDaysQuery,
  type smokeRunningQuery,
  type smokeSiteQuery,
} from '@lantian/contracts';
import {
  DEFAULT_CURRENT_THRESHOLDS,
  DEFAULT_FUME_STANDARD,
  dayBucketOf,
  FUME_STANDARDS,
  formatChinaDate,
  formatChinaDateTime,
  overLimitMinutes,
  RUNNING_INTERVAL_SECONDS,
  runningTimeline,
  SECONDS_PER_DAY,
  type StateSegment,
  scaleOfRanges,
  stateOfCurrent,
  tryParseChinaDateTime,
} from '@lantian/domain';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import { type AreaScope, inScope } from '../../../platform/db/area-scope';
import { AppError, invalidField, notFound } from '../../../platform/errors';
import { pageAnswer, pageOf, resolveRange, type TimeRange } from '../../../platform/http/params';
import type { AlarmsService, Handler } from '../device-alarms';
import { areaName, type DeviceView, onlineOf } from '../devices';
import type { EnterpriseRecord, EnterprisesRepository } from './enterprises.repository';
import { type EnterprisesService, monitorsBySite, presentEnterprise } from './enterprises.service';

const FACTORS = ['oilFume', 'fanCurrent', 'purifierCurrent'] as const;
const TEN_MINUTES = RUNNING_INTERVAL_SECONDS;

/** What the smoke calls read of the device core and the alarm module. */
export interface SmokeSources {
  monitors(scope: AreaScope): Promise<DeviceView[]>;
  latest(
    deviceIds: readonly number[],
  ): Promise<Map<number, Array<{ factor: string; t: number; value: number | null }>>>;
  series(
    resolution: 'minute' | 'hour' | 'day',
    deviceId: number,
    factors: readonly string[],
    from: number,
    to: number,
  ): Promise<Array<{ factor: string; t: number; value: number | null }>>;
  alarms: Pick<AlarmsService, 'list' | 'kindCounts' | 'openRecordsOf' | 'acknowledge' | 'clear' | 'detail'>;
  /** The S01 rules applying to a device (the engine's): the limit and the purifier threshold. */
  rules(deviceId: number): ReadonlyArray<{ kind: string; threshold: number | null }>;
  /** The installation's S01 rules of no particular device. */
  typeRules(): ReadonlyArray<{ kind: string; threshold: number | null }>;
}

const outOfScope = () => new AppError(ErrorCode.AREA_OUT_OF_SCOPE, '该地区不在您的管辖范围内');
const siteNotFound = () => notFound('未找到该油烟监测点');

function timeOf(field: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const t = tryParseChinaDateTime(text);
  if (t === null) throw invalidField(field, '不是有效的时间');
  return t;
}

function rangeOf(
  query: { startTime?: string | undefined; endTime?: string | undefined },
  now: number,
  defaultSeconds: number,
  max: { seconds: number; text: string },
): TimeRange {
  return resolveRange(
    { startTime: timeOf('startTime', query.startTime), endTime: timeOf('endTime', query.endTime) },
    { end: () => now, start: (end) => end - defaultSeconds },
    (from, to) => (to - from > max.seconds ? `时间范围不能超过${max.text}` : undefined),
  );
}

const round = (v: number | null, digits = 3) => (v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits);

/** The limit of the rules: a device's own fume_over rule first, else the type's, else GB 18483-2001. */
function limitOf(rules: ReadonlyArray<{ kind: string; threshold: number | null }>): number {
  const rule = rules.find((r) => r.kind === 'fume_over' && r.threshold !== null);
  return rule?.threshold ?? FUME_STANDARDS[DEFAULT_FUME_STANDARD].limit;
}

function purifierOnOf(rules: ReadonlyArray<{ kind: string; threshold: number | null }>): number {
  return rules.find((r) => r.kind === 'purifier_off')?.threshold ?? DEFAULT_CURRENT_THRESHOLDS.purifierOn;
}

/** The standard whose limit the rule applies, by value (an operator sets it in 告警中心 → 告警规则). */
export function standardName(limit: number): string {
  const match = Object.values(FUME_STANDARDS).find((s) => s.limit === limit);
  return match === undefined ? `地方限值 ${limit} mg/m³` : match.name;
}

interface LiveBase {
  enterprise: EnterpriseRecord;
  monitor: DeviceView | undefined;
  row: SmokeLiveRow;
}

/**
 * Restaurant smoke monitoring (spec §7 /smk/*): the live state of every enterprise of the register
 * (its S01 logger's latest fume, fan and purifier currents, online state, the over-limit and
 * purifier-off flags of its open alarms), the overview and map, histories (10-minute, hour, day),
 * the running-state timeline (10-minute intervals) and the over-limit minutes per day, and the smoke
 * alarms of the shared lifecycle. Enterprises and devices are read within the operator's area.
 */
export class SmokeService {
  constructor(
    private readonly enterprises: EnterprisesRepository,
    private readonly register: EnterprisesService,
    private readonly sources: SmokeSources,
    private readonly fanOnAmps: number,
    private readonly now: Clock,
  ) {}

  // --- Live ---

  private async liveRows(filter: { keyword?: string | undefined; areaCode?: string | undefined }, scope: AreaScope) {
    if (filter.areaCode !== undefined && !inScope(filter.areaCode, scope)) throw outOfScope();
    const { list } = await this.enterprises.list({ ...filter, enabled: true }, scope, null);
    const monitors = monitorsBySite(await this.sources.monitors(scope));
    const linked = list.map((e) => ({
      enterprise: e,
      monitor: e.site_id === null ? undefined : monitors.get(e.site_id),
    }));
    const ids = linked.flatMap((l) => (l.monitor === undefined ? [] : [l.monitor.id]));
    const latest = await this.sources.latest(ids);
    const open = await this.sources.alarms.openRecordsOf(ids);
    const now = this.now();
    return linked.map(({ enterprise, monitor }): LiveBase => {
      const values = monitor === undefined ? [] : (latest.get(monitor.id) ?? []);
      const value = (factor: string) => values.find((v) => v.factor === factor)?.value ?? null;
      const online = monitor === undefined ? 'none' : onlineOf(monitor, now);
      const rules = monitor === undefined ? this.sources.typeRules() : this.sources.rules(monitor.id);
      const kinds = new Set(open.filter((a) => a.device_id === monitor?.id).map((a) => a.kind));
      const live = online === 'online';
      const fan = value('fanCurrent');
      const purifier = value('purifierCurrent');
      const dataTime = values.reduce<number | null>((m, v) => (m === null || v.t > m ? v.t : m), null);
      const scale = scaleOfRanges(enterprise.ranges);
      const onlineName = online === 'none' ? '未安装' : ONLINE_STATES[online];
      return {
        enterprise,
        monitor,
        row: {
          stationCode: String(enterprise.id),
          name: enterprise.name,
          siteCode: monitor?.site_code ?? null,
          deviceCode: monitor?.mn ?? null,
          areaCode: enterprise.area_code,
          areaName: areaName(enterprise.area_code),
          address: enterprise.address,
          lon: enterprise.lon,
          lat: enterprise.lat,
          scaleName: scale === null ? null : presentEnterprise(enterprise, undefined).scaleName,
          operateStatusName:
            OPERATE_STATUSES[enterprise.operate_status as keyof typeof OPERATE_STATUSES] ?? enterprise.operate_status,
          online,
          onlineName,
          time: dataTime === null ? null : formatChinaDateTime(dataTime),
          oilFume: value('oilFume'),
          fanCurrent: fan,
          purifierCurrent: purifier,
          // A stale value says nothing about now: only an online logger's currents give a state.
          fanState: live ? stateOfCurrent(fan, this.fanOnAmps) : 'unknown',
          purifierState: live ? stateOfCurrent(purifier, purifierOnOf(rules)) : 'unknown',
          mean10: null,
          limit: limitOf(rules),
          overLimit: kinds.has('fume_over'),
          purifierOff: kinds.has('purifier_off'),
          activeAlarms: open.filter((a) => a.device_id === monitor?.id).length,
        },
      };
    });
  }

  /** The mean of the last 10 minutes of a logger (null without values). */
  private async mean10(deviceId: number): Promise<number | null> {
    const now = this.now();
    const rows = await this.sources.series('minute', deviceId, ['oilFume'], now - TEN_MINUTES, now);
    const values = rows.flatMap((r) => (r.value === null ? [] : [r.value]));
    return values.length === 0 ? null : round(values.reduce((s, v) => s + v, 0) / values.length);
  }

  async live(query: z.output<typeof smokeLiveQuery>, scope: AreaScope) {
    const page = pageOf(query, 20);
    const rows = (await this.liveRows(query, scope)).filter(({ row }) => {
      if (query.online !== undefined && row.online !== query.online) return false;
      switch (query.state) {
        case 'overLimit':
          return row.overLimit;
        case 'purifierOff':
          return row.purifierOff;
        case 'running':
          return row.fanState === 'on';
        case 'stopped':
          return row.fanState === 'off';
        default:
          return true;
      }
    });
    const slice = rows.slice(page.offset, page.offset + page.limit);
    const list = await Promise.all(
      slice.map(async ({ row, monitor }) => ({
        ...row,
        mean10: monitor === undefined ? null : await this.mean10(monitor.id),
      })),
    );
    return pageAnswer(page, { list, total: rows.length });
  }

  async detail(query: z.output<typeof smokeSiteQuery>, scope: AreaScope) {
    const enterprise = await this.resolve(query, scope);
    const [base] = (await this.liveRows({}, scope)).filter((l) => l.enterprise.id === enterprise.id);
    if (base === undefined) throw siteNotFound();
    return {
      ...base.row,
      mean10: base.monitor === undefined ? null : await this.mean10(base.monitor.id),
      enterprise: await this.register.detail(enterprise.id, scope),
    };
  }

  async overview(query: { areaCode?: string | undefined }, scope: AreaScope) {
    const rows = (await this.liveRows(query, scope)).map((l) => l.row);
    const count = (test: (r: SmokeLiveRow) => boolean) => rows.filter(test).length;
    const limit = limitOf(this.sources.typeRules());
    return {
      enterprises: rows.length,
      monitored: count((r) => r.online !== 'none'),
      online: count((r) => r.online === 'online'),
      offline: count((r) => r.online === 'offline' || r.online === 'never'),
      running: count((r) => r.fanState === 'on'),
      purifierOn: count((r) => r.purifierState === 'on'),
      purifierOff: count((r) => r.purifierOff),
      overLimit: count((r) => r.overLimit),
      activeAlarms: rows.reduce((s, r) => s + r.activeAlarms, 0),
      limit,
      standard: standardName(limit),
      time: formatChinaDateTime(this.now()),
    };
  }

  async map(query: { areaCode?: string | undefined }, scope: AreaScope) {
    return (await this.liveRows(query, scope)).map(({ row }) => ({
      stationCode: row.stationCode,
      name: row.name,
      areaCode: row.areaCode,
      lon: row.lon,
      lat: row.lat,
      online: row.online,
      oilFume: row.oilFume,
      overLimit: row.overLimit,
      purifierOff: row.purifierOff,
      fanState: row.fanState,
    }));
  }

  // --- Which site ---

  /** The enterprise a call names by stationCode, siteCode or deviceCode (spec §3), in the scope. */
  private async resolve(query: z.output<typeof smokeSiteQuery>, scope: AreaScope): Promise<EnterpriseRecord> {
    if (query.stationCode !== undefined) return this.register.record(Number(query.stationCode), scope);
    const monitors = await this.sources.monitors(scope);
    let siteId: number | undefined;
    if (query.deviceCode !== undefined) siteId = monitors.find((d) => d.mn === query.deviceCode)?.site_id;
    else if (query.siteCode !== undefined) siteId = monitors.find((d) => d.site_code === query.siteCode)?.site_id;
    else throw invalidField('stationCode', '请指定 stationCode、siteCode 或 deviceCode');
    const enterprise = siteId === undefined ? undefined : await this.enterprises.bySite(siteId, scope);
    if (enterprise === undefined) throw siteNotFound();
    return enterprise;
  }

  private async monitored(query: z.output<typeof smokeSiteQuery>, scope: AreaScope) {
    const enterprise = await this.resolve(query, scope);
    const monitor =
      enterprise.site_id === null
        ? undefined
        : monitorsBySite(await this.sources.monitors(scope)).get(enterprise.site_id);
    if (monitor === undefined) throw notFound('该企业未安装油烟监测设备');
    return { enterprise, monitor, rules: this.sources.rules(monitor.id) };
  }

  // --- Histories ---

  async history(query: z.output<typeof smokeHistoryQuery>, scope: AreaScope) {
    const { enterprise, monitor, rules } = await this.monitored(query, scope);
    const limit = limitOf(rules);
    const span = {
      '10m': { def: SECONDS_PER_DAY, max: { seconds: 7 * SECONDS_PER_DAY, text: ' 7 天（10 分钟数据）' } },
      hour: { def: 7 * SECONDS_PER_DAY, max: { seconds: 92 * SECONDS_PER_DAY, text: ' 92 天（小时数据）' } },
      day: { def: 30 * SECONDS_PER_DAY, max: { seconds: 366 * SECONDS_PER_DAY, text: ' 366 天（日数据）' } },
    }[query.dataType];
    const range = rangeOf(query, this.now(), span.def, span.max);
    const resolution = query.dataType === '10m' ? 'minute' : query.dataType;
    const rows = await this.sources.series(resolution, monitor.id, FACTORS, range.from, range.to);
    // 10-minute values: the minutes of (T − 10 min, T], labelled T (as the core labels hours by their end).
    const slotOf = (t: number) => (query.dataType === '10m' ? Math.ceil(t / TEN_MINUTES) * TEN_MINUTES : t);
    const slots = new Map<number, Record<(typeof FACTORS)[number], number[]>>();
    for (const r of rows) {
      if (r.value === null) continue;
      const slot = slotOf(r.t);
      const acc = slots.get(slot) ?? { oilFume: [], fanCurrent: [], purifierCurrent: [] };
      acc[r.factor as (typeof FACTORS)[number]]?.push(r.value);
      slots.set(slot, acc);
    }
    const mean = (xs: number[]) => (xs.length === 0 ? null : xs.reduce((s, v) => s + v, 0) / xs.length);
    const points = [...slots.entries()]
      .sort(([a], [b]) => a - b)
      .map(([t, acc]) => {
        const fume = mean(acc.oilFume);
        return {
          time: query.dataType === 'day' ? `${formatChinaDate(t)} 00:00:00` : formatChinaDateTime(t),
          oilFume: round(fume),
          oilFumeMax: query.dataType === '10m' && acc.oilFume.length > 0 ? Math.max(...acc.oilFume) : null,
          fanCurrent: round(mean(acc.fanCurrent), 2),
          purifierCurrent: round(mean(acc.purifierCurrent), 2),
          overLimit: fume !== null && fume > limit,
        };
      });
    return {
      stationCode: String(enterprise.id),
      name: enterprise.name,
      deviceCode: monitor.mn,
      dataType: query.dataType,
      limit,
      unit: 'mg/m³' as const,
      startTime: formatChinaDateTime(range.from),
      endTime: formatChinaDateTime(range.to),
      points,
    };
  }

  async running(query: z.output<typeof smokeRunningQuery>, scope: AreaScope) {
    const { enterprise, monitor, rules } = await this.monitored(query, scope);
    const range = rangeOf(query, this.now(), SECONDS_PER_DAY, { seconds: 7 * SECONDS_PER_DAY, text: ' 7 天' });
    const rows = await this.sources.series(
      'minute',
      monitor.id,
      ['fanCurrent', 'purifierCurrent'],
      range.from,
      range.to,
    );
    const of = (factor: string) => rows.filter((r) => r.factor === factor).map((r) => ({ t: r.t, value: r.value }));
    const purifierOn = purifierOnOf(rules);
    const fan = runningTimeline(of('fanCurrent'), this.fanOnAmps, range.from, range.to);
    const purifier = runningTimeline(of('purifierCurrent'), purifierOn, range.from, range.to);
    const present = (s: StateSegment) => ({
      startTime: formatChinaDateTime(s.from),
      endTime: formatChinaDateTime(s.to),
      state: s.state,
      stateName: RUN_STATES[s.state],
    });
    const stateAt = (segments: StateSegment[], t: number) => segments.find((s) => s.from <= t && t < s.to)?.state;
    let fanOnSlots = 0;
    let bypassSlots = 0;
    for (const s of fan) {
      if (s.state !== 'on') continue;
      for (let t = s.from; t < s.to; t += TEN_MINUTES) {
        fanOnSlots += 1;
        if (stateAt(purifier, t) === 'off') bypassSlots += 1;
      }
    }
    return {
      stationCode: String(enterprise.id),
      deviceCode: monitor.mn,
      interval: '10m' as const,
      fanOnAmps: this.fanOnAmps,
      purifierOnAmps: purifierOn,
      startTime: formatChinaDateTime(range.from),
      endTime: formatChinaDateTime(range.to),
      fan: fan.map(present),
      purifier: purifier.map(present),
      fanOnMinutes: (fanOnSlots * TEN_MINUTES) / 60,
      purifierOffWhileFanOnMinutes: (bypassSlots * TEN_MINUTES) / 60,
    };
  }

  async overDays(query: z.output<typeof smokeOverDaysQuery>, scope: AreaScope) {
    const { enterprise, monitor, rules } = await this.monitored(query, scope);
    const limit = limitOf(rules);
    const range = rangeOf(query, this.now(), 7 * SECONDS_PER_DAY, { seconds: 31 * SECONDS_PER_DAY, text: ' 31 天' });
    const rows = await this.sources.series('minute', monitor.id, ['oilFume'], range.from, range.to);
    const byDay = new Map<number, Array<{ t: number; value: number | null }>>();
    for (const r of rows) {
      const day = dayBucketOf(r.t);
      const list = byDay.get(day) ?? [];
      list.push({ t: r.t, value: r.value });
      byDay.set(day, list);
    }
    const days = [...byDay.entries()]
      .sort(([a], [b]) => a - b)
      .map(([day, samples]) => {
        const values = samples.flatMap((s) => (s.value === null ? [] : [s.value]));
        return {
          date: formatChinaDate(day),
          overMinutes: overLimitMinutes(samples, limit),
          mean: values.length === 0 ? null : round(values.reduce((s, v) => s + v, 0) / values.length),
          max: values.length === 0 ? null : Math.max(...values),
          validMinutes: values.length,
        };
      });
    return { stationCode: String(enterprise.id), limit, days };
  }

  // --- Alarms ---

  /** The S01 loggers of the scope (optionally of an area or one enterprise), with their enterprises. */
  private async alarmDevices(
    query: { areaCode?: string | undefined; stationCode?: string | undefined },
    scope: AreaScope,
  ) {
    if (query.areaCode !== undefined && !inScope(query.areaCode, scope)) throw outOfScope();
    let monitors = await this.sources.monitors(scope);
    if (query.areaCode !== undefined) {
      const area = { areaCode: query.areaCode };
      monitors = monitors.filter((d) => inScope(d.area_code, area));
    }
    const { list } = await this.enterprises.list({ linked: true }, scope, null);
    const bySite = new Map(list.map((e) => [e.site_id, e]));
    if (query.stationCode !== undefined) {
      const enterprise = await this.register.record(Number(query.stationCode), scope);
      monitors = monitors.filter((d) => d.site_id === enterprise.site_id);
    }
    return {
      ids: monitors.map((d) => d.id),
      enterpriseOf: (deviceId: number) => {
        const device = monitors.find((d) => d.id === deviceId);
        return device === undefined ? undefined : bySite.get(device.site_id);
      },
    };
  }

  async alarms(query: z.output<typeof smokeAlarmQuery>, scope: AreaScope) {
    const { ids, enterpriseOf } = await this.alarmDevices(query, scope);
    const page = await this.sources.alarms.list(
      {
        pageNum: query.pageNum,
        pageSize: query.pageSize,
        status: query.status,
        type: query.type,
        keyword: query.keyword,
        startTime: query.startTime,
        endTime: query.endTime,
      },
      scope,
      ids,
    );
    return {
      ...page,
      list: page.list.map((alarm) => {
        const enterprise = enterpriseOf(Number(alarm.deviceId));
        return {
          ...alarm,
          stationCode: enterprise === undefined ? null : String(enterprise.id),
          enterpriseName: enterprise?.name ?? null,
        };
      }),
    };
  }

  async alarmCounts(query: z.output<typeof smokeAlarmCountQuery>, scope: AreaScope) {
    const { ids } = await this.alarmDevices(query, scope);
    const range = rangeOf(query, this.now(), 30 * SECONDS_PER_DAY, { seconds: 366 * SECONDS_PER_DAY, text: ' 366 天' });
    const counts = await this.sources.alarms.kindCounts(ids, range.from, range.to, scope);
    const kinds: AlarmKindCode[] = [
      'fume_over',
      'purifier_off',
      'offline',
      'over_limit',
      'out_of_range',
      'constant',
      'rate_of_change',
    ];
    const types = kinds
      .map((kind) => ({
        type: kind,
        typeName: ALARM_KINDS[kind],
        count: counts.raised.find((r) => r.key === kind)?.count ?? 0,
        open: counts.open.find((r) => r.key === kind)?.count ?? 0,
      }))
      // The smoke kinds always show; the generic ones only when they happened.
      .filter((t) => t.type === 'fume_over' || t.type === 'purifier_off' || t.count > 0 || t.open > 0);
    return {
      total: counts.raised.reduce((s, r) => s + r.count, 0),
      open: counts.open.reduce((s, r) => s + r.count, 0),
      types,
    };
  }

  /** Acknowledges or clears a smoke alarm through the shared lifecycle (audited there). */
  async handle(body: { alarmId: string; action: 'acknowledge' | 'clear'; note: string }, handler: Handler) {
    const { ids } = await this.alarmDevices({}, handler.scope);
    const id = Number(body.alarmId);
    const alarm = await this.sources.alarms.detail(id, handler.scope);
    if (!ids.includes(Number(alarm.deviceId))) throw notFound('未找到该油烟告警');
    return body.action === 'clear'
      ? this.sources.alarms.clear(id, body.note, handler)
      : this.sources.alarms.acknowledge(id, body.note, handler);
  }
}
