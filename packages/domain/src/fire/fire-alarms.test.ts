import { describe, expect, it } from 'vitest';
import { dedupeAlarms, FIRE_RULES, fireAlarmType, isRisingTooFast, maxRiseRate, nearestWithin } from './fire-alarms';

describe('fireAlarmType', () => {
  it('classifies by rule kind and factor', () => {
    expect(fireAlarmType('over_limit', 'flame')).toBe('fire');
    expect(fireAlarmType('over_limit', 'smokeDensity')).toBe('smoke');
    expect(fireAlarmType('over_limit', 'fireTemp')).toBe('temperature');
    expect(fireAlarmType('rate_of_change', 'fireTemp')).toBe('temperature');
    expect(fireAlarmType('over_limit', 'fault')).toBe('fault');
    expect(fireAlarmType('constant', 'smokeDensity')).toBe('fault');
    expect(fireAlarmType('out_of_range', 'fireTemp')).toBe('fault');
    expect(fireAlarmType('offline', null)).toBe('offline');
    expect(fireAlarmType('over_limit', 'a01001')).toBe('fault');
  });

  it('has one rule per type signal', () => {
    expect(new Set(FIRE_RULES.map((r) => fireAlarmType(r.kind, r.factor)))).toEqual(
      new Set(['fire', 'smoke', 'temperature', 'fault']),
    );
  });
});

describe('maxRiseRate', () => {
  it('finds the fastest rise within the window, in ℃/min', () => {
    const points = [
      { t: 0, value: 20 },
      { t: 60, value: 21 },
      { t: 120, value: 35 },
      { t: 180, value: 36 },
    ];
    expect(maxRiseRate(points)).toBe(14);
    expect(isRisingTooFast(points)).toBe(true);
    expect(isRisingTooFast(points, 15)).toBe(false);
  });

  it('is 0 for falling, single or far-apart points', () => {
    expect(
      maxRiseRate([
        { t: 0, value: 50 },
        { t: 60, value: 30 },
      ]),
    ).toBe(0);
    expect(maxRiseRate([{ t: 0, value: 50 }])).toBe(0);
    expect(
      maxRiseRate(
        [
          { t: 0, value: 20 },
          { t: 600, value: 80 },
        ],
        300,
      ),
    ).toBe(0);
  });

  it('exactly 10 ℃/min is not too fast', () => {
    expect(
      isRisingTooFast([
        { t: 0, value: 20 },
        { t: 60, value: 30 },
      ]),
    ).toBe(false);
  });
});

describe('dedupeAlarms', () => {
  const a = (id: string, key: string, type: 'fire' | 'smoke', firstAt: number, lastAt = firstAt) => ({
    id,
    key,
    type,
    firstAt,
    lastAt,
  });

  it('joins alarms of one place and type within the window', () => {
    const incidents = dedupeAlarms([
      a('1', 'S1', 'smoke', 0, 100),
      a('2', 'S1', 'smoke', 700),
      a('3', 'S1', 'smoke', 1301),
    ]);
    expect(incidents.map((i) => i.ids)).toEqual([['1', '2'], ['3']]);
  });

  it('keeps types and places apart', () => {
    const incidents = dedupeAlarms([a('1', 'S1', 'smoke', 0), a('2', 'S1', 'fire', 10), a('3', 'S2', 'smoke', 20)]);
    expect(incidents).toHaveLength(3);
  });

  it('window 600 s: at the edge joins, past it splits', () => {
    expect(dedupeAlarms([a('1', 'S', 'fire', 0), a('2', 'S', 'fire', 600)])).toHaveLength(1);
    expect(dedupeAlarms([a('1', 'S', 'fire', 0), a('2', 'S', 'fire', 601)])).toHaveLength(2);
  });
});

describe('nearestWithin', () => {
  const fire = { lon: 116.397, lat: 39.982 };
  it('answers the cameras within the radius, nearest first', () => {
    const cameras = [
      { id: 'far', lon: 116.5, lat: 39.982 },
      { id: 'near', lon: 116.398, lat: 39.982 },
      { id: 'mid', lon: 116.41, lat: 39.982 },
    ];
    const found = nearestWithin(fire, cameras, 2000);
    expect(found.map((c) => c.id)).toEqual(['near', 'mid']);
    expect(found[0]?.distance).toBeGreaterThan(80);
    expect(found[0]?.distance).toBeLessThan(90);
  });

  it('limits the count', () => {
    const cameras = Array.from({ length: 10 }, (_, i) => ({ id: String(i), lon: 116.397 + i * 0.0001, lat: 39.982 }));
    expect(nearestWithin(fire, cameras, 5000, 3)).toHaveLength(3);
  });
});
