import { describe, expect, it } from 'vitest';
import { cityDailyAqi, cityMeans, cityRealtimeAqi, isReferenceStation, roundConcentration } from './city';

describe('city values from station values', () => {
  it('leaves out reference stations, by name (对照点) or by flag', () => {
    expect(isReferenceStation({ name: '定陵(对照点)' })).toBe(true);
    expect(isReferenceStation({ name: '定陵', isReference: true })).toBe(true);
    expect(isReferenceStation({ name: '万寿西宫' })).toBe(false);
    const result = cityRealtimeAqi([
      { name: '万寿西宫', values: { pm2_5: 40 } },
      { name: '定陵(对照点)', values: { pm2_5: 400 } },
      { name: '某站', isReference: true, values: { pm2_5: 400 } },
    ]);
    expect(result.concentrations.pm2_5).toBe(40);
    expect(result.stationCount).toBe(1);
  });

  it('rounds each mean as published (integers, CO one decimal, half to even) before the IAQI', () => {
    // PM2.5 35 and 36: mean 35.5 → 36 → IAQI 52 (unrounded 35.5 would give 51).
    const result = cityRealtimeAqi([
      { name: 'A', values: { pm2_5: 35, co: 0.2 } },
      { name: 'B', values: { pm2_5: 36, co: 0.3 } },
    ]);
    expect(result.concentrations.pm2_5).toBe(36);
    expect(result.concentrations.co).toBe(0.2);
    expect(result).toMatchObject({ aqi: 52, primaryPollutants: ['pm2_5'], level: 2 });
    expect(roundConcentration('pm10', 36.5)).toBe(36);
    expect(roundConcentration('co', 0.35)).toBe(0.4);
    expect(roundConcentration('co_24h', 1.25)).toBe(1.2);
  });

  it('averages each pollutant over the stations that have it', () => {
    const means = cityMeans(
      [
        { name: 'A', values: { no2: 10, so2: null } },
        { name: 'B', values: { no2: 21 } },
        { name: 'C', values: { so2: 5, no2: Number.NaN } },
      ],
      ['no2', 'so2', 'co'],
    );
    expect(means).toEqual({ no2: 16, so2: 5, co: null });
  });

  it('has no AQI when only reference stations report', () => {
    expect(cityRealtimeAqi([{ name: '某对照点', values: { pm2_5: 50 } }])).toMatchObject({
      aqi: null,
      stationCount: 0,
      level: 0,
    });
  });

  it('computes the daily AQI from daily statistics', () => {
    const result = cityDailyAqi([
      { name: 'A', values: { pm2_5: 130, o3_8h: 90, co: 1.1 } },
      { name: 'B', values: { pm2_5: 139, o3_8h: 110, co: 1.2 } },
    ]);
    expect(result.concentrations).toMatchObject({ pm2_5: 134, o3_8h: 100, co: 1.2 });
    expect(result).toMatchObject({ aqi: 178, primaryPollutants: ['pm2_5'] });
  });
});
