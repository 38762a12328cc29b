import {
  boundaryLayerTop,
  massOfProduct,
  prepareScene,
  sectionFlux,
  simulateHorizontalScan,
  simulateVerticalProfile,
  toLonLat,
  trackLength,
  VERTICAL_SYSTEM,
  windAt,
} from '@lantian/domain';
import type { FastifyBaseLogger } from 'fastify';
import { NATIONWIDE } from '../../../../platform/db/area-scope';
import { SYSTEM_ACTOR } from '../../audit';
import type { DeviceView, RegistryService } from '../../devices';
import type { HotspotsRepository } from '../hotspots.repository';
import type { LidarIngest } from '../ingest.service';
import type { ScansRepository } from '../scans.repository';
import type { VisibilityRepository } from '../visibility.repository';
import { DEMO_LIDARS, DEMO_SOURCES, type DemoLidar, demoRoute, demoScene } from './demo-world';

export const DEMO_LIDAR_PASSWORD = 'demo2026';
/** HS scans every half hour, vertical profiles every 15 minutes. */
const HS_EVERY = 1800;
const VF_EVERY = 900;
const VF_HISTORY = 24 * 3600;
/** The visibility lidar looks 3 km along the road. */
const VIS_SYSTEM = { binMeters: 7.5, bins: 400, firstRange: 3.75, constant: 4e18, background: 400 };

const floorTo = (t: number, step: number) => Math.floor(t / step) * step;

/**
 * The demo lidar network (DEMO_DATA=on): registers the 【演示】 lidars of demo-world.ts with the
 * device core, the watched expressway with its police units, and the demo sources as polluters; then
 * writes their products from the simulator — HS scans (hot spots detected as for real data), VF
 * profiles with the wind, the visibility lidar's scans (warnings, alarms), and a vehicle's loop
 * around the Chaoyang sources each morning — first the recent history, then as time passes.
 */
export class DemoLidarNetwork {
  private devices = new Map<string, DeviceView>();

  constructor(
    private readonly registry: RegistryService,
    private readonly ingest: LidarIngest,
    private readonly scans: ScansRepository,
    private readonly hotspots: HotspotsRepository,
    private readonly visibility: VisibilityRepository,
    private readonly log: FastifyBaseLogger,
  ) {}

  async ensureDevices(): Promise<void> {
    const editor = { actor: SYSTEM_ACTOR, ip: null, scope: NATIONWIDE };
    for (const lidar of DEMO_LIDARS) {
      let device = (await this.registry.all({ type: lidar.type }, NATIONWIDE)).find((d) => d.mn === lidar.mn);
      if (device === undefined) {
        const sites = await this.registry.listSites({ keyword: lidar.siteCode, pageNum: 1, pageSize: 20 }, NATIONWIDE);
        const siteId =
          sites.list.find((s) => s.siteCode === lidar.siteCode)?.siteId ??
          (
            await this.registry.createSite(
              {
                siteCode: lidar.siteCode,
                name: lidar.siteName,
                areaCode: lidar.areaCode,
                lon: lidar.lon,
                lat: lidar.lat,
                address: '',
              },
              editor,
            )
          ).siteId;
        const created = await this.registry.create(
          {
            mn: lidar.mn,
            name: lidar.siteName.replace('站', '') + (lidar.type === 'L02' ? '' : ` ${lidar.type}`),
            type: lidar.type,
            siteId,
            password: DEMO_LIDAR_PASSWORD,
            installDate: null,
            status: 'active',
            factors: lidar.factors.map((code) => ({ code, upper: null, lower: null })),
            config: { intervalSeconds: HS_EVERY, noiseZone: null },
          },
          editor,
        );
        device = await this.registry.view(Number(created.deviceId), NATIONWIDE);
        if (lidar.type === 'Y01') await this.seedRoad(device);
        if (lidar.type === 'L01') await this.seedPolluters(lidar, device);
      }
      this.devices.set(lidar.mn, device);
    }
  }

  private async seedRoad(device: DeviceView): Promise<void> {
    const line: Array<[number, number]> = [];
    for (let k = -6; k <= 6; k++) {
      const p = toLonLat({ lon: device.lon, lat: device.lat }, 200 * k + 40, 220 * k - 300);
      line.push([Math.round(p.lon * 1e6) / 1e6, Math.round(p.lat * 1e6) / 1e6]);
    }
    const road = await this.visibility.insertRoad({
      device_id: device.id,
      area_code: device.area_code,
      name: '【演示】京港澳高速 K12–K15',
      line_json: JSON.stringify(line),
    });
    const a = toLonLat({ lon: device.lon, lat: device.lat }, -1500, -2000);
    const b = toLonLat({ lon: device.lon, lat: device.lat }, 1800, 900);
    await this.visibility.insertPolice({
      area_code: device.area_code,
      name: '【演示】市公安局交管局高速一大队',
      phone: '010-8888 0001',
      lon: a.lon,
      lat: a.lat,
      roads_json: JSON.stringify([road]),
    });
    await this.visibility.insertPolice({
      area_code: device.area_code,
      name: '【演示】丰台交通支队',
      phone: '010-8888 0002',
      lon: b.lon,
      lat: b.lat,
      roads_json: JSON.stringify([road]),
    });
  }

  private async seedPolluters(lidar: DemoLidar, device: DeviceView): Promise<void> {
    const now = Math.floor(Date.now() / 1000);
    for (const source of DEMO_SOURCES.filter((s) => s.near === lidar.mn)) {
      const place = toLonLat({ lon: device.lon, lat: device.lat }, source.x, source.y);
      await this.hotspots.insertPolluter({
        area_code: device.area_code,
        name: source.name,
        plot_type: source.plotType,
        lon: place.lon,
        lat: place.lat,
        plot_coordinate: null,
        device_id: device.id,
        record_id: null,
        sauto_id: null,
        fields_json: JSON.stringify({ 排放类型: source.plotType === '2' ? '工业源' : '扬尘源', 数据来源: 'demo' }),
        created_at: now,
        updated_at: now,
      });
    }
  }

  /** Writes whatever is missing between `from` and `to` (the history at start, then each new slot). */
  async fill(from: number, to: number, isStopping: () => boolean = () => false): Promise<number> {
    let written = 0;
    for (const lidar of DEMO_LIDARS) {
      const device = this.devices.get(lidar.mn);
      if (device === undefined) continue;
      if (lidar.type === 'L01') {
        for (let t = floorTo(to, VF_EVERY); t >= Math.max(from, to - VF_HISTORY); t -= VF_EVERY) {
          if (isStopping()) return written;
          if ((await this.scans.latestProfile(device.id, NATIONWIDE, t))?.t === t) break;
          await this.profile(lidar, device, t);
          written++;
        }
      }
    }
    // Scans oldest first: hot-spot persistence looks back at the scans before.
    for (let t = floorTo(from, HS_EVERY) + HS_EVERY; t <= to; t += HS_EVERY) {
      for (const lidar of DEMO_LIDARS) {
        if (isStopping()) return written;
        const device = this.devices.get(lidar.mn);
        if (device === undefined || lidar.type === 'L02') continue;
        if ((await this.scans.scanNear(device.id, 'HS', NATIONWIDE, t, 'at')) !== undefined) continue;
        await this.scan(lidar, device, t);
        written++;
        // Let the server answer between two scans.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    return written;
  }

  async profile(lidar: DemoLidar, device: DeviceView, t: number): Promise<void> {
    const scene = demoScene(lidar, t);
    const product = simulateVerticalProfile(prepareScene(scene), { x: 0, y: 0, height: 0 }, t);
    await this.ingest.saveProfile(device, {
      t,
      bins: VERTICAL_SYSTEM.bins,
      binMeters: VERTICAL_SYSTEM.binMeters,
      firstHeight: VERTICAL_SYSTEM.firstRange,
      extinction: product.extinction,
      depol: product.depol,
      blh: boundaryLayerTop(product.extinction, product.heights),
      windSpeed: Math.round(scene.windSpeed10 * 10) / 10,
      windFrom: Math.round(scene.windFrom),
      source: 'demo',
    });
  }

  async scan(lidar: DemoLidar, device: DeviceView, t: number): Promise<void> {
    const scene = demoScene(lidar, t);
    const scan = simulateHorizontalScan(
      prepareScene(scene),
      { x: 0, y: 0, height: lidar.height },
      { elevation: 0, seed: t % 1_000_003, ...(lidar.type === 'Y01' ? { system: VIS_SYSTEM } : {}) },
    );
    await this.ingest.saveScan(device, {
      kind: 'HS',
      t,
      elevation: 0,
      azimuthStart: 0,
      azimuthStep: 1,
      azimuthCount: scan.azimuths.length,
      bins: scan.bins,
      binMeters: scan.binMeters,
      firstRange: scan.firstRange,
      extinction: scan.extinction,
      depol: scan.depol,
      source: 'demo',
    });
  }

  /** The vehicle's morning loop of day `dayStart` (09:00, 40 minutes, a profile every 20 s). */
  async record(dayStart: number): Promise<void> {
    const lidar = DEMO_LIDARS.find((l) => l.type === 'L02');
    const device = lidar === undefined ? undefined : this.devices.get(lidar.mn);
    if (lidar === undefined || device === undefined) return;
    const start = dayStart + 9 * 3600;
    const route = demoRoute(120);
    const origin = { lon: device.lon, lat: device.lat };
    // The loop is a snapshot of the atmosphere at its middle: a mass-balance loop assumes the plumes
    // steady while the vehicle drives (40 minutes here), as field practice does in steady weather.
    const scene = demoScene(lidar, start + 1200);
    const prepared = prepareScene(scene);
    const points = [];
    const section = [];
    for (const [seq, p] of route.entries()) {
      const t = start + seq * 20;
      const product = simulateVerticalProfile(prepared, { x: p.x, y: p.y, height: lidar.height }, t + seq);
      const mass = massOfProduct(product);
      const lowest = Math.ceil((30 - VERTICAL_SYSTEM.firstRange) / VERTICAL_SYSTEM.binMeters);
      const place = toLonLat(origin, p.x, p.y);
      points.push({
        seq,
        t,
        lon: Math.round(place.lon * 1e6) / 1e6,
        lat: Math.round(place.lat * 1e6) / 1e6,
        extinction: product.extinction,
        depol: product.depol,
        blh: boundaryLayerTop(product.extinction, product.heights),
        pm25: mass.pm25[lowest] ?? null,
        pm10: mass.pm10[lowest] ?? null,
      });
      section.push({ x: p.x, y: p.y, profile: Array.from(mass.pm10) });
    }
    section.push(section[0] ?? { x: 0, y: 0, profile: [] });
    const heights = Array.from(
      { length: VERTICAL_SYSTEM.bins },
      (_, j) => lidar.height + VERTICAL_SYSTEM.firstRange + j * VERTICAL_SYSTEM.binMeters,
    );
    // A closed loop: the plume mass leaving it is what the sources inside emit (PM10, g/s); plumes of
    // sources outside enter and leave, and cancel.
    const flux = sectionFlux({
      points: section,
      heights,
      blindHeight: 30,
      windFrom: scene.windFrom,
      windAt: (z) => windAt(scene, z),
    });
    await this.ingest.saveRecord(device, {
      uniqueid: `DEMO-${lidar.mn}-${start}`,
      bins: VERTICAL_SYSTEM.bins,
      binMeters: VERTICAL_SYSTEM.binMeters,
      firstHeight: VERTICAL_SYSTEM.firstRange,
      points,
      lengthMeters: trackLength(points),
      fluxGramsPerSecond: Math.round(flux.gramsPerSecond * 100) / 100,
      source: 'demo',
    });
  }

  deviceOf(mn: string): DeviceView | undefined {
    return this.devices.get(mn);
  }

  logWritten(written: number): void {
    if (written > 0) this.log.info({ written }, 'demo lidar products written');
  }
}
