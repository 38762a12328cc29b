import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aqiFromIaqi, dailyAqi, type RealtimeInput, realtimeAqi, realtimeIaqi } from './aqi';
import { iaqi } from './iaqi';
import { POLLUTANT_KEYS } from './pollutants';

describe('real-time AQI', () => {
  it('follows from the 1-hour values (station 1001A, 2018-02-20 07:00, as published: AQI 54, PM2.5)', () => {
    const result = realtimeAqi({ pm2_5: 38, pm10: null, so2: 3, no2: 17, co: 0.7, o3: 62 });
    expect(result.aqi).toBe(54);
    expect(result.primaryPollutants).toEqual(['pm2_5']);
    expect(result.level).toBe(2);
    expect(result.iaqi).toEqual({ so2: 1, no2: 9, pm10: null, co: 7, o3: 20, o3_8h: null, pm2_5: 54 });
  });

  it('is null, unknown level, no primary pollutant when every value is missing', () => {
    expect(realtimeAqi({})).toMatchObject({ aqi: null, primaryPollutants: [], level: 0 });
    expect(realtimeAqi({ pm2_5: null, co: undefined, so2: Number.NaN })).toMatchObject({ aqi: null });
  });

  it('skips missing values, never reading them as 0', () => {
    expect(realtimeAqi({ pm2_5: null, no2: 120 }).aqi).toBe(60);
  });

  it('names the primary pollutant only above 50', () => {
    expect(realtimeAqi({ pm2_5: 35, pm10: 20 })).toMatchObject({ aqi: 50, primaryPollutants: [] });
    expect(realtimeAqi({ pm2_5: 36, pm10: 20 })).toMatchObject({ aqi: 52, primaryPollutants: ['pm2_5'] });
  });

  it('names every pollutant tied at the AQI, in table order', () => {
    // PM10 150 and PM2.5 75 both give IAQI 100.
    expect(realtimeAqi({ pm2_5: 75, pm10: 150, no2: 20 })).toMatchObject({
      aqi: 100,
      primaryPollutants: ['pm10', 'pm2_5'],
    });
  });

  it('takes the SO2 24-hour IAQI (daily table) when the 1-hour SO2 exceeds 800 μg/m³', () => {
    expect(realtimeIaqi({ so2: 800 }).so2).toBe(200);
    expect(realtimeIaqi({ so2: 900, so2_24h: 200 }).so2).toBe(iaqi('so2', 200, 'DAY'));
    expect(realtimeAqi({ so2: 900, so2_24h: 200 })).toMatchObject({ aqi: 108, primaryPollutants: ['so2'] });
    expect(realtimeIaqi({ so2: 900 }).so2).toBeNull();
    expect(realtimeIaqi({ so2: 100, so2_24h: 2000 }).so2).toBe(34);
  });

  it('gives 500 above the top of the tables', () => {
    expect(realtimeAqi({ pm2_5: 900 })).toMatchObject({ aqi: 500, level: 6, primaryPollutants: ['pm2_5'] });
  });

  it('does not include O3 8 h', () => {
    expect(realtimeAqi({ o3: 100 }).iaqi.o3_8h).toBeNull();
  });

  it('is the largest IAQI, and its primary pollutants are exactly those at it (property)', () => {
    const value = fc.option(fc.double({ min: 0, max: 1500, noNaN: true }), { nil: null });
    const input = fc.record({
      so2: fc.option(fc.double({ min: 0, max: 800, noNaN: true }), { nil: null }),
      no2: value,
      pm10: value,
      co: value,
      o3: value,
      pm2_5: value,
    });
    fc.assert(
      fc.property(input, (c: RealtimeInput) => {
        const result = realtimeAqi(c);
        const values = POLLUTANT_KEYS.map((k) => result.iaqi[k]).filter((v): v is number => v !== null);
        expect(result.aqi).toBe(values.length === 0 ? null : Math.max(...values));
        if (result.aqi !== null && result.aqi > 50) {
          expect(result.primaryPollutants.length).toBeGreaterThan(0);
          for (const k of result.primaryPollutants) expect(result.iaqi[k]).toBe(result.aqi);
        } else {
          expect(result.primaryPollutants).toEqual([]);
        }
      }),
    );
  });

  it('never falls when one concentration rises (property)', () => {
    const keys = ['no2', 'pm10', 'co', 'o3', 'pm2_5', 'so2'] as const;
    const base = fc.record({
      so2: fc.double({ min: 0, max: 800, noNaN: true }),
      no2: fc.double({ min: 0, max: 4000, noNaN: true }),
      pm10: fc.double({ min: 0, max: 700, noNaN: true }),
      co: fc.double({ min: 0, max: 200, noNaN: true }),
      o3: fc.double({ min: 0, max: 1300, noNaN: true }),
      pm2_5: fc.double({ min: 0, max: 600, noNaN: true }),
    });
    fc.assert(
      fc.property(base, fc.constantFrom(...keys), fc.double({ min: 0, max: 100, noNaN: true }), (c, key, delta) => {
        const raised = { ...c, [key]: key === 'so2' ? Math.min(800, c.so2 + delta) : c[key] + delta };
        expect(realtimeAqi(raised).aqi ?? 0).toBeGreaterThanOrEqual(realtimeAqi(c).aqi ?? 0);
      }),
    );
  });
});

describe('daily AQI', () => {
  it('uses the 24-hour tables and the O3 daily maximum 8-hour mean', () => {
    const result = dailyAqi({ pm2_5: 134, pm10: null, so2: 22, no2: 42, co: 2.2, o3_8h: 37 });
    expect(result.iaqi).toEqual({ so2: 22, no2: 53, pm10: null, co: 55, o3: null, o3_8h: 19, pm2_5: 178 });
    expect(result).toMatchObject({ aqi: 178, primaryPollutants: ['pm2_5'], level: 4 });
  });

  it('takes the O3 1-hour IAQI (under 臭氧1小时) when the 8-hour value exceeds 800 μg/m³', () => {
    expect(dailyAqi({ o3_8h: 800, o3: 1000 })).toMatchObject({ aqi: 300, primaryPollutants: ['o3_8h'] });
    const over = dailyAqi({ o3_8h: 801, o3: 900, pm2_5: 100 });
    expect(over.iaqi.o3_8h).toBeNull();
    expect(over.iaqi.o3).toBe(350);
    expect(over).toMatchObject({ aqi: 350, primaryPollutants: ['o3'] });
    expect(dailyAqi({ o3_8h: 801, pm2_5: 100 })).toMatchObject({ aqi: 132, primaryPollutants: ['pm2_5'] });
  });

  it('ignores the 1-hour O3 while the 8-hour value is within the table', () => {
    expect(dailyAqi({ o3_8h: 100, o3: 900 })).toMatchObject({ aqi: 50, primaryPollutants: [] });
  });

  it('is null when everything is missing', () => {
    expect(dailyAqi({ pm2_5: null })).toMatchObject({ aqi: null, level: 0 });
  });
});

describe('aqiFromIaqi', () => {
  it('combines given IAQI', () => {
    expect(aqiFromIaqi({ pm10: 120, o3: 120, co: 3 })).toMatchObject({
      aqi: 120,
      primaryPollutants: ['pm10', 'o3'],
      level: 3,
    });
  });
});
