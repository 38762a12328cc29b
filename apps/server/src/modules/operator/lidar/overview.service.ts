import type { LidarDataType } from '@lantian/contracts';
import { formatChinaDateTime, massOf } from '@lantian/domain';
import type { Clock } from '../../../platform/clock';
import type { AreaScope } from '../../../platform/db/area-scope';
import type { DeviceView } from '../devices';
import { onlineOf } from '../devices';
import { unpackDepol, unpackExtinction } from './codec';
import type { HotspotsRepository } from './hotspots.repository';
import type { HotspotsService } from './hotspots.service';
import type { RegistryService } from './lidar.ports';
import { type LidarService, parseTime } from './lidar.service';
import type { RecordsRepository } from './records.repository';
import type { ProfileRecord, ScansRepository } from './scans.repository';
import type { VisibilityRepository } from './visibility.repository';

const BLIND = 30;

function surface(p: ProfileRecord) {
  const lowest = Math.max(0, Math.ceil((BLIND - p.first_height) / p.bin_m));
  const ext = unpackExtinction(p.extinction);
  const depol = unpackDepol(p.depol);
  const mass = massOf((ext[lowest] ?? 0) / 1000, depol[lowest] ?? 0.04);
  let sum = 0;
  let count = 0;
  for (const v of ext) {
    if (!Number.isFinite(v)) continue;
    sum += v;
    count++;
  }
  const round = (v: number) => (Number.isFinite(v) ? Math.round(v) : null);
  return {
    pm25: round(mass.pm25),
    pm10: round(mass.pm10),
    meanExtinction: count === 0 ? null : Math.round((sum / count) * 1000) / 1000,
  };
}

/** Overviews across the lidar products: a site's card, the site data, the home GIS overview, 立体组网. */
export class LidarOverview {
  constructor(
    private readonly lidar: LidarService,
    private readonly registry: RegistryService,
    private readonly scans: ScansRepository,
    private readonly hotspotsRepo: HotspotsRepository,
    private readonly hotspots: HotspotsService,
    private readonly records: RecordsRepository,
    private readonly visibility: VisibilityRepository,
    private readonly now: Clock,
  ) {}

  async siteDeviceInfo(deviceId: number, scope: AreaScope) {
    const device = await this.lidar.device(deviceId, scope);
    const [row] = await this.lidar.present([device]);
    const latestHs = await this.lidar.newest(deviceId, scope);
    const profile = await this.scans.latestProfile(deviceId, scope);
    const pending = await this.hotspotsRepo.list(
      scope,
      { deviceIds: [deviceId], status: 'pending' },
      { offset: 0, limit: 1 },
    );
    if (row === undefined) throw new Error('present() lost a device');
    return {
      ...row,
      latestHs,
      latestProfile:
        profile === undefined
          ? null
          : {
              time: formatChinaDateTime(profile.t),
              boundaryLayerHeight: profile.blh === null ? null : Math.round(profile.blh),
              surfacePm25: surface(profile).pm25,
              surfacePm10: surface(profile).pm10,
            },
      openHotSpots: pending.total,
    };
  }

  async siteData(query: { deviceId?: string | undefined; time?: string | undefined }, scope: AreaScope) {
    const at = parseTime('time', query.time);
    const devices =
      query.deviceId === undefined
        ? await this.lidar.devicesOf(scope, ['L01'])
        : [await this.lidar.device(Number(query.deviceId), scope)];
    return Promise.all(
      devices.map(async (d) => {
        const p = await this.scans.latestProfile(d.id, scope, at);
        const s = p === undefined ? null : surface(p);
        return {
          deviceId: String(d.id),
          name: d.name,
          lon: d.lon,
          lat: d.lat,
          time: p === undefined ? null : formatChinaDateTime(p.t),
          boundaryLayerHeight: p?.blh === null || p === undefined ? null : Math.round(p.blh),
          surfacePm25: s?.pm25 ?? null,
          surfacePm10: s?.pm10 ?? null,
          meanExtinction: s?.meanExtinction ?? null,
        };
      }),
    );
  }

  async gis(scope: AreaScope) {
    const devices = await this.lidar.present(await this.lidar.devicesOf(scope));
    const since = this.now() - 86_400;
    const hot = await this.hotspotsRepo.list(scope, { from: since }, { offset: 0, limit: 100 });
    const names = new Map(devices.map((d) => [Number(d.deviceId), d.name]));
    const pending = await this.hotspotsRepo.list(scope, { status: 'pending' }, { offset: 0, limit: 1 });
    const warnings = await this.visibility.warnings(scope, { active: true }, { offset: 0, limit: 1 });
    const today = await this.records.list(scope, { from: since }, { offset: 0, limit: 1 });
    return {
      devices,
      hotSpots: hot.list.map((h) => this.hotspots.present(h, names)),
      warnings: warnings.total,
      counts: {
        fixed: devices.filter((d) => d.type === 'L01').length,
        mobile: devices.filter((d) => d.type === 'L02').length,
        visibility: devices.filter((d) => d.type === 'Y01').length,
        pendingHotSpots: pending.total,
        recordsToday: today.total,
      },
    };
  }

  async stereo(scope: AreaScope) {
    const lidars = await this.siteData({}, scope);
    const others: DeviceView[] = (await this.registry.all({}, scope)).filter(
      (d) => !['L01', 'L02', 'Y01'].includes(d.type),
    );
    const at = this.now();
    return {
      lidars,
      devices: others.slice(0, 500).map((d) => ({
        deviceId: String(d.id),
        name: d.name,
        type: d.type,
        lon: d.lon,
        lat: d.lat,
        online: onlineOf(d, at),
      })),
    };
  }

  async pictureUrl(query: { deviceId: string; time?: string | undefined; dataType: LidarDataType }, scope: AreaScope) {
    const t = parseTime('time', query.time);
    const scan = await this.scans.scanNear(Number(query.deviceId), 'HS', scope, t, t === null ? 'at' : 'atOrBefore');
    await this.lidar.device(Number(query.deviceId), scope);
    if (scan === undefined) return { url: null, time: null };
    const suffix = query.dataType === 'Extinction' ? '' : `?dataType=${query.dataType}`;
    return {
      url: this.lidar.resourceUrl('HS', scan.t, `${query.deviceId}.png`, suffix),
      time: formatChinaDateTime(scan.t),
    };
  }

  async autoDevices(scope: AreaScope) {
    const devices = await this.lidar.devicesOf(scope, ['L02']);
    const counts = await this.records.countByDevice(devices.map((d) => d.id));
    return (await this.lidar.present(devices)).map((d) => ({ ...d, records: counts.get(Number(d.deviceId)) ?? 0 }));
  }
}
