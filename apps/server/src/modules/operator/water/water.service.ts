import { areaByCode } from '@lantian/areas';
import { ErrorCode, type WaterStation, type waterHistoryQuery, type waterStationsQuery } from '@lantian/contracts';
import {
  evaluatedFactors,
  factorClass,
  formatChinaDateTime,
  formatChinaDateTimeOrNull,
  SECONDS_PER_DAY,
  stationClass,
  tryParseChinaDateTime,
  WATER_CLASSES,
  WATER_FACTORS,
  type WaterBody,
  type WaterClass,
  waterLimitIII,
} from '@lantian/domain';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import { type AreaScope, inScope } from '../../../platform/db/area-scope';
import { AppError, invalidField, notFound } from '../../../platform/errors';
import { resolveRange } from '../../../platform/http/params';
import { areaName, type DeviceView, type devices, onlineOf } from '../devices';

type DeviceCore = ReturnType<(typeof devices)['apiIn']>;

/** Surface-water stations: H01 devices of the registry. */
export const WATER_DEVICE_TYPE = 'H01';
/** The columns every station shows, in this order (the evaluated ones first). */
const SHOWN = Object.values(WATER_FACTORS);
const NO_DATA = { className: '无数据', quality: '无数据', color: '#bfbfbf' };

/**
 * Stations are rivers unless their site's name says 湖 or 水库 (the registry carries no water body yet):
 * GB 3838's lake limits for TP and the TN item then apply.
 */
export function waterBodyOf(device: Pick<DeviceView, 'site_name' | 'name'>): WaterBody {
  return /湖|水库/.test(`${device.site_name}${device.name}`) ? 'lake' : 'river';
}

const classText = (c: WaterClass | null) =>
  c === null ? { className: null, color: null } : { className: WATER_CLASSES[c].name, color: WATER_CLASSES[c].color };

/**
 * /zhhb/center/getWaterStations and the station history: the latest values of the area's water
 * stations, each factor's GB 3838-2002 class and the station's (the worst evaluated factor).
 */
export class WaterService {
  constructor(
    private readonly core: DeviceCore,
    private readonly now: Clock,
  ) {}

  private async label(code: string) {
    const l = await this.core.labels.factor(code);
    return { name: l?.label ?? code, unit: l?.unit ?? '' };
  }

  async stations(query: z.output<typeof waterStationsQuery>, scope: AreaScope) {
    if (query.areaCode !== undefined) {
      if (areaByCode(query.areaCode) === undefined) throw notFound('未找到该地区', ErrorCode.CITY_NOT_FOUND);
      if (!inScope(query.areaCode, scope)) throw new AppError(ErrorCode.AREA_OUT_OF_SCOPE, '该地区不在您的管辖范围内');
    }
    const list = await this.core.registry.all(
      { type: WATER_DEVICE_TYPE, ...(query.areaCode === undefined ? {} : { areaCode: query.areaCode }) },
      scope,
    );
    const latest = await this.core.telemetry.latest(list.map((d) => d.id));
    const now = this.now();
    const stations: WaterStation[] = [];
    for (const device of list) {
      const body = waterBodyOf(device);
      const rows = latest.get(device.id) ?? [];
      const values: Record<string, number | null> = {};
      for (const row of rows) values[row.factor] = row.flag === null || row.flag === 'N' ? row.value : null;
      const result = stationClass(values, body);
      const evaluated = new Set(evaluatedFactors(body));
      const codes = [
        ...SHOWN.filter((f) => f in values),
        ...Object.keys(values).filter((f) => !SHOWN.includes(f as never)),
      ];
      const info = result.waterClass === null ? NO_DATA : WATER_CLASSES[result.waterClass];
      stations.push({
        deviceId: String(device.id),
        mn: device.mn,
        name: device.name,
        siteCode: device.site_code,
        siteName: device.site_name,
        areaCode: device.area_code,
        areaName: areaName(device.area_code),
        lon: device.lon,
        lat: device.lat,
        online: onlineOf(device, now),
        time: formatChinaDateTimeOrNull(device.last_data_time),
        waterBody: body,
        waterClass: result.waterClass,
        className: result.waterClass === null ? NO_DATA.className : WATER_CLASSES[result.waterClass].name,
        quality: info.quality,
        color: info.color,
        deciding: await Promise.all(
          result.deciding.map(async (f) => ({ factor: f, name: (await this.label(f)).name })),
        ),
        values: await Promise.all(
          codes.map(async (factor) => {
            const value = values[factor] ?? null;
            const c = evaluated.has(factor) ? (result.perFactor[factor] ?? null) : null;
            return { factor, ...(await this.label(factor)), value, waterClass: c, ...classText(c) };
          }),
        ),
        isDemo: device.name.includes('【演示】'),
      });
    }
    // Worst first: the operator's attention goes to 劣Ⅴ before Ⅰ; stations without data last.
    stations.sort((a, b) => (b.waterClass ?? 0) - (a.waterClass ?? 0) || a.name.localeCompare(b.name));
    return { list: stations, total: stations.length };
  }

  async history(query: z.output<typeof waterHistoryQuery>, scope: AreaScope) {
    const device = await this.core.registry.view(Number(query.deviceId), scope);
    if (device.type !== WATER_DEVICE_TYPE) throw notFound('未找到该水质站');
    const time = (field: string, text: string | undefined) => {
      if (text === undefined) return undefined;
      const t = tryParseChinaDateTime(text);
      if (t === null) throw invalidField(field, '不是有效的时间');
      return t;
    };
    const range = resolveRange(
      { startTime: time('startTime', query.startTime), endTime: time('endTime', query.endTime) },
      { end: () => this.now(), start: (end) => end - 2 * SECONDS_PER_DAY },
      (from, to) => (to - from > 31 * SECONDS_PER_DAY ? '时间范围不能超过 31 天' : undefined),
    );
    const body = waterBodyOf(device);
    const rows = await this.core.telemetry.series('hour', device.id, null, range.from, range.to);
    const byFactor = new Map<string, Array<{ t: number; value: number | null }>>();
    const byHour = new Map<number, Record<string, number | null>>();
    for (const row of rows) {
      const value = row.valid === 1 && row.invalid === 0 ? row.value : null;
      byFactor.set(row.factor, [...(byFactor.get(row.factor) ?? []), { t: row.t, value }]);
      byHour.set(row.t, { ...(byHour.get(row.t) ?? {}), [row.factor]: value });
    }
    const codes = [
      ...SHOWN.filter((f) => byFactor.has(f)),
      ...[...byFactor.keys()].filter((f) => !SHOWN.includes(f as never)),
    ];
    const evaluated = new Set(evaluatedFactors(body));
    return {
      startTime: formatChinaDateTime(range.from),
      endTime: formatChinaDateTime(range.to),
      factors: await Promise.all(
        codes.map(async (factor) => ({
          factor,
          ...(await this.label(factor)),
          limitIII: evaluated.has(factor) ? waterLimitIII(factor, body) : null,
          points: (byFactor.get(factor) ?? []).map((p) => ({
            time: formatChinaDateTime(p.t),
            value: p.value,
            waterClass: p.value === null || !evaluated.has(factor) ? null : factorClass(factor, p.value, body),
          })),
        })),
      ),
      classes: [...byHour.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([t, values]) => ({ time: formatChinaDateTime(t), waterClass: stationClass(values, body).waterClass })),
    };
  }
}
