import { deviceConfig, type noiseDataQuery, type noisePageQuery } from '@lantian/contracts';
import { isNoiseZone, NOISE_ZONES, type NoisePeriod, type NoiseZone, SECONDS_PER_DAY } from '@lantian/domain';
import type { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import type { AreaScope } from '../../../platform/db/area-scope';
import { notFound } from '../../../platform/errors';
import { type Page, pageAnswer, pageOf, type TimeRange } from '../../../platform/http/params';
import { areaName, type DeviceView } from '../devices';
import { NOISE_LEVEL_FACTORS, type NoisePointValue, noisePoints } from './noise-levels';
import { type MonitoringSources, rangeOf, rangeText } from './sources';

/** The device type of noise monitors. */
export const NOISE_DEVICE_TYPE = 'N01';
/** GB 3096-2008 zone of a noise device whose configuration names none: 2类 (mixed areas). */
export const DEFAULT_NOISE_ZONE: NoiseZone = '2';

const SERIES_SPAN = {
  minute: { seconds: 7 * SECONDS_PER_DAY, text: ' 7 天（分钟数据）' },
  hour: { seconds: 92 * SECONDS_PER_DAY, text: ' 92 天（小时数据）' },
  day: { seconds: 366 * SECONDS_PER_DAY, text: ' 366 天（日数据）' },
} as const;
const PAGE_SPAN = { seconds: 31 * SECONDS_PER_DAY, text: ' 31 天' };
const HISTORY_DEFAULT_SECONDS = SECONDS_PER_DAY;
const EXCEEDANCE_DEFAULT_SECONDS = 7 * SECONDS_PER_DAY;

/** The zone of a noise device: its configuration's, else 2类. */
export function zoneOf(device: Pick<DeviceView, 'config_json'>): NoiseZone {
  const zone = deviceConfig.parse(JSON.parse(device.config_json)).noiseZone;
  return zone !== null && isNoiseZone(zone) ? zone : DEFAULT_NOISE_ZONE;
}

function deviceFields(device: DeviceView, zone: NoiseZone) {
  return {
    deviceId: String(device.id),
    deviceCode: device.mn,
    deviceName: device.name,
    siteName: device.site_name,
    areaCode: device.area_code,
    areaName: areaName(device.area_code),
    zone,
    zoneName: NOISE_ZONES[zone].name,
  };
}

/** An hour of a noise device, with its period and limit. */
interface NoiseHour {
  device: DeviceView;
  zone: NoiseZone;
  point: NoisePointValue & { period: NoisePeriod; periodName: string; limit: number };
}

/**
 * Noise monitoring (spec §7 /noise/*): a device's LA / LAeq series with the GB 3096-2008 limit of its
 * acoustic zone per point, the hour values of the area's noise devices, and the hours whose level
 * exceeds the day or night limit. Devices are the core's N01 devices in the operator's scope; a
 * device code outside it answers 404.
 */
export class NoiseService {
  constructor(
    private readonly sources: MonitoringSources,
    private readonly now: Clock,
  ) {}

  async data(query: z.output<typeof noiseDataQuery>, scope: AreaScope) {
    const device = await this.deviceByCode(query.deviceCode, scope);
    const range = rangeOf(query, this.now(), SECONDS_PER_DAY, SERIES_SPAN[query.dataType]);
    const zone = zoneOf(device);
    const rows = await this.sources.core.telemetry.series(
      query.dataType,
      device.id,
      NOISE_LEVEL_FACTORS,
      range.from,
      range.to,
    );
    const info = NOISE_ZONES[zone];
    return {
      ...deviceFields(device, zone),
      zoneLabel: info.label,
      dayLimit: info.day,
      nightLimit: info.night,
      unit: 'dB(A)',
      dataType: query.dataType,
      ...rangeText(range),
      points: noisePoints(rows, zone, query.dataType).map(({ t: _t, ...point }) => point),
    };
  }

  /** The hour values of the noise devices, newest first. */
  async history(query: z.output<typeof noisePageQuery>, scope: AreaScope) {
    const range = rangeOf(query, this.now(), HISTORY_DEFAULT_SECONDS, PAGE_SPAN);
    const rows = (await this.hours(query.deviceCode, range, scope)).map(({ device, zone, point }) => ({
      ...deviceFields(device, zone),
      time: point.time,
      LA: point.LA,
      LAeq: point.LAeq,
      value: point.value,
      valid: point.valid,
      period: point.period,
      periodName: point.periodName,
      limit: point.limit,
      exceedance: point.exceedance,
    }));
    return paged(pageOf(query, 20), rows, range);
  }

  /** The valid hours whose level exceeds the limit of their period, newest first. */
  async exceedances(query: z.output<typeof noisePageQuery>, scope: AreaScope) {
    const range = rangeOf(query, this.now(), EXCEEDANCE_DEFAULT_SECONDS, PAGE_SPAN);
    const rows = (await this.hours(query.deviceCode, range, scope)).flatMap(({ device, zone, point }) =>
      point.exceedance === null || point.value === null
        ? []
        : [
            {
              ...deviceFields(device, zone),
              time: point.time,
              period: point.period,
              periodName: point.periodName,
              limit: point.limit,
              value: point.value,
              exceedance: point.exceedance,
            },
          ],
    );
    return paged(pageOf(query, 20), rows, range);
  }

  /** Every hour of the devices in (from, to], newest first, then by device code. */
  private async hours(deviceCode: string | undefined, range: TimeRange, scope: AreaScope): Promise<NoiseHour[]> {
    const devices =
      deviceCode === undefined ? await this.noiseDevices(scope) : [await this.deviceByCode(deviceCode, scope)];
    const hours: NoiseHour[] = [];
    for (const device of devices) {
      const zone = zoneOf(device);
      const rows = await this.sources.core.telemetry.series(
        'hour',
        device.id,
        NOISE_LEVEL_FACTORS,
        range.from,
        range.to,
      );
      for (const point of noisePoints(rows, zone, 'hour')) {
        const { period, periodName, limit } = point;
        if (period === null || periodName === null || limit === null) continue;
        hours.push({ device, zone, point: { ...point, period, periodName, limit } });
      }
    }
    return hours.sort((a, b) => b.point.t - a.point.t || a.device.mn.localeCompare(b.device.mn));
  }

  private noiseDevices(scope: AreaScope): Promise<DeviceView[]> {
    return this.sources.core.registry.all({ type: NOISE_DEVICE_TYPE }, scope);
  }

  private async deviceByCode(mn: string, scope: AreaScope): Promise<DeviceView> {
    const device = (await this.noiseDevices(scope)).find((d) => d.mn === mn);
    if (device === undefined) throw notFound('未找到该噪声设备');
    return device;
  }
}

function paged<Row>(page: Page, rows: Row[], range: TimeRange) {
  return {
    ...pageAnswer(page, { list: rows.slice(page.offset, page.offset + page.limit), total: rows.length }),
    ...rangeText(range),
  };
}
