import {
  CHINA_OFFSET_SECONDS,
  diurnalBoundaryLayer,
  type EmissionSource,
  mulberry32,
  type Scene,
  stabilityOf,
  toLocal,
} from '@lantian/domain';

/**
 * The demo world of the lidar simulator (DEMO_DATA=on): where the 【演示】 lidars stand, the sources
 * around them (stacks, a construction yard, a cement plant), and the weather of any moment — a wind
 * that veers through the day, the boundary layer's diurnal cycle, background haze, and an early
 * morning fog on the expressway. Everything is a deterministic function of time, so a restart writes
 * the same history and the tests can rebuild the truth behind any stored scan.
 */

export interface DemoLidar {
  mn: string;
  type: 'L01' | 'L02' | 'Y01';
  siteCode: string;
  siteName: string;
  areaCode: string;
  lon: number;
  lat: number;
  /** Telescope height above the ground, m. */
  height: number;
  factors: string[];
}

// biome-ignore format: one line per device
export const DEMO_LIDARS: DemoLidar[] = [
  { mn: 'DEMOL01CY', type: 'L01', siteCode: 'DEMO-LIDAR-CY', siteName: '【演示】朝阳激光雷达站', areaCode: '110105', lon: 116.455, lat: 39.935, height: 50, factors: ['a34004', 'a34002'] },
  { mn: 'DEMOL01FT', type: 'L01', siteCode: 'DEMO-LIDAR-FT', siteName: '【演示】丰台激光雷达站', areaCode: '110106', lon: 116.3, lat: 39.86, height: 50, factors: ['a34004', 'a34002'] },
  { mn: 'DEMOL02CY', type: 'L02', siteCode: 'DEMO-LIDAR-CAR', siteName: '【演示】走航监测车', areaCode: '110105', lon: 116.47, lat: 39.92, height: 3, factors: ['a34004', 'a34002'] },
  { mn: 'DEMOY01FT', type: 'Y01', siteCode: 'DEMO-VIS-JG', siteName: '【演示】京港澳高速能见度站', areaCode: '110106', lon: 116.245, lat: 39.815, height: 10, factors: ['visibility'] },
];

export interface DemoSource extends EmissionSource {
  name: string;
  /** The lidar whose scene holds it. */
  near: string;
  plotType: '2' | '3';
}

// biome-ignore format: one line per source
export const DEMO_SOURCES: DemoSource[] = [
  { id: 'cy-stack-1', name: '【演示】热电厂烟囱', near: 'DEMOL01CY', plotType: '2', kind: 'point', x: 2200, y: 1500, height: 50, rate: 1.2, fineFraction: 0.7 },
  { id: 'cy-stack-2', name: '【演示】建材厂排口', near: 'DEMOL01CY', plotType: '2', kind: 'point', x: -2600, y: -1800, height: 45, rate: 0.9, fineFraction: 0.55 },
  { id: 'cy-yard', name: '【演示】东坝建筑工地', near: 'DEMOL01CY', plotType: '3', kind: 'area', size: 200, x: 1200, y: -3200, height: 40, rate: 3, fineFraction: 0.25 },
  { id: 'ft-stack', name: '【演示】水泥厂窑尾', near: 'DEMOL01FT', plotType: '2', kind: 'point', x: -1800, y: 2600, height: 55, rate: 1.5, fineFraction: 0.5 },
  { id: 'ft-yard', name: '【演示】物流园堆场', near: 'DEMOL01FT', plotType: '3', kind: 'area', size: 240, x: 3000, y: -1200, height: 40, rate: 1.2, fineFraction: 0.3 },
];

const hourOf = (t: number) => ((((t + CHINA_OFFSET_SECONDS) % 86_400) + 86_400) % 86_400) / 3600;

/** A smooth random walk in [0, 1] keyed by `key` (knots every `period` seconds). */
function drift(key: number, t: number, period: number): number {
  const u = t / period;
  const i = Math.floor(u);
  const f = u - i;
  const a = mulberry32((key * 7919 + i) >>> 0)();
  const b = mulberry32((key * 7919 + i + 1) >>> 0)();
  return a + (b - a) * f * f * (3 - 2 * f);
}

/** The weather and the sources of the scene around `lidar` at `t`. */
export function demoScene(lidar: DemoLidar, t: number): Scene {
  const hour = hourOf(t);
  const windSpeed10 = 2 + 3 * drift(1, t, 6 * 3600);
  const windFrom = (200 + 140 * drift(2, t, 8 * 3600)) % 360;
  const haze = 30 + 40 * drift(3, t, 12 * 3600) + (hour < 9 || hour > 19 ? 15 : 0);
  const working = hour >= 7 && hour <= 20;
  const sources = DEMO_SOURCES.flatMap((s) => {
    const home = DEMO_LIDARS.find((l) => l.mn === s.near);
    if (home === undefined) return [];
    // The source's place in this lidar's frame.
    const shift = toLocal({ lon: lidar.lon, lat: lidar.lat }, { lon: home.lon, lat: home.lat });
    const x = s.x + shift.x;
    const y = s.y + shift.y;
    return Math.hypot(x, y) > 9000 ? [] : [{ ...s, x, y }];
  }).map((s) => ({
    ...s,
    rate: s.plotType === '3' && !working ? s.rate * 0.2 : s.rate * (0.8 + 0.4 * drift(s.id.length, t, 3 * 3600)),
  }));
  const scene: Scene = {
    t,
    windFrom,
    windSpeed10,
    stability: stabilityOf(t, windSpeed10),
    boundaryLayerHeight: diurnalBoundaryLayer(t),
    background: { pm25: haze, pm10: haze * 1.7 },
    sources,
  };
  // A radiation fog over the expressway between 04:00 and 09:00, densest at 07:00.
  if (lidar.type === 'Y01' && hour >= 4 && hour <= 9) {
    const strength = Math.max(0, 1 - Math.abs(hour - 7) / 3);
    scene.fog = [{ x: 300, y: -600, radius: 900, extinction: 0.004 + 0.012 * strength, top: 120 }];
  }
  return scene;
}

/** The vehicle's loop around the Chaoyang sources: [east, north] metres from its home, closed. */
export function demoRoute(points: number): Array<{ x: number; y: number }> {
  const out = [];
  for (let i = 0; i < points; i++) {
    const a = (2 * Math.PI * i) / points;
    out.push({ x: 2500 * Math.cos(a), y: 2200 * Math.sin(a) });
  }
  return out;
}
