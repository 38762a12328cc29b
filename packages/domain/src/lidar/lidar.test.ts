import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../telemetry/simulated-values';
import { chinaTime } from '../time';
import { fernaldInvert } from './fernald';
import { columnFlux, sectionFlux } from './flux';
import { toLocal, toLonLat } from './geo';
import { detectCandidates, matchDetections, persistentHotSpots } from './hotspots';
import { DEFAULT_SYSTEM, simulateRay } from './lidar-equation';
import { massOf, molecularBeta, opticsOf, visibilityOf } from './optics';
import {
  boundaryLayerTop,
  massOfProduct,
  simulateHorizontalScan,
  simulateVerticalProfile,
  VERTICAL_SYSTEM,
} from './scan';
import {
  dispersion,
  diurnalBoundaryLayer,
  type EmissionSource,
  plumeAt,
  prepareScene,
  type Scene,
  type Stability,
  windAt,
} from './scene';
import { fogGrade, warningLevel } from './visibility';

/**
 * The physics of the lidar simulator and the rules built on it, tested against the known truth of
 * simulated scenes: plumes conserve mass, the inversion gives back the extinction, hot spots are found
 * where the sources are, the flux through a section equals the emission, the boundary layer's top is
 * read from the profile.
 */

const T = chinaTime(2026, 11, 25, 14, 0);

function baseScene(over: Partial<Scene> = {}): Scene {
  return {
    t: T,
    windFrom: 270,
    windSpeed10: 3,
    stability: 'D',
    boundaryLayerHeight: 900,
    background: { pm25: 40, pm10: 70 },
    sources: [],
    ...over,
  };
}

describe('Gaussian plume', () => {
  it('conserves mass: the flux through a cross-section downwind equals the emission', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Stability>('B', 'C', 'D', 'E'),
        fc.double({ min: 0.2, max: 20, noNaN: true }),
        fc.integer({ min: 0, max: 80 }),
        fc.integer({ min: 300, max: 3000 }),
        (stability, rate, height, downwind) => {
          const source: EmissionSource = { id: 's', kind: 'point', x: 0, y: 0, height, rate, fineFraction: 1 };
          const scene = baseScene({ stability, windFrom: 270, sources: [source] });
          const prepared = prepareScene(scene);
          const u = prepared.releases[0]?.u ?? 0;
          const { sy } = dispersion(stability, downwind);
          let sum = 0;
          const dy = sy / 10;
          const dz = 2;
          for (let y = -6 * sy; y <= 6 * sy; y += dy) {
            for (let z = 1; z <= scene.boundaryLayerHeight; z += dz)
              sum += plumeAt(prepared, downwind, y, z).pm10 * dy * dz;
          }
          const grams = (sum * u) / 1e6;
          expect(Math.abs(grams - rate) / rate).toBeLessThan(0.03);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('is zero upwind of its source and above the mixed layer', () => {
    const prepared = prepareScene(
      baseScene({ sources: [{ id: 's', kind: 'point', x: 0, y: 0, height: 30, rate: 1, fineFraction: 0.5 }] }),
    );
    expect(plumeAt(prepared, -500, 0, 30).pm10).toBe(0);
    expect(plumeAt(prepared, 500, 0, 1200).pm10).toBe(0);
    expect(plumeAt(prepared, 500, 0, 30).pm10).toBeGreaterThan(0);
  });

  it('the boundary layer grows by day and is shallow at night', () => {
    expect(diurnalBoundaryLayer(chinaTime(2026, 11, 25, 3, 0))).toBe(350);
    expect(diurnalBoundaryLayer(chinaTime(2026, 11, 25, 14, 0))).toBeGreaterThan(1300);
    expect(diurnalBoundaryLayer(chinaTime(2026, 11, 25, 9, 0))).toBeLessThan(
      diurnalBoundaryLayer(chinaTime(2026, 11, 25, 12, 0)),
    );
  });
});

describe('optics', () => {
  it('mass → extinction and depolarisation → mass is the identity', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 500, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (pm10, fine) => {
          const a = { pm25: pm10 * fine, pm10 };
          const o = opticsOf(a);
          const back = massOf(o.alpha, o.depol);
          expect(back.pm10).toBeCloseTo(a.pm10, 6);
          expect(back.pm25).toBeCloseTo(a.pm25, 6);
        },
      ),
    );
  });

  it('visibility follows Koschmieder and grades follow GB/T 27964', () => {
    expect(visibilityOf(3.912e-3)).toBeCloseTo(1000, 6);
    expect(fogGrade(40).name).toBe('特强浓雾');
    expect(fogGrade(150).name).toBe('强浓雾');
    expect(fogGrade(800).name).toBe('大雾');
    expect(fogGrade(20_000).code).toBe('clear');
    expect(warningLevel(45)?.level).toBe(1);
    expect(warningLevel(199)?.level).toBe(2);
    expect(warningLevel(499)?.level).toBe(3);
    expect(warningLevel(500)).toBeNull();
  });
});

describe('lidar equation and Fernald inversion', () => {
  const system = DEFAULT_SYSTEM;
  const n = system.bins;
  const heights = new Float64Array(n).fill(50);
  const truth = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const r = system.firstRange + i * system.binMeters;
    truth[i] = 1.5e-4 + (Math.abs(r - 2500) < 150 ? 4e-4 : 0);
  }

  it('without noise gives the extinction back within 1 %', () => {
    const quiet = { ...system, background: 0, constant: 1e30 };
    const signal = simulateRay(truth, heights, quiet, 1);
    const alpha = fernaldInvert(signal.rcs, signal.molecular, {
      binMeters: system.binMeters,
      referenceAlpha: 1.5e-4,
      smooth: 1,
    });
    for (let i = 20; i < n - 40; i++)
      expect(Math.abs((alpha[i] ?? 0) - (truth[i] ?? 0)) / (truth[i] ?? 1)).toBeLessThan(0.01);
  });

  it('with shot noise gives the background within 10 % and the plume’s excess within 15 %', () => {
    const signal = simulateRay(truth, heights, system, 7);
    const alpha = fernaldInvert(signal.rcs, signal.molecular, { binMeters: system.binMeters, referenceAlpha: 1.5e-4 });
    const mean = (from: number, to: number) => {
      let s = 0;
      for (let r = from; r < to; r += system.binMeters)
        s += alpha[Math.round((r - system.firstRange) / system.binMeters)] ?? 0;
      return s / ((to - from) / system.binMeters);
    };
    expect(Math.abs(mean(500, 2000) - 1.5e-4) / 1.5e-4).toBeLessThan(0.1);
    expect(Math.abs(mean(2400, 2600) - 1.5e-4 - 4e-4) / 4e-4).toBeLessThan(0.15);
  });

  it('molecular backscatter decreases with height', () => {
    expect(molecularBeta(8000)).toBeCloseTo(molecularBeta(0) / Math.E, 10);
  });
});

/** A test scene: three elevated sources 1.2–4.7 km from the lidar, random wind. */
function hotSpotScene(seed: number): Scene {
  const r = mulberry32(seed);
  const sources: EmissionSource[] = Array.from({ length: 3 }, (_, i) => {
    const range = 1200 + r() * 3500;
    const az = r() * 2 * Math.PI;
    return {
      id: `s${i}`,
      kind: 'point',
      x: range * Math.sin(az),
      y: range * Math.cos(az),
      height: 40 + r() * 20,
      rate: 1 + r() * 2,
      fineFraction: 0.6,
    };
  });
  return baseScene({ windFrom: r() * 360, windSpeed10: 2 + r() * 3, sources });
}

describe('hot-spot detection on simulated scenes', () => {
  it('finds ≥ 90 % of the planted sources within 200 m with ≤ 10 % false detections', () => {
    let hits = 0;
    let planted = 0;
    let falsePositives = 0;
    let detections = 0;
    const distances: number[] = [];
    for (let s = 1; s <= 10; s++) {
      const scene = hotSpotScene(s);
      const prepared = prepareScene(scene);
      const scans = [0, 1, 2].map((k) => {
        const scan = simulateHorizontalScan(prepared, { x: 0, y: 0, height: 50 }, { elevation: 0, seed: s * 10 + k });
        return detectCandidates({ ...scan, values: scan.extinction }, { windFrom: scene.windFrom });
      });
      const found = persistentHotSpots(scans);
      const m = matchDetections(scene.sources, found, 200);
      hits += m.hits;
      planted += scene.sources.length;
      falsePositives += m.falsePositives;
      detections += found.length;
      distances.push(...m.distances);
    }
    expect(hits / planted).toBeGreaterThanOrEqual(0.9);
    expect(falsePositives / Math.max(1, detections)).toBeLessThanOrEqual(0.1);
    expect(Math.max(...distances)).toBeLessThanOrEqual(200);
  }, 60_000);

  it('finds nothing in a scene without sources', () => {
    const prepared = prepareScene(baseScene());
    const scans = [0, 1, 2].map((k) => {
      const scan = simulateHorizontalScan(prepared, { x: 0, y: 0, height: 50 }, { elevation: 0, seed: 100 + k });
      return detectCandidates({ ...scan, values: scan.extinction });
    });
    expect(persistentHotSpots(scans)).toEqual([]);
  }, 30_000);

  it('a candidate seen in one scan only is not a hot spot', () => {
    const one = [{ x: 1000, y: 0, azimuth: 90, range: 1000, peakExcess: 0.2, meanValue: 0.3, cells: 20 }];
    expect(persistentHotSpots([one, [], []])).toEqual([]);
    expect(persistentHotSpots([one, one, []])).toHaveLength(1);
  });
});

describe('transport flux', () => {
  it('a vehicle’s transect across a plume measures the emission within 15 %', () => {
    const rate = 5;
    const scene = baseScene({
      windFrom: 270,
      windSpeed10: 3,
      stability: 'D',
      sources: [{ id: 'stack', kind: 'point', x: 0, y: 0, height: 40, rate, fineFraction: 0.6 }],
    });
    const prepared = prepareScene(scene);
    // Wind from the west: the plume goes east; the vehicle drives north–south 1.5 km downwind.
    const points = [];
    for (let y = -1500; y <= 1500; y += 25) {
      const profile = simulateVerticalProfile(prepared, { x: 1500, y, height: 2 }, 1000 + y);
      const mass = massOfProduct(profile);
      points.push({ x: 1500, y, profile: Array.from(mass.pm10) });
    }
    const heights = Array.from(
      { length: VERTICAL_SYSTEM.bins },
      (_, j) => 2 + VERTICAL_SYSTEM.firstRange + j * VERTICAL_SYSTEM.binMeters,
    );
    const flux = sectionFlux({
      points,
      heights,
      blindHeight: 30,
      windFrom: scene.windFrom,
      windAt: (z) => windAt(scene, z),
    });
    expect(Math.abs(flux.gramsPerSecond - rate) / rate).toBeLessThan(0.15);
    expect(flux.kilogramsPerHour).toBeCloseTo(flux.gramsPerSecond * 3.6, 10);
  }, 30_000);

  it('the column flux of a uniform profile is concentration × wind × depth', () => {
    const heights = [5, 15, 25, 35];
    expect(columnFlux([10, 10, 10, 10], heights, () => 2, 0)).toBeCloseTo(800, 6);
    // The blind zone takes the lowest valid bin's value.
    expect(columnFlux([null, 10, 10, 10], heights, () => 2, 10)).toBeCloseTo(800, 6);
  });
});

describe('vertical profiles', () => {
  it('the boundary layer’s top is read within 10 % through the day', () => {
    for (const hour of [2, 9, 12, 15, 19]) {
      const t = chinaTime(2026, 11, 25, hour, 0);
      const scene = baseScene({ t, boundaryLayerHeight: diurnalBoundaryLayer(t) });
      const profile = simulateVerticalProfile(prepareScene(scene), { x: 0, y: 0, height: 0 }, hour);
      const top = boundaryLayerTop(profile.extinction, profile.heights);
      expect(top).not.toBeNull();
      expect(Math.abs((top ?? 0) - scene.boundaryLayerHeight) / scene.boundaryLayerHeight).toBeLessThan(0.1);
    }
  });
});

describe('local coordinates', () => {
  it('round-trip within a millimetre', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -10_000, max: 10_000, noNaN: true }),
        fc.double({ min: -10_000, max: 10_000, noNaN: true }),
        (x, y) => {
          const origin = { lon: 116.4, lat: 39.9 };
          const back = toLocal(origin, toLonLat(origin, x, y));
          expect(Math.abs(back.x - x)).toBeLessThan(1e-3);
          expect(Math.abs(back.y - y)).toBeLessThan(1e-3);
        },
      ),
    );
  });
});
