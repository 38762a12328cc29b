import {
  DEFAULT_SCAN_RADIUS,
  ErrorCode,
  LIDAR_DATA_TYPES,
  LIDAR_DEVICE_TYPES,
  type LidarDataType,
  type LidarDeviceRow,
  type LidarTreeNode,
  type ScanMeta,
} from '@lantian/contracts';
import {
  boxAround,
  formatChinaDateTime,
  massOf,
  OPTICS,
  parseChinaDateTime,
  rewriteResourceUrl,
  type TimeSlotConfig,
} from '@lantian/domain';
import type { Clock } from '../../../platform/clock';
import type { AreaScope } from '../../../platform/db/area-scope';
import { AppError, invalidField, notFound } from '../../../platform/errors';
import { encodeMp4, VideoEncodeError } from '../../../platform/media/mp4';
import type { DeviceView, RegistryService } from '../devices';
import { areaName, onlineOf } from '../devices';
import { unpackDepol, unpackExtinction } from './codec';
import { type CurtainInput, renderCurtain, renderOverlay, renderPolarImage } from './lidar-images';
import { dataTypeInfo, roundValue, valuesOf } from './products';
import type { ProfileRecord, ScanHead, ScanRecord, ScansRepository } from './scans.repository';

export const LIDAR_TYPES = Object.keys(LIDAR_DEVICE_TYPES);

/** Longest span of a VF curtain or a video in one call. */
const MAX_CURTAIN_SECONDS = 7 * 86_400;
const MAX_VIDEO_FRAMES = 96;

/** A value in the CSV format: three decimals, empty for no data. */
const csvValue = (v: number) => (Number.isFinite(v) ? v.toFixed(3) : '');

const stampOf = (t: number) => formatChinaDateTime(t).replace(/\D/g, '');

/** An image cache of rendered PNGs (a scan is rendered once per data type while it is looked at). */
class ImageCache {
  private readonly entries = new Map<string, Buffer>();
  constructor(private readonly max: number) {}
  get(key: string): Buffer | undefined {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }
  set(key: string, value: Buffer): void {
    this.entries.set(key, value);
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}

export const parseTime = (field: string, text: string | undefined): number | null => {
  if (text === undefined) return null;
  try {
    return parseChinaDateTime(text);
  } catch {
    throw invalidField(field, '不是有效的时间');
  }
};

/** `startTime`/`endTime` given in China time: both ends, ordered, at most `maxSeconds` apart. */
export function rangeOf(
  startText: string,
  endText: string,
  maxSeconds: number,
  maxText: string,
): { from: number; to: number } {
  const from = parseTime('startTime', startText) ?? 0;
  const to = parseTime('endTime', endText) ?? 0;
  if (to < from) throw invalidField('endTime', '不能早于开始时间');
  if (to - from > maxSeconds) throw invalidField('endTime', `时间范围不能超过${maxText}`);
  return { from, to };
}

/**
 * The lidar devices and their products as operators and open-API clients read them: device lists and
 * trees, scan metadata and navigation, values as JSON, rendered images (cached), VF curtains, the
 * time-slot rewriting of resource URLs, downloads and videos. Every read is limited to the caller's
 * area (the repositories filter in SQL; devices come from the device core's scoped registry).
 */
export class LidarService {
  private readonly images = new ImageCache(96);

  constructor(
    private readonly registry: RegistryService,
    private readonly scans: ScansRepository,
    private readonly slots: TimeSlotConfig,
    private readonly now: Clock,
  ) {}

  // --- Devices ---

  async devicesOf(scope: AreaScope, types: readonly string[] = LIDAR_TYPES): Promise<DeviceView[]> {
    const lists = await Promise.all(types.map((type) => this.registry.all({ type }, scope)));
    return lists.flat();
  }

  /** A lidar device inside the scope (404 otherwise, as if it did not exist). */
  async device(deviceId: number, scope: AreaScope, types: readonly string[] = LIDAR_TYPES): Promise<DeviceView> {
    const device = await this.registry.view(deviceId, scope).catch((err: unknown) => {
      if (err instanceof AppError && err.code === ErrorCode.NOT_FOUND) throw notFound('未找到该激光雷达');
      throw err;
    });
    if (!types.includes(device.type)) throw notFound('未找到该激光雷达');
    return device;
  }

  async present(devices: readonly DeviceView[]): Promise<LidarDeviceRow[]> {
    const newest = await this.scans.newestTimes(devices.map((d) => d.id));
    const at = this.now();
    return devices.map((d) => {
      const latest = newest.get(d.id);
      return {
        deviceId: String(d.id),
        deviceCode: d.mn,
        name: d.name,
        type: d.type,
        typeName: LIDAR_DEVICE_TYPES[d.type as keyof typeof LIDAR_DEVICE_TYPES] ?? d.type,
        siteCode: d.site_code,
        siteName: d.site_name,
        areaCode: d.area_code,
        areaName: areaName(d.area_code),
        lon: d.lon,
        lat: d.lat,
        online: onlineOf(d, at),
        lastScanTime: latest === undefined ? null : formatChinaDateTime(latest.t),
        source: latest?.source ?? null,
      };
    });
  }

  async allDevices(scope: AreaScope, type: string): Promise<LidarDeviceRow[]> {
    return this.present(await this.devicesOf(scope, [type]));
  }

  async tree(scope: AreaScope): Promise<LidarTreeNode[]> {
    const devices = await this.devicesOf(scope);
    const byArea = new Map<string, Map<string, DeviceView[]>>();
    for (const d of devices) {
      const sites = byArea.get(d.area_code) ?? new Map<string, DeviceView[]>();
      sites.set(d.site_code, [...(sites.get(d.site_code) ?? []), d]);
      byArea.set(d.area_code, sites);
    }
    return [...byArea.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([area, sites]) => ({
        key: `area-${area}`,
        title: areaName(area),
        kind: 'area' as const,
        children: [...sites.entries()].map(([code, list]) => ({
          key: `site-${code}`,
          title: list[0]?.site_name ?? code,
          kind: 'site' as const,
          children: list.map((d) => ({
            key: `device-${d.id}`,
            title: d.name,
            kind: 'device' as const,
            deviceId: String(d.id),
            type: d.type,
            lon: d.lon,
            lat: d.lat,
          })),
        })),
      }));
  }

  rectangle(device: Pick<DeviceView, 'lon' | 'lat'>, radius = DEFAULT_SCAN_RADIUS) {
    return {
      ...boxAround({ lon: device.lon, lat: device.lat }, radius),
      radius,
      center: [device.lon, device.lat] as [number, number],
    };
  }

  // --- Scans ---

  /** A resource URL of a scan's image, rewritten by the time slots (spec §4). */
  resourceUrl(kind: 'HS' | 'VF' | 'IF', t: number, name: string, query = ''): string {
    return rewriteResourceUrl(`/resource/lidar/${kind}/${stampOf(t)}/${name}${query}`, this.slots);
  }

  timeSlots(): TimeSlotConfig {
    return this.slots;
  }

  metaOf(scan: ScanHead, device: DeviceView): ScanMeta {
    const maxRange = scan.first_range + scan.bins * scan.bin_m;
    const meanPm = massOf(scan.mean_ext / 1000, OPTICS.depolFine).pm25;
    const maxPm = massOf(scan.max_ext / 1000, OPTICS.depolFine).pm25;
    return {
      scanId: String(scan.id),
      deviceId: String(device.id),
      deviceName: device.name,
      type: scan.kind === 'IF' ? 'IF' : 'HS',
      time: formatChinaDateTime(scan.t),
      elevation: scan.elevation,
      azimuthStep: scan.azimuth_step,
      azimuths: scan.azimuth_count,
      bins: scan.bins,
      binMeters: scan.bin_m,
      maxRange,
      imageUrl: this.resourceUrl(scan.kind === 'IF' ? 'IF' : 'HS', scan.t, `${device.id}.png`),
      overlayUrl: `/servlet/LidarSpreadShadowServlet?deviceId=${device.id}&time=${encodeURIComponent(formatChinaDateTime(scan.t))}&radius=${Math.round(maxRange)}`,
      rectangle: this.rectangle(device, maxRange),
      stats: {
        meanExtinction: Math.round(scan.mean_ext * 1000) / 1000,
        maxExtinction: Math.round(scan.max_ext * 1000) / 1000,
        meanPm25: Math.round(meanPm),
        maxPm25: Math.round(maxPm),
      },
      source: scan.source,
    };
  }

  async newest(deviceId: number, scope: AreaScope): Promise<ScanMeta | null> {
    const device = await this.device(deviceId, scope);
    const scan = await this.scans.scanNear(deviceId, 'HS', scope, null, 'at');
    return scan === undefined ? null : this.metaOf(scan, device);
  }

  async preOrNext(
    deviceId: number,
    scope: AreaScope,
    timeText: string,
    how: 'pre' | 'next' | 'now',
  ): Promise<ScanMeta | null> {
    const device = await this.device(deviceId, scope);
    const t = parseTime('time', timeText);
    const scan = await this.scans.scanNear(deviceId, 'HS', scope, t, how === 'now' ? 'atOrBefore' : how);
    return scan === undefined ? null : this.metaOf(scan, device);
  }

  async between(deviceId: number, scope: AreaScope, startText: string, endText: string): Promise<ScanMeta[]> {
    const device = await this.device(deviceId, scope);
    const { from, to } = rangeOf(startText, endText, 7 * 86_400, '7 天');
    return (await this.scans.scansBetween(deviceId, 'HS', scope, from, to, 2000)).map((s) => this.metaOf(s, device));
  }

  /** The scan at `time` (or the newest before it, or the newest), with its data. */
  async scanAt(
    deviceId: number,
    scope: AreaScope,
    timeText: string | undefined,
    kind = 'HS',
  ): Promise<{ device: DeviceView; scan: ScanRecord }> {
    const device = await this.device(deviceId, scope);
    const t = parseTime('time', timeText);
    const head = await this.scans.scanNear(deviceId, kind, scope, t, t === null ? 'at' : 'atOrBefore');
    const scan = head === undefined ? undefined : await this.scans.scan(head.id, scope);
    if (scan === undefined) throw notFound(t === null ? '该雷达还没有扫描数据' : '该时刻之前没有扫描数据');
    return { device, scan };
  }

  private polarInput(device: DeviceView, scan: ScanRecord, dataType: LidarDataType) {
    const values = valuesOf(dataType, unpackExtinction(scan.extinction), unpackDepol(scan.depol));
    return {
      azimuthStart: scan.azimuth_start,
      azimuthStep: scan.azimuth_step,
      azimuthCount: scan.azimuth_count,
      bins: scan.bins,
      binMeters: scan.bin_m,
      firstRange: scan.first_range,
      values,
      dataType,
      title: `${device.mn}  ${scan.kind} ${formatChinaDateTime(scan.t)}`,
      subtitle: `elevation ${scan.elevation}°, ${dataTypeInfo(dataType).unit || 'ratio'}, ${scan.source === 'demo' ? 'demo (simulated)' : 'measured'}`,
    };
  }

  async hsImage(
    deviceId: number,
    scope: AreaScope,
    timeText: string | undefined,
    dataType: LidarDataType,
  ): Promise<Buffer> {
    const { device, scan } = await this.scanAt(deviceId, scope, timeText);
    return this.hsImageOf(device, scan, dataType);
  }

  async hsImageOf(device: DeviceView, scan: ScanRecord, dataType: LidarDataType): Promise<Buffer> {
    const key = `hs|${scan.id}|${scan.created_at}|${dataType}`;
    const hit = this.images.get(key);
    if (hit !== undefined) return hit;
    const png = await renderPolarImage(this.polarInput(device, scan, dataType));
    this.images.set(key, png);
    return png;
  }

  async overlay(
    deviceId: number,
    scope: AreaScope,
    timeText: string | undefined,
    dataType: LidarDataType,
    radius: number,
  ): Promise<Buffer> {
    const { device, scan } = await this.scanAt(deviceId, scope, timeText);
    const key = `ov|${scan.id}|${scan.created_at}|${dataType}|${radius}`;
    const hit = this.images.get(key);
    if (hit !== undefined) return hit;
    const png = await renderOverlay(this.polarInput(device, scan, dataType), radius);
    this.images.set(key, png);
    return png;
  }

  /** The resource route's image: a stamp and a device, the kind from the path. */
  async resource(
    kind: string,
    stamp: string,
    file: string,
    scope: AreaScope,
    dataType: LidarDataType,
  ): Promise<Buffer> {
    const match = /^(\d{1,10})\.png$/.exec(file);
    if (match === null || !/^\d{14}$/.test(stamp)) throw notFound('图片不存在');
    const time = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)} ${stamp.slice(8, 10)}:${stamp.slice(10, 12)}:${stamp.slice(12, 14)}`;
    const deviceId = Number(match[1]);
    if (kind === 'VF') {
      const t = parseTime('time', time) ?? 0;
      return this.vfImageBetween(deviceId, scope, t - 86_400, t, dataType);
    }
    const { device, scan } = await this.scanAt(deviceId, scope, time, kind === 'IF' ? 'IF' : 'HS');
    if (stampOf(scan.t) !== stamp) throw notFound('图片不存在');
    return this.hsImageOf(device, scan, dataType);
  }

  async values(
    deviceId: number,
    scope: AreaScope,
    query: { time?: string | undefined; dataType: LidarDataType; azimuthStep: number; binStep: number },
  ) {
    const { device, scan } = await this.scanAt(deviceId, scope, query.time);
    const values = valuesOf(query.dataType, unpackExtinction(scan.extinction), unpackDepol(scan.depol));
    const azimuths: number[] = [];
    const rows: Array<Array<number | null>> = [];
    for (let k = 0; k < scan.azimuth_count; k += query.azimuthStep) {
      azimuths.push(Math.round((scan.azimuth_start + k * scan.azimuth_step) * 100) / 100);
      const row: Array<number | null> = [];
      for (let i = 0; i < scan.bins; i += query.binStep)
        row.push(roundValue(query.dataType, values[k * scan.bins + i] ?? 0));
      rows.push(row);
    }
    const ranges: number[] = [];
    for (let i = 0; i < scan.bins; i += query.binStep)
      ranges.push(Math.round((scan.first_range + i * scan.bin_m) * 10) / 10);
    return {
      scan: this.metaOf(scan, device),
      dataType: query.dataType,
      unit: dataTypeInfo(query.dataType).unit,
      azimuths,
      ranges,
      values: rows,
    };
  }

  // --- Vertical profiles ---

  async profilesBetween(
    deviceId: number,
    scope: AreaScope,
    from: number,
    to: number,
  ): Promise<{ device: DeviceView; rows: ProfileRecord[] }> {
    const device = await this.device(deviceId, scope);
    return { device, rows: await this.scans.profiles(deviceId, scope, from, to) };
  }

  defaultRange(startText: string | undefined, endText: string | undefined): { from: number; to: number } {
    const to = parseTime('endTime', endText) ?? this.now();
    const from = parseTime('startTime', startText) ?? to - 86_400;
    if (to < from) throw invalidField('endTime', '不能早于开始时间');
    if (to - from > MAX_CURTAIN_SECONDS) throw invalidField('endTime', '时间范围不能超过 7 天');
    return { from, to };
  }

  async profileValues(
    deviceId: number,
    scope: AreaScope,
    query: { startTime?: string | undefined; endTime?: string | undefined; dataType: LidarDataType },
  ) {
    const { from, to } = this.defaultRange(query.startTime, query.endTime);
    const { rows } = await this.profilesBetween(deviceId, scope, from, to);
    const first = rows[0];
    const heights =
      first === undefined ? [] : Array.from({ length: first.bins }, (_, j) => first.first_height + j * first.bin_m);
    return {
      deviceId: String(deviceId),
      dataType: query.dataType,
      unit: dataTypeInfo(query.dataType).unit,
      heights,
      times: rows.map((r) => formatChinaDateTime(r.t)),
      values: rows.map((r) =>
        Array.from(valuesOf(query.dataType, unpackExtinction(r.extinction), unpackDepol(r.depol)), (v) =>
          roundValue(query.dataType, v),
        ),
      ),
      boundaryLayerHeights: rows.map((r) => (r.blh === null ? null : Math.round(r.blh))),
    };
  }

  async vfImage(
    deviceId: number,
    scope: AreaScope,
    query: { startTime?: string | undefined; endTime?: string | undefined; dataType: LidarDataType },
  ) {
    const { from, to } = this.defaultRange(query.startTime, query.endTime);
    return this.vfImageBetween(deviceId, scope, from, to, query.dataType);
  }

  async vfImageBetween(
    deviceId: number,
    scope: AreaScope,
    from: number,
    to: number,
    dataType: LidarDataType,
  ): Promise<Buffer> {
    const { device, rows } = await this.profilesBetween(deviceId, scope, from, to);
    const last = rows[rows.length - 1];
    const key = `vf|${deviceId}|${from}|${to}|${dataType}|${rows.length}|${last?.t ?? 0}`;
    const hit = this.images.get(key);
    if (hit !== undefined) return hit;
    const first = rows[0];
    const input: CurtainInput = {
      columns: rows.map((r) => valuesOf(dataType, unpackExtinction(r.extinction), unpackDepol(r.depol))),
      labels: rows.map((r) => formatChinaDateTime(r.t).slice(5, 16)),
      bins: first?.bins ?? 1,
      binMeters: first?.bin_m ?? 15,
      firstHeight: first?.first_height ?? 0,
      boundary: rows.map((r) => r.blh),
      dataType,
      title: `${device.mn}  VF ${formatChinaDateTime(from)} — ${formatChinaDateTime(to)}`,
      subtitle:
        rows.length === 0 ? 'no profiles in this period' : `${rows.length} profiles; dashed: boundary layer top`,
      xTitle: 'Time (China)',
      maxHeight: 2500,
    };
    const png = await renderCurtain(input);
    this.images.set(key, png);
    return png;
  }

  // --- Downloads and videos ---

  /** A scan or a day of profiles in the open CSV format the importer reads (docs/LIDAR.md). */
  async download(
    deviceId: number,
    scope: AreaScope,
    type: 'HS' | 'VF' | 'IF',
    timeText: string | undefined,
  ): Promise<{ name: string; text: string }> {
    if (type === 'VF') {
      const { from, to } = this.defaultRange(undefined, timeText);
      const { device, rows } = await this.profilesBetween(deviceId, scope, from, to);
      const lines = [`# LTLIDAR-CSV 1`, `# device=${device.mn}`, `# type=VF`];
      const first = rows[0];
      if (first !== undefined) {
        lines.push(`# bins=${first.bins}`, `# binMeters=${first.bin_m}`, `# firstRange=${first.first_height}`);
        lines.push(['time', 'blh', ...Array.from({ length: first.bins }, (_, j) => `ext_${j}`)].join(','));
        for (const r of rows) {
          const ext = unpackExtinction(r.extinction);
          lines.push(
            [formatChinaDateTime(r.t), r.blh === null ? '' : Math.round(r.blh), ...Array.from(ext, csvValue)].join(','),
          );
        }
      }
      return { name: `${device.mn}-VF-${stampOf(to)}.csv`, text: `${lines.join('\n')}\n` };
    }
    const { device, scan } = await this.scanAt(deviceId, scope, timeText, type);
    const ext = unpackExtinction(scan.extinction);
    const depol = unpackDepol(scan.depol);
    const lines = [
      '# LTLIDAR-CSV 1',
      `# device=${device.mn}`,
      `# type=${scan.kind}`,
      `# time=${formatChinaDateTime(scan.t)}`,
      `# elevation=${scan.elevation}`,
      `# azimuthStart=${scan.azimuth_start}`,
      `# azimuthStep=${scan.azimuth_step}`,
      `# bins=${scan.bins}`,
      `# binMeters=${scan.bin_m}`,
      `# firstRange=${scan.first_range}`,
      'azimuth,quantity,values...',
    ];
    for (let k = 0; k < scan.azimuth_count; k++) {
      const az = scan.azimuth_start + k * scan.azimuth_step;
      lines.push([az, 'ext', ...Array.from(ext.subarray(k * scan.bins, (k + 1) * scan.bins), csvValue)].join(','));
      lines.push([az, 'depol', ...Array.from(depol.subarray(k * scan.bins, (k + 1) * scan.bins), csvValue)].join(','));
    }
    return { name: `${device.mn}-${scan.kind}-${stampOf(scan.t)}.csv`, text: `${lines.join('\n')}\n` };
  }

  async video(
    deviceId: number,
    scope: AreaScope,
    body: { startTime: string; endTime: string; dataType: LidarDataType; fps: number },
  ): Promise<Buffer> {
    const device = await this.device(deviceId, scope);
    const { from, to } = rangeOf(body.startTime, body.endTime, 2 * 86_400, '2 天');
    const heads = await this.scans.scansBetween(deviceId, 'HS', scope, from, to, MAX_VIDEO_FRAMES);
    if (heads.length === 0) throw notFound('该时段没有扫描数据，无法生成视频');
    const frames: Buffer[] = [];
    for (const head of heads) {
      const scan = await this.scans.scan(head.id, scope);
      if (scan !== undefined) frames.push(await this.hsImageOf(device, scan, body.dataType));
    }
    try {
      return await encodeMp4(frames, { fps: body.fps });
    } catch (err) {
      if (err instanceof VideoEncodeError)
        throw new AppError(ErrorCode.UNAVAILABLE, '视频生成失败，请稍后重试', { cause: err });
      throw err;
    }
  }

  dataUnits() {
    return LIDAR_DATA_TYPES.map((d) => ({ ...d }));
  }
}
