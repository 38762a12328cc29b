import {
  DEVICE_STATUSES,
  type DeviceStatus,
  type incompleteDataBody,
  type invalidDataBody,
  ONLINE_STATES,
  OPERATION_STATUSES,
  type operationListBody,
  type operationSaveBody,
  type opsDevicesBody,
  VALID_STATUSES,
} from '@lantian/contracts';
import { expectedIntervalOf, formatChinaDateTimeOrNull, parseChinaDateTime } from '@lantian/domain';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import type { AreaScope } from '../../../platform/db/area-scope';
import { invalidField } from '../../../platform/errors';
import { pageAnswer, pageOf } from '../../../platform/http/params';
import type { AuditLog } from '../audit';
import { areaName, type Labels, onlineOf, readConfig, readFactors } from './devices.presenters';
import type { OperationRecord, OperationsRepository } from './operations.repository';
import type { DeviceView, RegistryRepository } from './registry.repository';
import type { Editor } from './registry.service';
import type { TelemetryService } from './telemetry.service';

const DAY = 86_400;

/** The longest range one invalid-data marking may cover: a slip of the date picker must not wipe a year. */
const MAX_INVALID_SPAN = 31 * DAY;

/**
 * Device operations (spec §7 /ops/optOperationStatus/*): operation records (inspection, maintenance,
 * calibration, repair), invalid-data marking — the values stay stored, flagged, excluded from hours
 * and days, and the hours are rolled up again — the operation status of every device, and the
 * incomplete-data report (hours that did not meet the validity rule).
 */
export class OpsService {
  constructor(
    private readonly registry: RegistryRepository,
    private readonly operations: OperationsRepository,
    private readonly telemetry: TelemetryService,
    private readonly labels: Labels,
    private readonly audit: AuditLog,
    private readonly now: Clock,
  ) {}

  private range(body: { startTime: string; endTime: string }, maxSpan: number | null) {
    const from = parseChinaDateTime(body.startTime);
    const to = parseChinaDateTime(body.endTime);
    if (to <= from) throw invalidField('endTime', '结束时间应晚于开始时间');
    if (maxSpan !== null && to - from > maxSpan) throw invalidField('endTime', '时间范围不能超过 31 天');
    return { from, to };
  }

  /** The devices named, every one inside the scope (one outside: 404, as if it did not exist). */
  private async devicesOf(text: string, scope: AreaScope): Promise<DeviceView[]> {
    const ids = [...new Set(text.split(',').map(Number))];
    const devices = await this.registry.devicesByIds(ids, scope);
    if (devices.length !== ids.length) throw invalidField('deviceidsStr', '包含不存在或不在您管辖范围内的设备');
    return devices;
  }

  async invalidate(body: z.output<typeof invalidDataBody>, editor: Editor) {
    return this.save(
      {
        deviceidsStr: body.deviceidsStr,
        operationStatus: 'invalidated',
        validStatus: 'invalid',
        factor: body.factor,
        startTime: body.startTime,
        endTime: body.endTime,
        note: body.reason,
      },
      editor,
    );
  }

  async save(body: z.output<typeof operationSaveBody>, editor: Editor) {
    const { from, to } = this.range(body, body.validStatus === 'invalid' ? MAX_INVALID_SPAN : null);
    const devices = await this.devicesOf(body.deviceidsStr, editor.scope);
    const first = devices[0];
    if (first === undefined) throw invalidField('deviceidsStr', '请选择设备');
    const at = this.now();
    const id = await this.operations.insert({
      device_ids: devices.map((d) => d.id).join(','),
      area_code: commonArea(devices.map((d) => d.area_code)),
      operation_status: body.operationStatus,
      valid_status: body.validStatus,
      start_t: from,
      end_t: to,
      factor: body.factor,
      note: body.note,
      operator: editor.actor.name,
      created_at: at,
    });
    const invalidatedValues =
      body.validStatus === 'invalid'
        ? await this.telemetry.markInvalid(
            devices.map((d) => d.id),
            body.factor,
            from,
            to,
          )
        : 0;
    await this.audit.record({
      actor: editor.actor,
      ip: editor.ip,
      action: body.validStatus === 'invalid' ? 'device.invalidate_data' : 'device.operation_record',
      target: { type: 'device', id: devices.map((d) => d.id).join(','), name: devices.map((d) => d.name).join('、') },
      detail: body.note === '' ? null : body.note,
      after: { ...body, invalidatedValues },
    });
    const row = this.present(
      {
        id,
        device_ids: devices.map((d) => d.id).join(','),
        area_code: first.area_code,
        operation_status: body.operationStatus,
        valid_status: body.validStatus,
        start_t: from,
        end_t: to,
        factor: body.factor,
        note: body.note,
        operator: editor.actor.name,
        created_at: at,
      },
      new Map(devices.map((d) => [d.id, d.name])),
    );
    return { ...row, invalidatedValues };
  }

  async list(query: z.output<typeof operationListBody>, scope: AreaScope) {
    const page = pageOf(query, 20);
    const result = await this.operations.list(
      {
        operationStatus: query.operationStatus,
        validStatus: query.validStatus,
        deviceId: query.deviceId,
        from: query.startTime === undefined ? undefined : parseChinaDateTime(query.startTime),
        to: query.endTime === undefined ? undefined : parseChinaDateTime(query.endTime),
      },
      scope,
      page,
    );
    const ids = [...new Set(result.list.flatMap((r) => r.device_ids.split(',').map(Number)))];
    const names = new Map((await this.registry.devicesByIds(ids, scope)).map((d) => [d.id, d.name]));
    return pageAnswer(page, { list: result.list.map((r) => this.present(r, names)), total: result.total });
  }

  private present(row: OperationRecord, names: Map<number, string>) {
    const ids = row.device_ids.split(',');
    const operation = row.operation_status as keyof typeof OPERATION_STATUSES;
    const valid = row.valid_status as keyof typeof VALID_STATUSES;
    return {
      id: String(row.id),
      deviceIds: ids,
      deviceNames: ids.map((id) => names.get(Number(id)) ?? `设备 ${id}`),
      operationStatus: operation,
      operationStatusName: OPERATION_STATUSES[operation],
      validStatus: valid,
      validStatusName: VALID_STATUSES[valid],
      factor: row.factor,
      startTime: formatChinaDateTimeOrNull(row.start_t) ?? '',
      endTime: formatChinaDateTimeOrNull(row.end_t) ?? '',
      note: row.note,
      operator: row.operator,
      createdAt: formatChinaDateTimeOrNull(row.created_at) ?? '',
    };
  }

  /** getAllDevices: every device of the scope with its operation state and last day's capture rate. */
  async devices(body: z.output<typeof opsDevicesBody>, scope: AreaScope) {
    const filter = body.sitetype === 'net' ? {} : { type: body.sitetype };
    const { list } = await this.registry.listDevices(filter, scope, null);
    const now = this.now();
    const rates = await this.captureRates(list, now - DAY, now);
    return Promise.all(
      list.map(async (d) => {
        const online = onlineOf(d, now);
        const status = d.status as DeviceStatus;
        return {
          deviceId: String(d.id),
          mn: d.mn,
          name: d.name,
          type: d.type,
          typeName: (await this.labels.deviceType(d.type))?.label ?? d.type,
          siteName: d.site_name,
          areaName: areaName(d.area_code),
          status,
          statusName: DEVICE_STATUSES[status],
          online,
          onlineName: ONLINE_STATES[online],
          lastSeen: formatChinaDateTimeOrNull(d.last_seen),
          captureRate24h: rates.get(d.id)?.rate ?? null,
        };
      }),
    );
  }

  /** getNoCompleteData: devices whose valid hour values fell short of the threshold in the range (default the last day). */
  async incomplete(body: z.output<typeof incompleteDataBody>, scope: AreaScope) {
    const now = this.now();
    const to = body.endTime === undefined ? now - (now % 3600) : parseChinaDateTime(body.endTime);
    const from = body.startTime === undefined ? to - DAY : parseChinaDateTime(body.startTime);
    if (to <= from) throw invalidField('endTime', '结束时间应晚于开始时间');
    if (to - from > 31 * DAY) throw invalidField('endTime', '时间范围不能超过 31 天');
    const { list } = await this.registry.listDevices({ status: 'active' }, scope, null);
    const rates = await this.captureRates(list, from, to);
    const rows = await Promise.all(
      list.map(async (d) => {
        const r = rates.get(d.id) ?? { expected: 0, valid: 0, rate: 0 };
        return {
          deviceId: String(d.id),
          mn: d.mn,
          name: d.name,
          typeName: (await this.labels.deviceType(d.type))?.label ?? d.type,
          areaName: areaName(d.area_code),
          ...r,
        };
      }),
    );
    return {
      startTime: formatChinaDateTimeOrNull(from) ?? '',
      endTime: formatChinaDateTimeOrNull(to) ?? '',
      list: rows.filter((r) => r.expected > 0 && r.rate < body.threshold).sort((a, b) => a.rate - b.rate),
    };
  }

  /** Valid hour rows against the hours × factors a device should have produced in (from, to]. */
  private async captureRates(devices: DeviceView[], from: number, to: number) {
    const counts = new Map(
      (
        await this.telemetry.hourCounts(
          devices.map((d) => d.id),
          from,
          to,
        )
      ).map((c) => [c.device_id, c]),
    );
    const rates = new Map<number, { expected: number; valid: number; rate: number }>();
    for (const d of devices) {
      const interval = expectedIntervalOf(d.type, readConfig(d.config_json).intervalSeconds);
      // Devices reporting less often than hourly cannot fill every hour; their expectation is per interval.
      const slots = Math.floor((to - from) / Math.max(3600, interval));
      const expected = slots * readFactors(d.factors_json).length;
      const valid = Math.min(expected, counts.get(d.id)?.valid_rows ?? 0);
      rates.set(d.id, { expected, valid, rate: expected === 0 ? 0 : valid / expected });
    }
    return rates;
  }
}

/** The narrowest area holding every device of a record (their common code prefix, at a level boundary). */
function commonArea(codes: readonly string[]): string {
  const first = codes[0] ?? '100000';
  if (codes.every((c) => c === first)) return first;
  if (codes.every((c) => c.slice(0, 4) === first.slice(0, 4))) return `${first.slice(0, 4)}00`;
  if (codes.every((c) => c.slice(0, 2) === first.slice(0, 2))) return `${first.slice(0, 2)}0000`;
  return '100000';
}
