import { EXHAUST_FACTORS, type exhaustBigdataQuery, type exhaustRankQuery } from '@lantian/contracts';
import { SECONDS_PER_DAY } from '@lantian/domain';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import type { AreaScope } from '../../../platform/db/area-scope';
import { notFound } from '../../../platform/errors';
import type { TimeRange } from '../../../platform/http/params';
import { areaName, type DeviceView } from '../devices';
import { type ExhaustHour, summarize, summarizeByDay } from './exhaust-stats';
import { countDevices } from './monitoring.presenters';
import { type MonitoringSources, rangeOf, rangeText } from './sources';

/** The device type of exhaust remote-sensing sites. */
export const EXHAUST_DEVICE_TYPE = 'E01';
const DEFAULT_SECONDS = 7 * SECONDS_PER_DAY;
const MAX_SPAN = { seconds: 92 * SECONDS_PER_DAY, text: ' 92 天' };

/**
 * Exhaust remote sensing (spec §7 /exh/*): the area's E01 sites ranked by mean opacity or by the
 * hours over an opacity limit, and the totals and daily series of one site or all of them, from
 * the valid hour values of the device core.
 */
export class ExhaustService {
  constructor(
    private readonly sources: MonitoringSources,
    private readonly now: Clock,
  ) {}

  async rank(query: z.output<typeof exhaustRankQuery>, scope: AreaScope) {
    const range = rangeOf(query, this.now(), DEFAULT_SECONDS, MAX_SPAN);
    const devices = await this.exhaustDevices(scope);
    const rows = await Promise.all(
      devices.map(async (device) => ({
        deviceId: String(device.id),
        mn: device.mn,
        name: device.name,
        siteName: device.site_name,
        areaCode: device.area_code,
        areaName: areaName(device.area_code),
        ...summarize(await this.hoursOf(device, range), query.opacityLimit),
      })),
    );
    const key = (row: (typeof rows)[number]) => (query.sortBy === 'overHours' ? row.overHours : row.means.opacity);
    rows.sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      // Sites without data go last, in registry order.
      if (ka === null || kb === null) return ka === null ? (kb === null ? 0 : 1) : -1;
      return kb - ka || (b.means.opacity ?? 0) - (a.means.opacity ?? 0);
    });
    return {
      ...rangeText(range),
      opacityLimit: query.opacityLimit,
      list: rows.map((row, i) => ({ rank: i + 1, ...row })),
    };
  }

  async overview(query: z.output<typeof exhaustBigdataQuery>, scope: AreaScope) {
    const range = rangeOf(query, this.now(), DEFAULT_SECONDS, MAX_SPAN);
    const devices = await this.selected(query.deviceid, scope);
    return {
      ...rangeText(range),
      opacityLimit: query.opacityLimit,
      devices: countDevices(devices, this.now()),
      ...summarize(await this.hoursOfAll(devices, range), query.opacityLimit),
    };
  }

  async trend(query: z.output<typeof exhaustBigdataQuery>, scope: AreaScope) {
    const range = rangeOf(query, this.now(), DEFAULT_SECONDS, MAX_SPAN);
    const devices = await this.selected(query.deviceid, scope);
    const days = summarizeByDay(await this.hoursOfAll(devices, range), range, query.opacityLimit);
    return {
      ...rangeText(range),
      opacityLimit: query.opacityLimit,
      days: days.map(({ date, hours, overHours, means }) => ({ date, hours, overHours, ...means })),
    };
  }

  private exhaustDevices(scope: AreaScope): Promise<DeviceView[]> {
    return this.sources.core.registry.all({ type: EXHAUST_DEVICE_TYPE }, scope);
  }

  /** One device (404 unless an exhaust device in the scope) or every exhaust device of the scope. */
  private async selected(deviceId: string | undefined, scope: AreaScope): Promise<DeviceView[]> {
    if (deviceId === undefined) return this.exhaustDevices(scope);
    const device = await this.sources.core.registry.view(Number(deviceId), scope);
    if (device.type !== EXHAUST_DEVICE_TYPE) throw notFound('未找到该尾气遥感设备');
    return [device];
  }

  private hoursOf(device: DeviceView, range: TimeRange): Promise<ExhaustHour[]> {
    return this.sources.core.telemetry.series('hour', device.id, EXHAUST_FACTORS, range.from, range.to);
  }

  private async hoursOfAll(devices: readonly DeviceView[], range: TimeRange): Promise<ExhaustHour[]> {
    const all: ExhaustHour[] = [];
    for (const device of devices) all.push(...(await this.hoursOf(device, range)));
    return all;
  }
}
