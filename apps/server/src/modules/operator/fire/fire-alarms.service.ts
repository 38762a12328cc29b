import type {
  AlarmRow,
  FireAlarmRow,
  fireAlarmHandleBody,
  fireAlarmListQuery,
  fireQuery,
  fireRankQuery,
} from '@lantian/contracts';
import {
  bucketIndex,
  dedupeAlarms,
  FIRE_ALARM_TYPES,
  FIRE_OUTCOMES,
  type FireAlarmType,
  type FireOutcome,
  fireAlarmType,
  firePeriod,
  fireTrendBuckets,
  formatChinaDateTime,
  maxRiseRate,
  parseChinaDateTime,
} from '@lantian/domain';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import type { AreaScope } from '../../../platform/db/area-scope';
import { invalidField, notFound } from '../../../platform/errors';
import { pageAnswer, pageOf } from '../../../platform/http/params';
import type { AuditActor, AuditLog } from '../audit';
import { areaName, type DeviceView, onlineOf } from '../devices';
import type { FireSettings } from './fire.settings';
import { type AlarmCentre, CameraFinder, type DeviceCore, FIRE_DEVICE_TYPE, fireDevices } from './fire.sources';
import type { OutcomesRepository } from './outcomes.repository';

export interface FireHandler {
  actor: AuditActor;
  ip: string | null;
  scope: AreaScope;
}

type Query = z.output<typeof fireQuery>;
/** Alarms of one period are read at most this many (newest first); the section pages and counts them. */
const READ_LIMIT = 5000;
/** Incidents: alarms of one site and type within 10 minutes are one (see dedupeAlarms). */
const INCIDENT_WINDOW_SECONDS = 600;
const TYPES = Object.keys(FIRE_ALARM_TYPES) as FireAlarmType[];

interface Scene {
  devices: DeviceView[];
  byId: Map<number, DeviceView>;
  from: number;
  to: number;
  previousFrom: number;
  alarms: Array<AlarmRow & { fireType: FireAlarmType }>;
}

/**
 * The fire section's alarm calls. The alarms are the shared lifecycle's (device-alarms), raised on the
 * F01 detectors by the fire rules; here they are typed (fireAlarmType), counted, ranked, de-duplicated
 * into incidents, linked to the nearest cameras and handled with an outcome (误报 …).
 */
export class FireAlarmsService {
  constructor(
    private readonly core: DeviceCore,
    private readonly alarms: AlarmCentre,
    private readonly outcomes: OutcomesRepository,
    private readonly audit: AuditLog,
    private readonly settings: FireSettings,
    private readonly now: Clock,
  ) {}

  private async scene(query: Query, scope: AreaScope): Promise<Scene> {
    const devices = await fireDevices(this.core, query, scope, this.settings.defaultSiteCode);
    const period = firePeriod(query.dateType, this.now());
    const rows = await this.alarms.raisedOf(
      devices.map((d) => d.id),
      period.from - 1,
      period.to,
      scope,
      READ_LIMIT,
    );
    return {
      devices,
      byId: new Map(devices.map((d) => [d.id, d])),
      ...period,
      alarms: rows
        .filter((r) => parseChinaDateTime(r.firstAt) >= period.from)
        .map((r) => ({ ...r, fireType: fireAlarmType(r.type, r.factor) })),
    };
  }

  private periodText(query: Query, scene: Scene) {
    return {
      dateType: query.dateType,
      startTime: formatChinaDateTime(scene.from),
      endTime: formatChinaDateTime(scene.to),
    };
  }

  async survey(query: Query, scope: AreaScope) {
    const scene = await this.scene(query, scope);
    const now = this.now();
    const previous = await this.alarms.raisedOf(
      scene.devices.map((d) => d.id),
      scene.previousFrom - 1,
      scene.from - 1,
      scope,
      READ_LIMIT,
    );
    const outcomes = await this.outcomes.of(
      scene.alarms.map((a) => Number(a.alarmId)),
      scope,
    );
    const siteOf = (a: AlarmRow) => scene.byId.get(Number(a.deviceId))?.site_code ?? a.deviceId;
    const incidents = dedupeAlarms(
      scene.alarms.map((a) => ({
        id: a.alarmId,
        key: siteOf(a),
        type: a.fireType,
        firstAt: parseChinaDateTime(a.firstAt),
        lastAt: parseChinaDateTime(a.lastAt),
      })),
      INCIDENT_WINDOW_SECONDS,
    );
    const online = scene.devices.filter((d) => onlineOf(d, now) === 'online').length;
    const sites = new Set(scene.devices.map((d) => d.site_code));
    const alarming = new Set(scene.alarms.filter((a) => a.status !== 'cleared').map(siteOf));
    return {
      ...this.periodText(query, scene),
      total: scene.alarms.length,
      incidents: incidents.length,
      previousTotal: previous.filter((a) => parseChinaDateTime(a.firstAt) >= scene.previousFrom).length,
      fire: scene.alarms.filter((a) => a.fireType === 'fire').length,
      unhandled: scene.alarms.filter((a) => a.status === 'active').length,
      acknowledged: scene.alarms.filter((a) => a.status === 'acknowledged').length,
      cleared: scene.alarms.filter((a) => a.status === 'cleared').length,
      falseAlarms: [...outcomes.values()].filter((o) => o.outcome === 'false_alarm').length,
      sites: { total: sites.size, alarming: alarming.size },
      devices: { total: scene.devices.length, online, offline: scene.devices.length - online },
    };
  }

  async rank(query: z.output<typeof fireRankQuery>, scope: AreaScope) {
    const scene = await this.scene(query, scope);
    const groups = new Map<string, { code: string; name: string; count: number; fire: number }>();
    // Every site or district with detectors is ranked, those without alarms too (with 0).
    for (const d of scene.devices) {
      const [code, name] =
        query.rankType === 'area' ? [d.area_code, areaName(d.area_code)] : [d.site_code, d.site_name];
      if (!groups.has(code)) groups.set(code, { code, name, count: 0, fire: 0 });
    }
    for (const alarm of scene.alarms) {
      const device = scene.byId.get(Number(alarm.deviceId));
      if (device === undefined) continue;
      const code = query.rankType === 'area' ? device.area_code : device.site_code;
      const group = groups.get(code);
      if (group === undefined) continue;
      group.count += 1;
      if (alarm.fireType === 'fire') group.fire += 1;
    }
    const list = [...groups.values()].sort(
      (a, b) => b.count - a.count || b.fire - a.fire || a.code.localeCompare(b.code),
    );
    return { ...this.periodText(query, scene), list: list.map((g, i) => ({ rank: i + 1, ...g })) };
  }

  async trend(query: Query, scope: AreaScope) {
    const scene = await this.scene(query, scope);
    const buckets = fireTrendBuckets(query.dateType, scene);
    const list = buckets.map((b) => ({
      time: b.label,
      total: 0,
      fire: 0,
      smoke: 0,
      temperature: 0,
      fault: 0,
      offline: 0,
    }));
    for (const alarm of scene.alarms) {
      const row = list[bucketIndex(buckets, parseChinaDateTime(alarm.firstAt))];
      if (row === undefined) continue;
      row.total += 1;
      row[alarm.fireType] += 1;
    }
    return { ...this.periodText(query, scene), list };
  }

  async typeCount(query: Query, scope: AreaScope) {
    const scene = await this.scene(query, scope);
    return {
      ...this.periodText(query, scene),
      list: TYPES.map((type) => ({
        type,
        name: FIRE_ALARM_TYPES[type].name,
        color: FIRE_ALARM_TYPES[type].color,
        count: scene.alarms.filter((a) => a.fireType === type).length,
      })),
    };
  }

  async list(query: z.output<typeof fireAlarmListQuery>, scope: AreaScope) {
    const scene = await this.scene(query, scope);
    const page = pageOf(query, 20);
    const outcomes = await this.outcomes.of(
      scene.alarms.map((a) => Number(a.alarmId)),
      scope,
    );
    const keyword = query.keyword ?? '';
    const rows = scene.alarms.filter(
      (a) =>
        (query.type === undefined || a.fireType === query.type) &&
        (query.status === undefined || a.status === query.status) &&
        (query.outcome === undefined || outcomes.get(Number(a.alarmId))?.outcome === query.outcome) &&
        (keyword === '' || a.deviceName.includes(keyword) || a.mn.includes(keyword) || a.siteName.includes(keyword)),
    );
    const cameras = new CameraFinder(this.core, scope, this.settings.cameraRadiusMeters, this.now(), query.videoType);
    const list = await Promise.all(
      rows
        .slice(page.offset, page.offset + page.limit)
        .map((a) => this.presentAlarm(a, scene.byId.get(Number(a.deviceId)), outcomes.get(Number(a.alarmId)), cameras)),
    );
    return { ...pageAnswer(page, { list, total: rows.length }), ...this.periodText(query, scene) };
  }

  private async presentAlarm(
    alarm: AlarmRow,
    device: DeviceView | undefined,
    outcome: { outcome: string } | undefined,
    cameras: CameraFinder,
  ): Promise<FireAlarmRow> {
    const type = fireAlarmType(alarm.type, alarm.factor);
    const code = outcome?.outcome as FireOutcome | undefined;
    return {
      ...alarm,
      fireType: type,
      fireTypeName: FIRE_ALARM_TYPES[type].name,
      fireTypeColor: FIRE_ALARM_TYPES[type].color,
      siteCode: device?.site_code ?? '',
      lon: device?.lon ?? null,
      lat: device?.lat ?? null,
      outcome: code ?? null,
      outcomeName: code === undefined ? null : FIRE_OUTCOMES[code],
      cameras: device === undefined ? [] : await cameras.near(device),
    };
  }

  async detail(alarmId: number, videoType: string, scope: AreaScope) {
    const alarm = await this.alarms.detail(alarmId, scope);
    const device = (await this.core.registry.byIds([Number(alarm.deviceId)], scope))[0];
    if (device === undefined || device.type !== FIRE_DEVICE_TYPE) throw notFound('未找到该消防告警');
    const outcome = (await this.outcomes.of([alarmId], scope)).get(alarmId);
    const cameras = new CameraFinder(this.core, scope, this.settings.cameraRadiusMeters, this.now(), videoType);
    const row = await this.presentAlarm(alarm, device, outcome, cameras);
    const at = parseChinaDateTime(alarm.firstAt);
    const points = (await this.core.telemetry.series('minute', device.id, ['fireTemp'], at - 1800, at + 1800)).map(
      (p) => ({ t: p.t, value: p.value }),
    );
    const valid = points.filter((p): p is { t: number; value: number } => p.value !== null);
    return {
      ...row,
      history: alarm.history,
      outcomeNote: outcome?.note ?? null,
      temperature: points.map((p) => ({ time: formatChinaDateTime(p.t), value: p.value })),
      maxRiseRate: valid.length < 2 ? null : maxRiseRate(valid),
    };
  }

  /**
   * Handles a fire alarm through the shared lifecycle: acknowledge (someone is checking), or clear with
   * the outcome (确认火警, 误报, 测试, 设备故障), which is kept beside the alarm and audited.
   */
  async handle(body: z.output<typeof fireAlarmHandleBody>, handler: FireHandler) {
    const alarmId = Number(body.alarmId);
    const before = await this.detail(alarmId, '6', handler.scope);
    if (body.action === 'acknowledge') {
      await this.alarms.acknowledge(alarmId, body.note, handler);
    } else {
      if (body.outcome === undefined) throw invalidField('outcome', '解除告警时请选择处理结论');
      const name = FIRE_OUTCOMES[body.outcome];
      await this.alarms.clear(alarmId, body.note === '' ? name : `${name}：${body.note}`, handler);
      await this.outcomes.save({
        alarm_id: alarmId,
        area_code: before.areaCode,
        outcome: body.outcome,
        note: body.note === '' ? null : body.note,
        by_name: handler.actor.name,
        at: this.now(),
      });
    }
    await this.audit.record({
      actor: handler.actor,
      ip: handler.ip,
      action: 'fire.alarm_handle',
      target: { type: 'alarm', id: body.alarmId, name: `${before.siteName} ${before.fireTypeName}` },
      detail: body.note === '' ? null : body.note,
      before: { status: before.status, outcome: before.outcome },
      after: { action: body.action, outcome: body.outcome ?? null },
    });
    return this.detail(alarmId, '6', handler.scope);
  }
}
