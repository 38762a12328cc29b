import { describe, expect, it } from 'vitest';
import {
  admitFixes,
  EARTH_RADIUS_M,
  haversineMeters,
  isPlausibleStep,
  type LonLat,
  simplifyTrack,
  type TrackFix,
  trackLength,
} from './track';

/** 天安门 and 国贸 (about 6.1 km apart), Beijing. */
const TIANANMEN = { lon: 116.3975, lat: 39.9087 };
const GUOMAO = { lon: 116.4619, lat: 39.9087 };

/** A fix `metres` east of TIANANMEN at time `t`. */
const east = (t: number, metres: number): TrackFix => ({
  t,
  lat: TIANANMEN.lat,
  lon: TIANANMEN.lon + metres / ((Math.PI / 180) * EARTH_RADIUS_M * Math.cos((TIANANMEN.lat * Math.PI) / 180)),
});

describe('haversineMeters and trackLength', () => {
  it('measures known distances on the earth', () => {
    expect(haversineMeters(TIANANMEN, TIANANMEN)).toBe(0);
    // One degree of latitude is about 111.2 km; Beijing → Shanghai about 1,068 km.
    expect(haversineMeters({ lon: 116, lat: 39 }, { lon: 116, lat: 40 })).toBeCloseTo(111_195, -1);
    expect(haversineMeters({ lon: 116.4074, lat: 39.9042 }, { lon: 121.4737, lat: 31.2304 }) / 1000).toBeCloseTo(
      1067,
      -1,
    );
    expect(haversineMeters(TIANANMEN, GUOMAO)).toBeCloseTo(5_497, -1);
    expect(haversineMeters(GUOMAO, TIANANMEN)).toBe(haversineMeters(TIANANMEN, GUOMAO));
  });

  it('adds up a track in its order', () => {
    expect(trackLength([])).toBe(0);
    expect(trackLength([TIANANMEN])).toBe(0);
    expect(trackLength([east(0, 0), east(1, 100), east(2, 250)])).toBeCloseTo(250, 6);
    expect(trackLength([east(0, 0), east(1, 100), east(2, 0)])).toBeCloseTo(200, 6);
  });
});

describe('admitFixes', () => {
  it('refuses a step faster than 200 km/h and equal or earlier times', () => {
    // 55 m/s = 198 km/h is possible; 56 m/s = 201.6 km/h is not.
    expect(isPlausibleStep(east(0, 0), east(1, 55))).toBe(true);
    expect(isPlausibleStep(east(0, 0), east(1, 56))).toBe(false);
    expect(isPlausibleStep(east(0, 0), east(10, 560))).toBe(false);
    expect(isPlausibleStep(east(5, 0), east(5, 0))).toBe(false);
    expect(isPlausibleStep(east(5, 0), east(4, 1))).toBe(false);
    expect(isPlausibleStep(east(0, 0), east(1, 100), 400)).toBe(true);
  });

  it('keeps the first fix of a track, and the fixes reachable in time order, with the distance walked', () => {
    const result = admitFixes([], [east(20, 200), east(0, 0), east(10, 100)]);
    expect(result.accepted.map((f) => f.t)).toEqual([0, 10, 20]);
    expect(result).toMatchObject({ duplicates: 0, noise: 0 });
    expect(result.length).toBeCloseTo(200, 6);
  });

  it('drops a wild jump as noise and keeps the fixes after it, measured from the last good fix', () => {
    const result = admitFixes([east(0, 0)], [east(10, 100), east(11, 5_000), east(20, 200)]);
    expect(result.accepted.map((f) => f.t)).toEqual([10, 20]);
    expect(result.noise).toBe(1);
    expect(result.length).toBeCloseTo(200, 6);
  });

  it('counts fixes already known or repeated in the batch as duplicates, adding nothing', () => {
    const known = [east(0, 0), east(10, 100)];
    const again = admitFixes([east(10, 100)], [east(10, 100), east(20, 200), east(20, 200)]);
    expect(again.accepted.map((f) => f.t)).toEqual([20]);
    expect(again.duplicates).toBe(2);
    expect(again.length).toBeCloseTo(100, 6);
    const all = admitFixes(known, known);
    expect(all).toMatchObject({ accepted: [], duplicates: 2, noise: 0 });
    expect(all.length).toBeCloseTo(100, 6);
  });

  it('fits fixes arriving late between the known ones and measures the whole track', () => {
    const known = [east(0, 0), east(20, 200), east(30, 300)];
    const result = admitFixes(known, [east(10, 150), east(15, 9_000)]);
    expect(result.accepted.map((f) => f.t)).toEqual([10]);
    expect(result.noise).toBe(1);
    // 0 → 150 → 200 → 300.
    expect(result.length).toBeCloseTo(300, 6);
  });

  it('keeps the caller’s extra fields on the accepted fixes', () => {
    const result = admitFixes([], [{ ...east(0, 0), accuracy: 5, speed: null }]);
    expect(result.accepted[0]).toMatchObject({ accuracy: 5, speed: null });
  });
});

describe('simplifyTrack', () => {
  /** A zig-zag: every point off the line between its neighbours. */
  const zigzag = (n: number): LonLat[] =>
    Array.from({ length: n }, (_, i) => ({
      lon: 116 + i * 0.001,
      lat: 39.9 + (i % 2 === 0 ? 0 : 0.0005 * ((i % 7) + 1)),
    }));

  it('returns short tracks as they are', () => {
    const track = zigzag(10);
    expect(simplifyTrack(track, 10)).toEqual(track);
    expect(simplifyTrack(track, 50)).toEqual(track);
    expect(simplifyTrack([], 5)).toEqual([]);
  });

  it('drops points on a straight line first and keeps both ends and the corners', () => {
    // An L: 0..50 east along a line, then 51..100 north.
    const track: LonLat[] = [
      ...Array.from({ length: 51 }, (_, i) => ({ lon: 116 + i * 0.001, lat: 39.9 })),
      ...Array.from({ length: 50 }, (_, i) => ({ lon: 116.05, lat: 39.9 + (i + 1) * 0.001 })),
    ];
    const simple = simplifyTrack(track, 3);
    expect(simple).toEqual([track[0], track[50], track[100]]);
  });

  it('keeps at most the points asked for, in their order, and the ends', () => {
    const track = zigzag(12_345).map((p, i) => ({ ...p, t: i }));
    const simple = simplifyTrack(track, 5_000);
    expect(simple).toHaveLength(5_000);
    expect(simple[0]).toBe(track[0]);
    expect(simple.at(-1)).toBe(track.at(-1));
    const times = simple.map((p) => p.t);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('matches Douglas–Peucker: the kept points are those farthest from the simplified line', () => {
    // A flat line with one bump: the bump is the first point kept after the ends.
    const track = Array.from({ length: 101 }, (_, i) => ({ lon: 116 + i * 0.001, lat: i === 37 ? 39.91 : 39.9 }));
    expect(simplifyTrack(track, 3)).toEqual([track[0], track[37], track[100]]);
  });

  it('simplifies 100,000 points to the requested count', () => {
    const track = Array.from({ length: 100_000 }, (_, i) => ({
      lon: 116 + Math.cos(i / 500) * 0.01 + i * 1e-6,
      lat: 39.9 + Math.sin(i / 300) * 0.01,
    }));
    expect(simplifyTrack(track, 5_000)).toHaveLength(5_000);
  });
});
