import { describe, expect, it } from 'vitest';
import { chinaTime } from '../time';
import {
  isNoiseZone,
  NIGHT_MAX_EXCEEDANCE_DB,
  NOISE_ZONES,
  type NoiseZone,
  noiseLimitAt,
  noiseLimitForHour,
  noisePeriodAt,
} from './noise-zones';

describe('GB 3096-2008 noise limits', () => {
  it('has the limits of table 1', () => {
    const limits = Object.fromEntries(Object.entries(NOISE_ZONES).map(([zone, z]) => [zone, [z.day, z.night]]));
    expect(limits).toEqual({
      '0': [50, 40],
      '1': [55, 45],
      '2': [60, 50],
      '3': [65, 55],
      '4a': [70, 55],
      '4b': [70, 60],
    });
    expect(Object.values(NOISE_ZONES).map((z) => `${z.name} ${z.label}`)).toEqual([
      '0类 康复疗养区',
      '1类 居住文教区',
      '2类 混合区',
      '3类 工业区',
      '4a类 交通干线两侧',
      '4b类 铁路干线两侧',
    ]);
    expect(NIGHT_MAX_EXCEEDANCE_DB).toBe(15);
    expect(isNoiseZone('4a')).toBe(true);
    expect(isNoiseZone('4')).toBe(false);
    expect(isNoiseZone('constructor')).toBe(false);
  });

  it('is day 06:00–22:00 and night 22:00–06:00, China time', () => {
    expect(noisePeriodAt(chinaTime(2024, 5, 1, 5, 59, 59))).toBe('night');
    expect(noisePeriodAt(chinaTime(2024, 5, 1, 6))).toBe('day');
    expect(noisePeriodAt(chinaTime(2024, 5, 1, 21, 59, 59))).toBe('day');
    expect(noisePeriodAt(chinaTime(2024, 5, 1, 22))).toBe('night');
    expect(noisePeriodAt(chinaTime(2024, 5, 1, 0))).toBe('night');
    // 23:00 UTC is 07:00 China time.
    expect(noisePeriodAt(Date.UTC(2024, 4, 1, 23) / 1000)).toBe('day');
  });

  it('gives the limit in force', () => {
    const zones: NoiseZone[] = ['0', '1', '2', '3', '4a', '4b'];
    for (const zone of zones) {
      expect(noiseLimitAt(zone, chinaTime(2024, 5, 1, 12))).toEqual({ period: 'day', limit: NOISE_ZONES[zone].day });
      expect(noiseLimitAt(zone, chinaTime(2024, 5, 1, 23))).toEqual({
        period: 'night',
        limit: NOISE_ZONES[zone].night,
      });
    }
    expect(noiseLimitAt('2', chinaTime(2024, 5, 1, 3))).toEqual({ period: 'night', limit: 50 });
  });

  it('judges an hour value by the hour it covers (labelled by its end)', () => {
    expect(noiseLimitForHour('1', chinaTime(2024, 5, 1, 22))).toEqual({ period: 'day', limit: 55 });
    expect(noiseLimitForHour('1', chinaTime(2024, 5, 1, 23))).toEqual({ period: 'night', limit: 45 });
    expect(noiseLimitForHour('1', chinaTime(2024, 5, 1, 6))).toEqual({ period: 'night', limit: 45 });
    expect(noiseLimitForHour('1', chinaTime(2024, 5, 1, 7))).toEqual({ period: 'day', limit: 55 });
  });
});
