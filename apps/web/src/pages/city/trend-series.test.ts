import type { CityDaysData, CityHoursData } from '@lantian/contracts';
import { describe, expect, it } from 'vitest';
import { daySeries, exceedLine, hourSeries, trendStats } from './trend-series';

const identity = { cityCode: '110000', cityName: '北京市', pyName: 'beijing' };

function hour(time: string, values: Partial<Record<'aqi' | 'no2' | 'co', number | null>>) {
  return {
    aqi: null,
    pm2_5: null,
    pm10: null,
    so2: null,
    no2: null,
    o3: null,
    o3_8h: null,
    co: null,
    level: 0,
    levelName: '未知',
    color: '#999999',
    primaryPollutant: [],
    time,
    source: 'demo' as const,
    isDemo: true,
    stationCount: 10,
    ...values,
  };
}

describe('hourSeries', () => {
  const data: CityHoursData = {
    ...identity,
    startTime: '2026-11-21 23:00:00',
    endTime: '2026-11-22 02:00:00',
    expectedHours: 4,
    missingHours: 1,
    items: [
      hour('2026-11-21 23:00:00', { aqi: 54, no2: 150 }),
      hour('2026-11-22 00:00:00', { aqi: 120, no2: 90 }),
      hour('2026-11-22 02:00:00', { aqi: 40, no2: 20 }),
    ],
  };

  it('has one slot per hour of the range, with the missing hour left empty (never 0)', () => {
    const points = hourSeries(data, 'aqi');
    expect(points.map((p) => p.label)).toEqual(['23:00', '00:00', '01:00', '02:00']);
    expect(points.map((p) => p.value)).toEqual([54, 120, null, 40]);
    expect(points.map((p) => p.level)).toEqual([2, 3, 0, 1]);
    expect(points[1]?.full).toBe('11-22 00:00');
  });

  it('grades a pollutant with the hourly table', () => {
    // NO2 150 μg/m³ is 良 as a 1-hour value (breaks 100/200).
    expect(hourSeries(data, 'no2')[0]?.level).toBe(2);
  });
});

describe('daySeries', () => {
  const day = (date: string, no2: number | null) => ({
    ...hour(`${date} 00:00:00`, { no2 }),
    date,
    validHours: 24,
  });
  const data: CityDaysData = {
    ...identity,
    startDate: '2026-10-30',
    endDate: '2026-11-02',
    expectedDays: 4,
    missingDays: 1,
    items: [day('2026-10-30', 150), day('2026-10-31', 30), day('2026-11-02', 90)],
  };

  it('has one slot per day across a month end, with the missing day empty', () => {
    const points = daySeries(data, 'no2');
    expect(points.map((p) => p.label)).toEqual(['10-30', '10-31', '11-01', '11-02']);
    expect(points.map((p) => p.value)).toEqual([150, 30, null, 90]);
    expect(points[2]?.full).toBe('11月1日 周日');
  });

  it('grades daily means with the accumulated (24-hour) table', () => {
    // NO2 150 as a daily mean is 轻度污染 (breaks 40/80/180), not 良 as it would be hourly.
    expect(daySeries(data, 'no2').map((p) => p.level)).toEqual([3, 1, 0, 3]);
  });
});

describe('exceedLine', () => {
  it('is where the sub-index passes 100', () => {
    expect(exceedLine('aqi', 'hour')).toBe(100);
    expect(exceedLine('pm2_5', 'hour')).toBe(75);
    expect(exceedLine('o3', 'hour')).toBe(200);
    expect(exceedLine('o3_8h', 'day')).toBe(160);
    expect(exceedLine('co', 'hour')).toBe(10);
    expect(exceedLine('co', 'day')).toBe(4);
  });
});

describe('trendStats', () => {
  it('ignores missing slots and counts those above the line', () => {
    const p = (value: number | null) => ({ label: '', full: '', value, level: 0 });
    const stats = trendStats([p(50), p(null), p(120), p(100), p(30)], 100);
    expect(stats.max?.value).toBe(120);
    expect(stats.min?.value).toBe(30);
    expect(stats.mean).toBe(75);
    expect(stats.count).toBe(4);
    expect(stats.exceeded).toBe(1);
  });

  it('has nothing to say about an empty range', () => {
    expect(trendStats([], 100)).toEqual({ max: null, min: null, mean: null, count: 0, exceeded: 0 });
  });
});
