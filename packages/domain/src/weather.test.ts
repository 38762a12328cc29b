import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BEAUFORT_UPPER_KMH,
  beaufortFromKmh,
  beaufortFromMs,
  isWeatherLayer,
  legendPosition,
  WEATHER_LEGENDS,
  WIND_DIRECTIONS,
  windDirectionName,
} from './weather';

describe('wind direction', () => {
  it.each([
    [0, '北'],
    [22.5, '北'],
    [22.6, '东北'],
    [45, '东北'],
    [67.5, '东北'],
    [67.6, '东'],
    [90, '东'],
    [112.5, '东'],
    [112.6, '东南'],
    [157.5, '东南'],
    [157.6, '南'],
    [180, '南'],
    [202.5, '南'],
    [202.6, '西南'],
    [247.5, '西南'],
    [247.6, '西'],
    [270, '西'],
    [292.5, '西'],
    [292.6, '西北'],
    [337.4, '西北'],
    [337.5, '北'],
    [359.9, '北'],
    [360, '北'],
    [-10, '北'],
    [-90, '西'],
    [450, '东'],
  ] as const)('%f° is %s', (deg, name) => {
    expect(windDirectionName(deg)).toBe(name);
  });

  it('has no name without a direction', () => {
    expect(windDirectionName(null)).toBeNull();
    expect(windDirectionName(Number.NaN)).toBeNull();
  });

  it('gives each sector 45° (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 7 }), fc.double({ min: -22.4, max: 22.4, noNaN: true }), (i, offset) => {
        expect(windDirectionName(i * 45 + offset)).toBe(WIND_DIRECTIONS[i]);
      }),
    );
  });
});

describe('Beaufort force', () => {
  it('uses the spec thresholds, each belonging to the next force', () => {
    expect(BEAUFORT_UPPER_KMH).toEqual([1, 5, 11, 19, 28, 38, 49, 61, 74, 88, 102, 117, 133, 149, 166, 183, 201, 220]);
    BEAUFORT_UPPER_KMH.forEach((upper, force) => {
      expect(beaufortFromKmh(upper - 0.01)).toBe(force);
      expect(beaufortFromKmh(upper)).toBe(force + 1);
    });
    expect(beaufortFromKmh(0)).toBe(0);
    expect(beaufortFromKmh(220)).toBe(18);
    expect(beaufortFromKmh(400)).toBe(18);
    expect(beaufortFromKmh(-1)).toBeNull();
    expect(beaufortFromKmh(null)).toBeNull();
  });

  it('converts m/s at 3.6 km/h each', () => {
    expect(beaufortFromMs(0.2)).toBe(0);
    expect(beaufortFromMs(1 / 3.6)).toBe(1);
    expect(beaufortFromMs(5 / 3.6)).toBe(2);
    expect(beaufortFromMs(10)).toBe(5);
    expect(beaufortFromMs(61.2)).toBe(18);
    expect(beaufortFromMs(undefined)).toBeNull();
  });

  it('never decreases with speed (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 300, noNaN: true }),
        fc.double({ min: 0, max: 300, noNaN: true }),
        (a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(beaufortFromKmh(lo) ?? -1).toBeLessThanOrEqual(beaufortFromKmh(hi) ?? -1);
        },
      ),
    );
  });
});

describe('legend ranges (spec §9)', () => {
  it('are exactly the spec ranges', () => {
    const ranges = Object.fromEntries(Object.entries(WEATHER_LEGENDS).map(([k, v]) => [k, [v.min, v.max, v.unit]]));
    expect(ranges).toEqual({
      temp: [-81, 54, '°C'],
      hum: [0, 100, '%'],
      pre: [995, 1040, 'hPa'],
      wind: [0, 36, 'm/s'],
      rain: [0, 50, 'mm'],
      radiat: [100, 1200, 'W/m²'],
      isobar: [99_000, 103_000, 'Pa'],
    });
    expect(isWeatherLayer('radiat')).toBe(true);
    expect(isWeatherLayer('snow')).toBe(false);
  });

  it('places a value on the legend, clamped', () => {
    expect(legendPosition('hum', 50)).toBe(0.5);
    expect(legendPosition('temp', -100)).toBe(0);
    expect(legendPosition('isobar', 200_000)).toBe(1);
    expect(legendPosition('rain', null)).toBeNull();
  });
});
