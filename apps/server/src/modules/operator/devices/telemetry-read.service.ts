import type { deviceMapQuery, deviceSeriesQuery } from '@lantian/contracts';
import { formatChinaDateTime, formatChinaDateTimeOrNull, parseChinaDateTime } from '@lantian/domain';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import type { AreaScope } from '../../../platform/db/area-scope';
import { invalidField } from '../../../platform/errors';
import { type Labels, onlineOf, readFactors } from './devices.presenters';
import type { RegistryService } from './registry.service';
import type { TelemetryService } from './telemetry.service';

const DAY = 86_400;
/** The longest series one call returns, per resolution (a month of minutes is ~43,000 points a factor). */
const MAX_SPAN = { minute: 31 * DAY, hour: 366 * DAY, day: 5 * 366 * DAY } as const;

/** Highest level (1 is the highest) of each device's open alarms, from the alarm module. */
export type AlarmLevels = (deviceIds: readonly number[]) => Promise<Map<number, number>>;

/**
 * What operators read of the telemetry: a device's detail with its latest values, its series, and
 * the map of every device in the scope with its state. The device is looked up in the operator's
 * scope first: a device outside answers 404.
 */
export class TelemetryReadService {
  alarmLevels: AlarmLevels = async () => new Map();

  constructor(
    private readonly registry: RegistryService,
    private readonly telemetry: TelemetryService,
    private readonly labels: Labels,
    private readonly now: Clock,
  ) {}

  async detail(deviceId: number, scope: AreaScope) {
    const device = await this.registry.get(deviceId, scope);
    return { ...device, latest: await this.latestOf(deviceId) };
  }

  async latestOf(deviceId: number) {
    const rows = (await this.telemetry.latest([deviceId])).get(deviceId) ?? [];
    return Promise.all(
      rows
        .sort((a, b) => a.factor.localeCompare(b.factor))
        .map(async (row) => {
          const label = await this.labels.factor(row.factor);
          return {
            factor: row.factor,
            name: label?.label ?? row.factor,
            unit: label?.unit ?? '',
            value: row.value,
            flag: row.flag,
            time: formatChinaDateTime(row.t),
          };
        }),
    );
  }

  async series(query: z.output<typeof deviceSeriesQuery>, scope: AreaScope) {
    const device = await this.registry.view(Number(query.deviceId), scope);
    const from = parseChinaDateTime(query.startTime);
    const to = parseChinaDateTime(query.endTime);
    if (to <= from) throw invalidField('endTime', '结束时间应晚于开始时间');
    if (to - from > MAX_SPAN[query.resolution]) {
      throw invalidField(
        'endTime',
        `${{ minute: '分钟数据一次最多查询 31 天', hour: '小时数据一次最多查询 366 天', day: '日数据一次最多查询 5 年' }[query.resolution]}`,
      );
    }
    const codes = query.factor === undefined ? readFactors(device.factors_json).map((f) => f.code) : [query.factor];
    const rows = await this.telemetry.series(query.resolution, device.id, codes, from, to);
    const byFactor = new Map<string, Array<[string, number | null, string | null]>>();
    for (const row of rows) {
      const flag =
        row.invalid === 1 ? 'I' : query.resolution === 'minute' ? row.flag : row.valid === 1 ? 'valid' : 'invalid';
      const point: [string, number | null, string | null] = [formatChinaDateTime(row.t), row.value, flag];
      const list = byFactor.get(row.factor);
      if (list === undefined) byFactor.set(row.factor, [point]);
      else list.push(point);
    }
    return {
      deviceId: String(device.id),
      resolution: query.resolution,
      factors: await Promise.all(
        codes.map(async (code) => {
          const label = await this.labels.factor(code);
          return { code, name: label?.label ?? code, unit: label?.unit ?? '', points: byFactor.get(code) ?? [] };
        }),
      ),
    };
  }

  async map(query: z.output<typeof deviceMapQuery>, scope: AreaScope) {
    const devices = await this.registry.all(query, scope);
    const levels = await this.alarmLevels(devices.map((d) => d.id));
    const now = this.now();
    return Promise.all(
      devices.map(async (d) => ({
        deviceId: String(d.id),
        mn: d.mn,
        name: d.name,
        type: d.type,
        typeName: (await this.labels.deviceType(d.type))?.label ?? d.type,
        lon: d.lon,
        lat: d.lat,
        status: d.status as 'active' | 'maintenance' | 'retired',
        online: onlineOf(d, now),
        lastSeen: formatChinaDateTimeOrNull(d.last_seen),
        alarmLevel: levels.get(d.id) ?? null,
      })),
    );
  }

  /** The newest values of many devices (the CLI's `device latest`, the monitoring calls). */
  async latestMany(deviceIds: readonly number[]) {
    return this.telemetry.latest(deviceIds);
  }
}
