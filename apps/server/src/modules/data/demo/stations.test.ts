import { listCities } from '@lantian/areas';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_SEED } from './model';
import { demoStationsOf } from './stations';

const KM_PER_DEGREE = 111.2;
function km(a: { longitude: number; latitude: number }, b: { longitude: number; latitude: number }) {
  const dx = (a.longitude - b.longitude) * KM_PER_DEGREE * Math.cos((a.latitude * Math.PI) / 180);
  return Math.hypot(dx, (a.latitude - b.latitude) * KM_PER_DEGREE);
}

describe('demo stations', () => {
  const cities = listCities();
  const all = cities.map((area) => ({ area, stations: demoStationsOf(area, DEFAULT_DEMO_SEED) }));

  it('gives every city 3–12 stations, more to municipalities and capitals', () => {
    const total = all.reduce((n, c) => n + c.stations.length, 0);
    expect(total).toBeGreaterThan(1200);
    expect(total).toBeLessThan(1600);
    for (const { area, stations } of all) {
      expect(stations.length).toBeGreaterThanOrEqual(3);
      expect(stations.length).toBeLessThanOrEqual(12);
      if (area.municipality) expect(stations.length).toBeGreaterThanOrEqual(10);
    }
    const count = (code: string) => all.find((c) => c.area.code === code)?.stations.length ?? 0;
    expect(count('510100')).toBeGreaterThan(count('511900')); // Chengdu over Bazhong
  });

  it('codes them D + city code + two digits, names them uniquely within the city', () => {
    for (const { area, stations } of all) {
      stations.forEach((s, i) => {
        expect(s.code).toBe(`D${area.code}-${String(i + 1).padStart(2, '0')}`);
        expect(s.city_code).toBe(area.code);
        expect(s.source).toBe('demo');
      });
      expect(new Set(stations.map((s) => s.name)).size).toBe(stations.length);
    }
  });

  it('places them around the centre, and the few reference stations out of town, marked 对照点', () => {
    let references = 0;
    for (const { area, stations } of all) {
      for (const s of stations) {
        const distance = km(area, { longitude: s.longitude ?? 0, latitude: s.latitude ?? 0 });
        if (s.is_reference === 1) {
          references++;
          expect(s.name.endsWith('(对照点)')).toBe(true);
          expect(distance).toBeGreaterThan(20);
          expect(distance).toBeLessThan(45);
        } else {
          expect(s.name).not.toContain('对照点');
          expect(distance).toBeLessThan(30);
        }
      }
      expect(stations.filter((s) => s.is_reference === 1).length).toBeLessThanOrEqual(1);
    }
    expect(references).toBeGreaterThan(5);
    expect(references).toBeLessThan(60);
  });

  it('is the same network every time for a seed', () => {
    const beijing = cities.find((c) => c.code === '110000');
    if (beijing === undefined) throw new Error('no Beijing');
    expect(demoStationsOf(beijing, DEFAULT_DEMO_SEED)).toEqual(demoStationsOf(beijing, DEFAULT_DEMO_SEED));
    expect(demoStationsOf(beijing, 1)).not.toEqual(demoStationsOf(beijing, DEFAULT_DEMO_SEED));
  });
});
