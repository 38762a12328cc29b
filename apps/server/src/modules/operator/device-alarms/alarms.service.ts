import {
  ALARM_KINDS,
  ALARM_STATUS_NAMES,
  type AlarmKindCode,
  type AlarmRow,
  type airAlarmInfoQuery,
  type alarmAnalysisQuery,
  type alarmListQuery,
  type alarmRuleListQuery,
  type alarmRuleSaveBody,
  type alarmRuleUpdateBody,
  ErrorCode,
} from '@lantian/contracts';
import {
  ALARM_ACTION_NAMES,
  type AlarmLifecycle,
  chinaDay,
  chinaDayStart,
  formatChinaDate,
  formatChinaDateTime,
  formatChinaDateTimeOrNull,
  parseChinaDateTime,
  transition,
} from '@lantian/domain';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import { type AreaScope, NATIONWIDE } from '../../../platform/db/area-scope';
import { AppError, conflict, invalidField, notFound } from '../../../platform/errors';
import { pageAnswer, pageOf } from '../../../platform/http/params';
import type { AuditActor, AuditLog } from '../audit';
import { areaName, type DeviceView } from '../devices';
import type { AlarmEngine } from './alarm-engine';
import type { AlarmFilter, AlarmRecord, AlarmsRepository, RuleRecord } from './alarms.repository';

export interface Handler {
  actor: AuditActor;
  ip: string | null;
  scope: AreaScope;
}

export interface DeviceLookup {
  byIds(ids: readonly number[], scope: AreaScope): Promise<DeviceView[]>;
  all(filter: { type?: string | undefined }, scope: AreaScope): Promise<DeviceView[]>;
  factorLabel(code: string): Promise<{ label: string; unit: string } | undefined>;
  deviceTypeLabel(code: string): Promise<{ label: string } | undefined>;
  levelName(level: number): Promise<string>;
}

const AIR_TYPES = ['A01', 'A02', 'D01'];
const DAY = 86_400;
const alarmNotFound = () => notFound('未找到该告警');

function presentRule(row: RuleRecord) {
  const kind = row.kind as AlarmKindCode;
  return {
    ruleId: String(row.id),
    name: row.name,
    kind,
    kindName: ALARM_KINDS[kind],
    deviceType: row.device_type,
    deviceId: row.device_id === null ? null : String(row.device_id),
    factor: row.factor,
    level: row.level,
    threshold: row.threshold,
    low: row.low,
    high: row.high,
    durationSeconds: row.duration_seconds,
    windowSeconds: row.window_seconds,
    count: row.count,
    enabled: row.enabled === 1,
    updatedAt: formatChinaDateTime(row.updated_at),
  };
}

function lifecycleOf(row: AlarmRecord): AlarmLifecycle {
  return {
    status: row.status as AlarmLifecycle['status'],
    count: row.count,
    firstAt: row.first_at,
    lastAt: row.last_at,
    lastValue: row.value,
    acknowledgedBy: row.ack_by,
    acknowledgedAt: row.ack_at,
    acknowledgeNote: row.ack_note,
    clearedBy: row.cleared_by,
    clearedAt: row.cleared_at,
    clearMode: row.clear_mode as AlarmLifecycle['clearMode'],
    clearNote: row.clear_note,
  };
}

/**
 * The alarm centre (spec §7 /adm/alarm/center/bd/*, /alarm/info/voAirAlarmInformation,
 * /alarm/analysis/*) and the rules. Operators see the alarms of their area; acknowledging and
 * clearing follow the lifecycle (packages/domain alarm-lifecycle: an illegal step is a 409) and are
 * audited. Rules are installation-wide and audited.
 */
export class AlarmsService {
  constructor(
    private readonly repository: AlarmsRepository,
    private readonly engine: AlarmEngine,
    private readonly devices: DeviceLookup,
    private readonly audit: AuditLog,
    private readonly now: Clock,
    private readonly published: (action: 'acknowledge' | 'clear', alarmId: number) => Promise<void>,
  ) {}

  async present(rows: AlarmRecord[]): Promise<AlarmRow[]> {
    const devices = new Map(
      (await this.devices.byIds([...new Set(rows.map((r) => r.device_id))], NATIONWIDE)).map((d) => [d.id, d]),
    );
    const rules = new Map((await this.repository.rules()).map((r) => [r.id, r]));
    return Promise.all(
      rows.map(async (row) => {
        const device = devices.get(row.device_id);
        const kind = row.kind as AlarmKindCode;
        const status = row.status as keyof typeof ALARM_STATUS_NAMES;
        const label = row.factor === null ? undefined : await this.devices.factorLabel(row.factor);
        return {
          alarmId: String(row.id),
          type: kind,
          typeName: ALARM_KINDS[kind],
          level: row.level,
          levelName: await this.devices.levelName(row.level),
          status,
          statusName: ALARM_STATUS_NAMES[status],
          ruleId: String(row.rule_id),
          ruleName: rules.get(row.rule_id)?.name ?? '（规则已删除）',
          deviceId: String(row.device_id),
          mn: device?.mn ?? '',
          deviceName: device?.name ?? `设备 ${row.device_id}`,
          deviceType: device?.type ?? '',
          siteName: device?.site_name ?? '',
          areaCode: row.area_code,
          areaName: areaName(row.area_code),
          itemName: kind === 'offline' ? '设备离线' : (label?.label ?? row.factor ?? ''),
          factor: row.factor,
          message: row.message,
          value: row.value,
          firstAt: formatChinaDateTime(row.first_at),
          lastAt: formatChinaDateTime(row.last_at),
          count: row.count,
          acknowledgedBy: row.ack_by,
          acknowledgedAt: formatChinaDateTimeOrNull(row.ack_at),
          clearedBy: row.cleared_by,
          clearedAt: formatChinaDateTimeOrNull(row.cleared_at),
          clearMode: row.clear_mode as 'auto' | 'manual' | null,
          clearNote: row.clear_note,
        };
      }),
    );
  }

  async presentOne(id: number): Promise<AlarmRow | undefined> {
    const row = await this.repository.get(id, NATIONWIDE);
    return row === undefined ? undefined : (await this.present([row]))[0];
  }

  /** The alarm centre's list; `onlyDevices` limits it to some devices (a sector's list: the smoke kitchens). */
  async list(query: z.output<typeof alarmListQuery>, scope: AreaScope, onlyDevices?: readonly number[]) {
    const page = pageOf(query, 20);
    let deviceIds: number[] | undefined = onlyDevices === undefined ? undefined : [...onlyDevices];
    if (query.keyword !== undefined && query.keyword !== '') {
      const keyword = query.keyword;
      const only = onlyDevices === undefined ? undefined : new Set(onlyDevices);
      deviceIds = (await this.devices.all({}, scope))
        .filter((d) => d.mn.includes(keyword) || d.name.includes(keyword) || d.site_name.includes(keyword))
        .filter((d) => only === undefined || only.has(d.id))
        .map((d) => d.id);
    }
    const result = await this.repository.list(
      {
        status: query.status,
        kind: query.type,
        level: query.level,
        deviceId: query.deviceId === undefined ? undefined : Number(query.deviceId),
        deviceIds,
        from: query.startTime === undefined ? undefined : parseChinaDateTime(query.startTime),
        to: query.endTime === undefined ? undefined : parseChinaDateTime(query.endTime),
      },
      scope,
      page,
    );
    return pageAnswer(page, { list: await this.present(result.list), total: result.total });
  }

  /** Alarms per kind of some devices: raised in (from, to], and open now (a sector's counts). */
  async kindCounts(deviceIds: readonly number[], from: number, to: number, scope: AreaScope) {
    const raised = await this.repository.countBy('kind', { deviceIds, raisedFrom: from, to }, scope);
    const open = await this.repository.countBy('kind', { deviceIds, open: true }, scope);
    return { raised, open };
  }

  /** The open alarms of some devices (already scoped by the caller): a sector's live flags. */
  async openRecordsOf(deviceIds: readonly number[]): Promise<AlarmRecord[]> {
    if (deviceIds.length === 0) return [];
    const ids = new Set(deviceIds);
    return (await this.repository.open()).filter((a) => ids.has(a.device_id));
  }

  /**
   * The alarms of some devices (a sector module's list of its own devices' alarms, e.g. 分表计电's
   * meters): the same rows and lifecycle as the alarm centre.
   */
  async listOfDevices(
    deviceIds: readonly number[],
    filter: Pick<AlarmFilter, 'status' | 'from' | 'to' | 'raisedFrom' | 'open'>,
    page: { pageNum: number; pageSize: number },
    scope: AreaScope,
  ) {
    const paging = pageOf(page, 20);
    const result = await this.repository.list({ ...filter, deviceIds }, scope, paging);
    return pageAnswer(paging, { list: await this.present(result.list), total: result.total });
  }

  /**
   * Alarms of some devices raised in (from, to], presented, newest first, at most `limit` (the sector
   * sections count and list their own devices' alarms: fire, …).
   */
  async raisedOf(deviceIds: readonly number[], from: number, to: number, scope: AreaScope, limit = 5000) {
    const result = await this.repository.list({ deviceIds, raisedFrom: from, to }, scope, { offset: 0, limit });
    return this.present(result.list);
  }

  /** The open (not cleared) alarms of some devices, presented. */
  async openOf(deviceIds: readonly number[], scope: AreaScope, limit = 5000) {
    const result = await this.repository.list({ deviceIds, open: true }, scope, { offset: 0, limit });
    return this.present(result.list);
  }

  async detail(id: number, scope: AreaScope) {
    const row = await this.repository.get(id, scope);
    if (row === undefined) throw alarmNotFound();
    const [alarm] = await this.present([row]);
    if (alarm === undefined) throw alarmNotFound();
    const history = (await this.repository.events(id)).map((e) => ({
      at: formatChinaDateTime(e.at),
      action: e.action as 'raise' | 'repeat' | 'acknowledge' | 'clear',
      actionName: ALARM_ACTION_NAMES[e.action as keyof typeof ALARM_ACTION_NAMES] ?? e.action,
      actor: e.actor,
      note: e.note,
    }));
    return { ...alarm, history };
  }

  async acknowledge(id: number, note: string, handler: Handler) {
    return this.step(id, handler, (lifecycle, at) =>
      transition(lifecycle, { type: 'acknowledge', by: handler.actor.name, at, note: note === '' ? null : note }),
    );
  }

  async clear(id: number, note: string, handler: Handler) {
    return this.step(id, handler, (lifecycle, at) =>
      transition(lifecycle, { type: 'clear', mode: 'manual', by: handler.actor.name, at, note }),
    );
  }

  private async step(
    id: number,
    handler: Handler,
    next: (lifecycle: AlarmLifecycle, at: number) => ReturnType<typeof transition>,
  ) {
    const row = await this.repository.get(id, handler.scope);
    if (row === undefined) throw alarmNotFound();
    const at = this.now();
    const result = next(lifecycleOf(row), at);
    if (!result.ok) {
      if (result.code === 'ILLEGAL_TRANSITION') throw new AppError(ErrorCode.CONFLICT, result.message);
      throw invalidField('note', result.message);
    }
    const action = result.event.action as 'acknowledge' | 'clear';
    const after = result.alarm;
    await this.repository.update(
      id,
      {
        status: after.status,
        ack_by: after.acknowledgedBy,
        ack_at: after.acknowledgedAt,
        ack_note: after.acknowledgeNote,
        cleared_by: after.clearedBy,
        cleared_at: after.clearedAt,
        clear_mode: after.clearMode,
        clear_note: after.clearNote,
      },
      { at, action, actor: handler.actor.name, note: result.event.note },
    );
    if (action === 'clear') await this.engine.clearedByHand(row.rule_id, row.device_id);
    await this.audit.record({
      actor: handler.actor,
      ip: handler.ip,
      action: action === 'clear' ? 'alarm.clear' : 'alarm.acknowledge',
      target: { type: 'alarm', id: String(id), name: row.message.slice(0, 100) },
      detail: result.event.note,
      before: { status: row.status },
      after: { status: after.status },
    });
    await this.published(action, id);
    return this.detail(id, handler.scope);
  }

  /** The newest alarms of air devices (voAirAlarmInformation): a period, or the latest `limit`. */
  async airAlarms(query: z.output<typeof airAlarmInfoQuery>, scope: AreaScope) {
    const air = (await this.devices.all({}, scope)).filter((d) => AIR_TYPES.includes(d.type)).map((d) => d.id);
    const result = await this.repository.list(
      {
        deviceIds: air,
        from: query.startTime === undefined ? undefined : parseChinaDateTime(query.startTime),
        to: query.endTime === undefined ? undefined : parseChinaDateTime(query.endTime),
      },
      scope,
      { offset: 0, limit: query.limit },
    );
    return this.present(result.list);
  }

  private async analysisFilter(query: z.output<typeof alarmAnalysisQuery>, scope: AreaScope) {
    const to = query.endTime === undefined ? this.now() : parseChinaDateTime(query.endTime);
    const from = query.startTime === undefined ? to - 30 * DAY : parseChinaDateTime(query.startTime);
    if (to < from) throw invalidField('endTime', '结束时间应晚于开始时间');
    if (to - from > 366 * DAY) throw invalidField('endTime', '时间范围不能超过 366 天');
    const deviceIds =
      query.deviceType === undefined
        ? undefined
        : (await this.devices.all({ type: query.deviceType }, scope)).map((d) => d.id);
    // Analysis counts the alarms raised within the period, not those merely still open in it.
    return { raisedFrom: from, to, deviceIds };
  }

  async countByLevel(query: z.output<typeof alarmAnalysisQuery>, scope: AreaScope) {
    const rows = await this.repository.countBy('level', await this.analysisFilter(query, scope), scope);
    return Promise.all(
      [1, 2, 3, 4].map(async (level) => ({
        key: String(level),
        name: await this.devices.levelName(level),
        count: rows.find((r) => r.key === String(level))?.count ?? 0,
      })),
    );
  }

  async countByType(query: z.output<typeof alarmAnalysisQuery>, scope: AreaScope) {
    const rows = await this.repository.countBy('kind', await this.analysisFilter(query, scope), scope);
    return (Object.keys(ALARM_KINDS) as AlarmKindCode[]).map((kind) => ({
      key: kind,
      name: ALARM_KINDS[kind],
      count: rows.find((r) => r.key === kind)?.count ?? 0,
    }));
  }

  async deviceRank(query: z.output<typeof alarmAnalysisQuery>, scope: AreaScope) {
    const rows = (await this.repository.countBy('device_id', await this.analysisFilter(query, scope), scope))
      .sort((a, b) => b.count - a.count)
      .slice(0, 20);
    const names = new Map(
      (
        await this.devices.byIds(
          rows.map((r) => Number(r.key)),
          scope,
        )
      ).map((d) => [String(d.id), d.name]),
    );
    return rows.map((r) => ({ key: r.key, name: names.get(r.key) ?? `设备 ${r.key}`, count: r.count }));
  }

  async trend(query: z.output<typeof alarmAnalysisQuery>, scope: AreaScope) {
    const filter = await this.analysisFilter(query, scope);
    const counts = new Map<number, number>();
    for (const t of await this.repository.firstTimes(filter, scope))
      counts.set(chinaDay(t), (counts.get(chinaDay(t)) ?? 0) + 1);
    const out: Array<{ day: string; count: number }> = [];
    for (let day = chinaDay(filter.raisedFrom); day <= chinaDay(filter.to); day += 1) {
      out.push({ day: formatChinaDate(chinaDayStart(day)), count: counts.get(day) ?? 0 });
    }
    return out;
  }

  /** Unhandled alarms of the area (the header badge). */
  activeCount(scope: AreaScope) {
    return this.repository.count({ status: 'active' }, scope);
  }

  // --- Rules ---

  async rules(query: z.output<typeof alarmRuleListQuery>) {
    const page = pageOf(query, 20);
    const all = (await this.repository.rules()).filter(
      (r) =>
        (query.kind === undefined || r.kind === query.kind) &&
        (query.deviceType === undefined || r.device_type === query.deviceType),
    );
    return pageAnswer(page, {
      list: all.slice(page.offset, page.offset + page.limit).map(presentRule),
      total: all.length,
    });
  }

  async createRule(body: z.output<typeof alarmRuleSaveBody>, handler: Handler) {
    await this.checkRuleTargets(body, handler.scope);
    const at = this.now();
    const id = await this.repository.insertRule({ ...ruleColumns(body), created_at: at, updated_at: at });
    await this.audit.record({
      actor: handler.actor,
      ip: handler.ip,
      action: 'alarm_rule.create',
      target: { type: 'alarm_rule', id: String(id), name: body.name },
      after: body,
    });
    await this.engine.rulesChanged();
    return presentRule(await this.ruleOrThrow(id));
  }

  async updateRule(body: z.output<typeof alarmRuleUpdateBody>, handler: Handler) {
    const id = Number(body.ruleId);
    const before = await this.ruleOrThrow(id);
    await this.checkRuleTargets(body, handler.scope);
    await this.repository.updateRule(id, { ...ruleColumns(body), updated_at: this.now() });
    await this.audit.record({
      actor: handler.actor,
      ip: handler.ip,
      action: 'alarm_rule.update',
      target: { type: 'alarm_rule', id: String(id), name: body.name },
      before: presentRule(before),
      after: body,
    });
    await this.engine.rulesChanged();
    return presentRule(await this.ruleOrThrow(id));
  }

  async deleteRule(ruleId: number, handler: Handler) {
    const before = await this.ruleOrThrow(ruleId);
    if ((await this.repository.count({ open: true, ruleId }, NATIONWIDE)) > 0) {
      throw conflict('该规则还有未解除的告警，请先解除或停用规则');
    }
    await this.repository.deleteRule(ruleId);
    await this.audit.record({
      actor: handler.actor,
      ip: handler.ip,
      action: 'alarm_rule.delete',
      target: { type: 'alarm_rule', id: String(ruleId), name: before.name },
      before: presentRule(before),
    });
    await this.engine.rulesChanged();
  }

  private async ruleOrThrow(id: number): Promise<RuleRecord> {
    const rule = await this.repository.rule(id);
    if (rule === undefined) throw notFound('未找到该告警规则');
    return rule;
  }

  /** What the rule names must exist: a rule for an unknown device type or factor could never fire. */
  private async checkRuleTargets(body: z.output<typeof alarmRuleSaveBody>, scope: AreaScope): Promise<void> {
    if (body.deviceType !== null && (await this.devices.deviceTypeLabel(body.deviceType)) === undefined)
      throw invalidField('deviceType', '未知的设备类型');
    if (body.kind !== 'offline' && body.factor !== null && (await this.devices.factorLabel(body.factor)) === undefined)
      throw invalidField('factor', `未知的监测因子：${body.factor}`);
    if (body.deviceId === null) return;
    const [device] = await this.devices.byIds([Number(body.deviceId)], scope);
    if (device === undefined) throw invalidField('deviceId', '未找到该设备');
    if (body.deviceType !== null && device.type !== body.deviceType)
      throw invalidField('deviceId', '该设备不是规则所选的设备类型');
  }
}

function ruleColumns(body: z.output<typeof alarmRuleSaveBody>) {
  return {
    name: body.name,
    kind: body.kind,
    device_type: body.deviceType,
    device_id: body.deviceId === null ? null : Number(body.deviceId),
    factor: body.kind === 'offline' ? null : body.factor,
    level: body.level,
    threshold: body.threshold,
    low: body.low,
    high: body.high,
    duration_seconds: body.durationSeconds,
    window_seconds: body.windowSeconds,
    count: body.count,
    enabled: body.enabled ? 1 : 0,
  };
}
