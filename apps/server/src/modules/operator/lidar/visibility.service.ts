import { ErrorCode } from '@lantian/contracts';
import { fogGrade, formatChinaDateTime, toLocal, WARNING_LEVELS, warningLevel } from '@lantian/domain';
import { type AreaScope, inScope } from '../../../platform/db/area-scope';
import { AppError } from '../../../platform/errors';
import { type Page, pageAnswer, pageOf } from '../../../platform/http/params';
import { unpackExtinction } from './codec';
import { LidarIngest } from './ingest.service';
import { type LidarService, parseTime, rangeOf } from './lidar.service';
import type { ScansRepository } from './scans.repository';
import type { VisibilityRepository, WarningRecord } from './visibility.repository';

/**
 * Visibility (/vis/*, /lidar/getVis…): visibility along the watched roads from the visibility lidars'
 * horizontal scans (Koschmieder), along each ray, its trend, fog warnings with their levels and the
 * traffic police units to notify.
 */
export class VisibilityService {
  constructor(
    private readonly lidar: LidarService,
    private readonly scans: ScansRepository,
    private readonly repository: VisibilityRepository,
    private readonly ingest: LidarIngest,
  ) {}

  private async visDevices(scope: AreaScope, deviceId?: string) {
    if (deviceId !== undefined) return [await this.lidar.device(Number(deviceId), scope, ['Y01'])];
    return this.lidar.devicesOf(scope, ['Y01']);
  }

  async roads(query: { deviceId?: string | undefined; time?: string | undefined }, scope: AreaScope) {
    const t = parseTime('time', query.time);
    const devices = await this.visDevices(scope, query.deviceId);
    let time: number | null = null;
    const roads = [];
    for (const device of devices) {
      const head = await this.scans.scanNear(device.id, 'HS', scope, t, t === null ? 'at' : 'atOrBefore');
      const scan = head === undefined ? undefined : await this.scans.scan(head.id, scope);
      if (scan === undefined) continue;
      time = Math.max(time ?? 0, scan.t);
      const extinction = unpackExtinction(scan.extinction);
      for (const road of await this.repository.roadsOf(device.id)) {
        const segments = this.ingest.roadSegments(device, scan, road, extinction);
        const values = segments.map((s) => s.visibility).filter((v): v is number => v !== null);
        const min = values.length === 0 ? null : Math.min(...values);
        const level = min === null ? null : warningLevel(min);
        roads.push({
          roadId: String(road.id),
          name: road.name,
          segments,
          minVisibility: min,
          level: level?.level ?? null,
          levelName: level?.name ?? null,
        });
      }
    }
    return {
      time: time === null ? null : formatChinaDateTime(time),
      deviceId: devices.length === 1 ? String(devices[0]?.id) : null,
      roads,
    };
  }

  async trend(query: { deviceId: string; startTime: string; endTime: string }, scope: AreaScope) {
    const device = await this.lidar.device(Number(query.deviceId), scope, ['Y01']);
    const { from, to } = rangeOf(query.startTime, query.endTime, 31 * 86_400, '31 天');
    const heads = await this.scans.scansBetween(device.id, 'HS', scope, from, to, 2000);
    const roads = await this.repository.roadsOf(device.id);
    const out = [];
    for (const head of heads) {
      const scan = await this.scans.scan(head.id, scope);
      if (scan === undefined) continue;
      const extinction = unpackExtinction(scan.extinction);
      const values = roads
        .flatMap((r) => this.ingest.roadSegments(device, scan, r, extinction).map((s) => s.visibility))
        .filter((v): v is number => v !== null);
      const min = values.length === 0 ? null : Math.min(...values);
      const mean = values.length === 0 ? null : Math.round(values.reduce((a, b) => a + b, 0) / values.length);
      out.push({ time: formatChinaDateTime(scan.t), min, mean, grade: min === null ? '无数据' : fogGrade(min).name });
    }
    return out;
  }

  async rays(query: { deviceId?: string | undefined; time?: string | undefined }, scope: AreaScope) {
    const [device] = await this.visDevices(scope, query.deviceId);
    if (device === undefined) return { time: null, rays: [] };
    const t = parseTime('time', query.time);
    const head = await this.scans.scanNear(device.id, 'HS', scope, t, t === null ? 'at' : 'atOrBefore');
    const scan = head === undefined ? undefined : await this.scans.scan(head.id, scope);
    if (scan === undefined) return { time: null, rays: [] };
    return {
      time: formatChinaDateTime(scan.t),
      rays: LidarIngest.rays(scan).map((r) => ({
        ...r,
        grade: r.visibility === null ? '无数据' : fogGrade(r.visibility).name,
      })),
    };
  }

  async newestRecord(deviceId: string | undefined, scope: AreaScope) {
    const [device] = await this.visDevices(scope, deviceId);
    if (device === undefined) return null;
    return this.lidar.newest(device.id, scope);
  }

  async averages(query: { deviceId: string; startTime: string; endTime: string }, scope: AreaScope) {
    const device = await this.lidar.device(Number(query.deviceId), scope, ['Y01']);
    const { from, to } = rangeOf(query.startTime, query.endTime, 31 * 86_400, '31 天');
    const heads = await this.scans.scansBetween(device.id, 'HS', scope, from, to, 2000);
    const out = [];
    for (const head of heads) {
      const scan = await this.scans.scan(head.id, scope);
      if (scan === undefined) continue;
      const values = LidarIngest.rays(scan)
        .map((r) => r.visibility)
        .filter((v): v is number => v !== null);
      out.push({
        time: formatChinaDateTime(scan.t),
        mean: values.length === 0 ? null : Math.round(values.reduce((a, b) => a + b, 0) / values.length),
        min: values.length === 0 ? null : Math.min(...values),
      });
    }
    return out;
  }

  private async presentWarnings(rows: WarningRecord[], scope: AreaScope) {
    const roads = new Map((await this.repository.roads(scope)).map((r) => [r.id, r.name]));
    const names = new Map((await this.lidar.devicesOf(scope, ['Y01'])).map((d) => [d.id, d.name]));
    return rows.map((w) => {
      const look = WARNING_LEVELS.find((l) => l.level === w.level) ?? WARNING_LEVELS[2];
      return {
        warningId: String(w.id),
        deviceId: String(w.device_id),
        deviceName: names.get(w.device_id) ?? String(w.device_id),
        roadId: String(w.road_id),
        roadName: roads.get(w.road_id) ?? String(w.road_id),
        areaCode: w.area_code,
        level: w.level,
        levelName: look.name,
        color: look.color,
        grade: fogGrade(w.visibility).name,
        visibility: Math.round(w.visibility),
        startTime: formatChinaDateTime(w.start_t),
        lastTime: formatChinaDateTime(w.last_t),
        endTime: w.end_t === null ? null : formatChinaDateTime(w.end_t),
        status: w.end_t === null ? ('active' as const) : ('ended' as const),
        policeUnits: JSON.parse(w.police_json) as string[],
      };
    });
  }

  async warnings(
    query: {
      pageNum: number;
      pageSize: number;
      startTime?: string | undefined;
      endTime?: string | undefined;
      status?: 'active' | 'ended' | undefined;
      level?: number | undefined;
    },
    scope: AreaScope,
  ) {
    const page: Page = pageOf(query, 20);
    const filter: { from?: number; to?: number; active?: boolean; level?: number } = {};
    const from = parseTime('startTime', query.startTime);
    const to = parseTime('endTime', query.endTime);
    if (from !== null) filter.from = from;
    if (to !== null) filter.to = to;
    if (query.status !== undefined) filter.active = query.status === 'active';
    if (query.level !== undefined) filter.level = query.level;
    const result = await this.repository.warnings(scope, filter, page);
    return pageAnswer(page, { list: await this.presentWarnings(result.list, scope), total: result.total });
  }

  async active(scope: AreaScope) {
    return this.presentWarnings((await this.repository.warnings(scope, { active: true }, null)).list, scope);
  }

  async police(query: { warningId?: string | undefined; areaCode?: string | undefined }, scope: AreaScope) {
    if (query.areaCode !== undefined && !inScope(query.areaCode, scope)) {
      throw new AppError(ErrorCode.AREA_OUT_OF_SCOPE, '该地区不在您的管辖范围内');
    }
    const inScopeUnits = await this.repository.police(
      query.areaCode === undefined ? scope : { areaCode: query.areaCode },
    );
    let roadId: number | null = null;
    let place: { lon: number; lat: number } | null = null;
    if (query.warningId !== undefined) {
      const warning = await this.repository.warning(Number(query.warningId), scope);
      if (warning === undefined) return [];
      roadId = warning.road_id;
      const road = (await this.repository.roads(scope)).find((r) => r.id === warning.road_id);
      const line = road === undefined ? [] : (JSON.parse(road.line_json) as Array<[number, number]>);
      const mid = line[Math.floor(line.length / 2)];
      if (mid !== undefined) place = { lon: mid[0], lat: mid[1] };
    }
    const roadNames = new Map((await this.repository.roads(scope)).map((r) => [r.id, r.name]));
    return inScopeUnits
      .filter((u) => roadId === null || (JSON.parse(u.roads_json) as number[]).includes(roadId))
      .map((u) => ({
        id: String(u.id),
        name: u.name,
        phone: u.phone,
        areaCode: u.area_code,
        lon: u.lon,
        lat: u.lat,
        distance:
          place === null ? null : Math.round(Math.hypot(...Object.values(toLocal(place, { lon: u.lon, lat: u.lat })))),
        roads: (JSON.parse(u.roads_json) as number[]).map((id) => roadNames.get(id) ?? String(id)),
      }));
  }
}
