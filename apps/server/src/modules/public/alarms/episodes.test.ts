import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alarmThreshold, findEpisodes, type HourValue } from './episodes';

const HOUR = 3600;
const T = 1_704_816_000; // 2024-01-10 00:00 China time
const hours = (values: readonly (number | null)[], start = T + HOUR): HourValue[] =>
  values.map((value, i) => ({ time: start + i * HOUR, value }));

describe('alarm thresholds', () => {
  it('are the lower bounds of the level in the hourly tables (spec §9)', () => {
    expect(alarmThreshold('aqi', 3)).toBe(100);
    expect(alarmThreshold('pm2_5', 3)).toBe(75);
    expect(alarmThreshold('so2', 3)).toBe(500);
    expect(alarmThreshold('o3', 3)).toBe(200);
    expect(alarmThreshold('o3_8h', 3)).toBe(160);
    expect(alarmThreshold('co', 4)).toBe(35);
    expect(alarmThreshold('pm10', 6)).toBe(420);
  });
});

describe('findEpisodes', () => {
  it('finds runs above the threshold with their peak; a value at the break is not above it', () => {
    const episodes = findEpisodes(hours([70, 75, 76, 120, 80, 30, 90]), 'pm2_5', 3, T);
    expect(episodes).toEqual([
      {
        start: T + 3 * HOUR,
        end: T + 5 * HOUR,
        hours: 3,
        peakTime: T + 4 * HOUR,
        peakValue: 120,
        peakLevel: 4,
        beganBeforeRange: false,
      },
      {
        start: T + 7 * HOUR,
        end: T + 7 * HOUR,
        hours: 1,
        peakTime: T + 7 * HOUR,
        peakValue: 90,
        peakLevel: 3,
        beganBeforeRange: false,
      },
    ]);
  });

  it('ends an episode at a missing value or a missing hour', () => {
    const withNull = findEpisodes(hours([90, null, 90]), 'pm2_5', 3, T);
    expect(withNull.map((e) => e.hours)).toEqual([1, 1]);
    const gap = findEpisodes(
      [
        { time: T + HOUR, value: 90 },
        { time: T + 3 * HOUR, value: 90 },
      ],
      'pm2_5',
      3,
      T,
    );
    expect(gap).toHaveLength(2);
  });

  it('uses the look-back hour only to say the episode began before the range', () => {
    const from = T + 2 * HOUR;
    const [episode] = findEpisodes(hours([90, 95, 100]), 'pm2_5', 3, from);
    expect(episode).toMatchObject({ start: from, hours: 2, beganBeforeRange: true, peakValue: 100 });
    expect(findEpisodes(hours([90, 20]), 'pm2_5', 3, from)).toEqual([]);
  });

  it('accounts for every hour above the threshold exactly once (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }), { maxLength: 60 }), (values) => {
        const series = hours(values);
        const episodes = findEpisodes(series, 'aqi', 3, T);
        const above = series.filter((h) => h.value !== null && h.value > 100).length;
        expect(episodes.reduce((sum, e) => sum + e.hours, 0)).toBe(above);
        for (const e of episodes) {
          expect(e.end - e.start).toBe((e.hours - 1) * HOUR);
          expect(e.peakValue).toBeGreaterThan(100);
        }
      }),
    );
  });
});
