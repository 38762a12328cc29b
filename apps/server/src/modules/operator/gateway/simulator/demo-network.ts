import { SIMULATED_FACTORS, type SimulationQuirk } from '@lantian/domain';
import type { FastifyBaseLogger } from 'fastify';
import { NATIONWIDE } from '../../../../platform/db/area-scope';
import { SYSTEM_ACTOR } from '../../audit';
import type { RegistryService } from '../../devices';
import { Hj212Simulator, type SimulatedDevice } from './hj212-simulator';

/** The demo network's access password (demo devices only; labelled DEMO in their MN and names). */
export const DEMO_PASSWORD = 'demo2026';

interface DemoSite {
  siteCode: string;
  name: string;
  areaCode: string;
  lon: number;
  lat: number;
  types: readonly string[];
  /** Tells the MNs of two sites of one area apart (`DEMO<area><type><key>`). */
  key?: string;
  quirks?: readonly SimulationQuirk[];
}

// biome-ignore format: one line per site
const DEMO_SITES: readonly DemoSite[] = [
  { siteCode: 'DEMO-BJ-CY', name: '【演示】朝阳奥体中心', areaCode: '110105', lon: 116.397, lat: 39.982, types: ['A01', 'N01', 'W01'] },
  { siteCode: 'DEMO-BJ-HD', name: '【演示】海淀中关村', areaCode: '110108', lon: 116.316, lat: 39.983, types: ['A01', 'N01'] },
  { siteCode: 'DEMO-BJ-DC', name: '【演示】东城王府井', areaCode: '110101', lon: 116.411, lat: 39.914, types: ['A01', 'S01'] },
  { siteCode: 'DEMO-BJ-FT', name: '【演示】丰台科技园', areaCode: '110106', lon: 116.295, lat: 39.829, types: ['A01', 'D01', 'V01'] },
  // Surface-water stations (水质, GB 3838): the simulator's profile is the index modulo 3 — 潮白河 moderate,
  // 凉水河 downstream of an outfall (劣Ⅴ from NH3-N), 密云水库 clean (a reservoir: lake limits and TN).
  { siteCode: 'DEMO-BJ-SY-W', name: '【演示】顺义潮白河苏庄', areaCode: '110113', lon: 116.716, lat: 40.085, types: ['H01'] },
  { siteCode: 'DEMO-BJ-TZ-W', name: '【演示】通州凉水河张家湾', areaCode: '110112', lon: 116.712, lat: 39.846, types: ['H01'] },
  { siteCode: 'DEMO-BJ-MY-W', name: '【演示】密云水库', areaCode: '110118', lon: 116.929, lat: 40.502, types: ['H01'] },
  // Fire monitoring sites (消防): detectors; the video module's demo puts a camera at the first two.
  { siteCode: 'DEMO-BJ-CY-F', name: '【演示】朝阳大悦城', areaCode: '110105', lon: 116.518, lat: 39.924, types: ['F01'] },
  { siteCode: 'DEMO-BJ-DC-F', name: '【演示】东城隆福寺', areaCode: '110101', lon: 116.409, lat: 39.929, types: ['F01'] },
  { siteCode: 'DEMO-BJ-HD-F', name: '【演示】海淀五道口', areaCode: '110108', lon: 116.338, lat: 39.993, types: ['F01'] },
  // Restaurant kitchens (smoke module's demo enterprises): fume, fan and purifier from one S01 logger.
  { siteCode: 'DEMO-SMK-CY1', name: '【演示】三里屯川菜馆', areaCode: '110105', lon: 116.455, lat: 39.936, types: ['S01'], key: 'K1' },
  { siteCode: 'DEMO-SMK-CY2', name: '【演示】望京烤鸭店', areaCode: '110105', lon: 116.47, lat: 39.996, types: ['S01'], key: 'K2', quirks: ['purifierOff'] },
  { siteCode: 'DEMO-SMK-HD1', name: '【演示】五道口湘菜馆', areaCode: '110108', lon: 116.338, lat: 39.992, types: ['S01'], key: 'K1' },
  { siteCode: 'DEMO-SMK-XC1', name: '【演示】西单粤菜酒家', areaCode: '110102', lon: 116.374, lat: 39.907, types: ['S01'], key: 'K1' },
  { siteCode: 'DEMO-SMK-FT1', name: '【演示】丰台职工食堂', areaCode: '110106', lon: 116.287, lat: 39.858, types: ['S01'], key: 'K1' },
];

export interface DemoNetworkRegistry {
  registry: RegistryService;
  byMn(mn: string): unknown;
}

/**
 * The demo data's device network (DEMO_DATA=on): some thirty demo devices at fifteen Beijing sites —
 * micro-stations, water stations, fire detectors and restaurant kitchens' smoke loggers (one of which
 * runs its fan with the purifier off) — registered
 * once, sending real HJ 212 packets to this server's own gateway every minute, so that the console's
 * device list, map, charts and alarms are alive on first start. Every name says 【演示】 and every MN
 * starts with DEMO.
 */
export async function startDemoNetwork(
  core: DemoNetworkRegistry,
  port: number,
  log: FastifyBaseLogger,
): Promise<Hj212Simulator> {
  const editor = { actor: SYSTEM_ACTOR, ip: null, scope: NATIONWIDE };
  const devices: SimulatedDevice[] = [];
  let index = 0;
  for (const site of DEMO_SITES) {
    const sites = await core.registry.listSites({ keyword: site.siteCode, pageNum: 1, pageSize: 20 }, NATIONWIDE);
    const siteId =
      sites.list.find((s) => s.siteCode === site.siteCode)?.siteId ??
      (await core.registry.createSite({ ...site, address: '' }, editor)).siteId;
    for (const type of site.types) {
      const mn = `DEMO${site.areaCode}${type}${site.key ?? ''}`;
      index += 1;
      devices.push({
        mn,
        pw: DEMO_PASSWORD,
        type,
        index,
        ...(site.quirks === undefined ? {} : { quirks: site.quirks }),
      });
      if (core.byMn(mn) !== undefined) continue;
      await core.registry.create(
        {
          mn,
          name: `【演示】${site.name.replace('【演示】', '')} ${type}`,
          type,
          siteId,
          password: DEMO_PASSWORD,
          installDate: null,
          status: 'active',
          factors: (SIMULATED_FACTORS[type as keyof typeof SIMULATED_FACTORS] ?? []).map((code) => ({
            code,
            upper: null,
            lower: null,
          })),
          config: { intervalSeconds: null, noiseZone: type === 'N01' ? '2' : null },
        },
        editor,
      );
    }
  }
  const simulator = new Hj212Simulator({ host: '127.0.0.1', port, devices, rateSeconds: 60, faults: true });
  simulator.start();
  log.info({ devices: devices.length, port }, 'demo device network sending HJ 212 packets to the gateway');
  return simulator;
}
