import { listCities } from '@lantian/areas';
import { chinaTime, movingMeans8h, movingMeans24h, realtimeAqi, roundConcentration } from '@lantian/domain';
import { describe, expect, it } from 'vitest';
import { cityHourFrom, primaryText, type StationHourWithStation } from '../air';
import { cityHourRows, generateCityBlock, HOURLY_COLUMNS, stationHourRows, weatherHourRows } from './generator';
import { cityProfile } from './geography';
import { DEFAULT_DEMO_SEED } from './model';
import { toDemoStation } from './seed';
import { demoStationsOf } from './stations';
import { WEATHER_TEXT } from './weather-codes';

function demoCity(code: string) {
  const area = listCities().find((a) => a.code === code);
  if (area === undefined) throw new Error(`no city ${code}`);
  return { area, profile: cityProfile(area), stations: demoStationsOf(area, DEFAULT_DEMO_SEED) };
}

const HOUR = 3600;
const from = chinaTime(2025, 1, 1, 1);
const to = chinaTime(2025, 1, 15, 0);

describe('demo rows', () => {
  // A city with a reference station, so that its exclusion is exercised.
  const withReference = listCities()
    .map((a) => a.code)
    .find((code) => demoCity(code).stations.some((s) => s.is_reference === 1));
  const { profile, stations } = demoCity(withReference ?? '110000');
  const block = generateCityBlock(profile, stations.map(toDemoStation), DEFAULT_DEMO_SEED, from, to, {
    cityHours: true,
  });
  const rows = stationHourRows(block, 1);

  it('has a row for every station and hour, missing values null and never 0', () => {
    expect(rows).toHaveLength(stations.length * ((to - from) / HOUR + 1));
    let missing = 0;
    for (const r of rows) {
      for (const c of HOURLY_COLUMNS) {
        const v = r[c];
        if (v === null) missing++;
        else expect(v).toBeGreaterThan(0);
      }
      expect(r.source).toBe('demo');
      expect(r.qc_flags).toBe(0);
    }
    // Outages happen (a few percent of station days), but rarely.
    expect(missing).toBeGreaterThan(0);
    expect(missing / (rows.length * HOURLY_COLUMNS.length)).toBeLessThan(0.05);
    // A station that is offline publishes an empty row, AQI and all.
    const offline = rows.find((r) => HOURLY_COLUMNS.every((c) => r[c] === null));
    expect(offline).toMatchObject({ aqi: null, level: 0, primary_pollutant: null });
  });

  it('publishes concentrations rounded as the national release does', () => {
    for (const r of rows.slice(0, 500)) {
      for (const c of HOURLY_COLUMNS) {
        const v = r[c];
        if (v !== null) expect(v).toBe(roundConcentration(c, v));
      }
    }
  });

  it('computes AQI, level and primary pollutants with the domain rules', () => {
    for (const r of rows) {
      const expected = realtimeAqi({
        pm2_5: r.pm2_5,
        pm10: r.pm10,
        so2: r.so2,
        no2: r.no2,
        co: r.co,
        o3: r.o3,
        so2_24h: r.so2_24h,
      });
      expect(r.aqi).toBe(expected.aqi);
      expect(r.level).toBe(expected.level);
      expect(r.primary_pollutant).toBe(primaryText(expected));
    }
    expect(rows.some((r) => (r.primary_pollutant ?? '').length > 0)).toBe(true);
  });

  it('carries moving means and the O3 statistics consistent with the hours', () => {
    const code = stations[0]?.code;
    const one = rows.filter((r) => r.station_code === code);
    const means = movingMeans24h(one.map((r) => r.pm2_5));
    const eight = movingMeans8h(one.map((r) => r.o3));
    // From the second day on the block's own hours cover the window (before, the lead hours do).
    for (let i = 24; i < one.length; i++) {
      const r = one[i];
      if (r === undefined || r.pm2_5 === null) continue;
      const m = means[i];
      expect(r.pm2_5_24h).toBe(m === null || m === undefined ? null : roundConcentration('pm2_5', m));
      const e = eight[i];
      if (r.o3 !== null) expect(r.o3_8h).toBe(e === null || e === undefined ? null : roundConcentration('o3', e));
      if (r.o3 !== null && r.o3_1h_max !== null) expect(r.o3_1h_max).toBeGreaterThanOrEqual(r.o3);
      if (r.o3_8h !== null && r.o3_8h_max !== null) expect(r.o3_8h_max).toBeGreaterThanOrEqual(r.o3_8h);
    }
  });

  it('derives city hours exactly as AirAggregation does (cityHourFrom over the same rows)', () => {
    const cityRows = cityHourRows(block, 1);
    expect(cityRows).toHaveLength(block.hours);
    const byTime = new Map<number, StationHourWithStation[]>();
    for (const r of rows) {
      const station = stations.find((s) => s.code === r.station_code);
      const list = byTime.get(r.time) ?? [];
      list.push({
        ...r,
        city_code: profile.code,
        is_reference: station?.is_reference ?? 0,
        station_name: station?.name ?? '',
      });
      byTime.set(r.time, list);
    }
    for (const row of cityRows) {
      expect(row).toEqual(cityHourFrom(profile.code, row.time, byTime.get(row.time) ?? [], 1));
    }
  });

  it('gives the same hour the same values whichever block it was generated in', () => {
    const later = chinaTime(2025, 1, 10, 13);
    const tail = generateCityBlock(profile, stations.map(toDemoStation), DEFAULT_DEMO_SEED, later, to, {
      cityHours: true,
    });
    const again = stationHourRows(tail, 1);
    expect(again).toEqual(rows.filter((r) => r.time >= later));
    expect(cityHourRows(tail, 1)).toEqual(cityHourRows(block, 1).filter((r) => r.time >= later));
  });

  it('names the weather with QWeather codes and their texts', () => {
    const weather = weatherHourRows(block, 1);
    expect(weather).toHaveLength(block.hours);
    for (const w of weather) {
      expect(w.weather_code).not.toBeNull();
      expect(WEATHER_TEXT[w.weather_code ?? '']).toBe(w.weather_text);
      expect(w.humidity).toBeGreaterThanOrEqual(0);
      expect(w.humidity).toBeLessThanOrEqual(100);
      expect(w.wind_direction).toBeGreaterThanOrEqual(0);
      expect(w.wind_direction).toBeLessThan(360);
    }
    // Night hours use the night icons for a clear sky.
    expect(weather.some((w) => w.weather_code === '150' || w.weather_code === '151')).toBe(true);
  });
});
