import { createHash } from 'node:crypto';
import { listCities } from '@lantian/areas';
import { chinaParts, chinaTime } from '@lantian/domain';
import { describe, expect, it } from 'vitest';
import { type CityProfile, cityProfile } from './geography';
import { type CitySeries, citySeries, DEFAULT_DEMO_SEED } from './model';

const profiles = new Map(listCities().map((a) => [a.code, cityProfile(a)]));
function city(code: string): CityProfile {
  const p = profiles.get(code);
  if (p === undefined) throw new Error(`no city ${code}`);
  return p;
}

const BEIJING = '110000';
const TIANJIN = '120000';
const SHIJIAZHUANG = '130100';
const HARBIN = '230100';
const SHANGHAI = '310000';
const GUANGZHOU = '440100';
const SANYA = '460200';
const CHENGDU = '510100';
const LHASA = '540100';

/** `days` days of hours from 01:00 on the given date. */
function month(code: string, year: number, m: number, days = 30, seed = DEFAULT_DEMO_SEED): CitySeries {
  return citySeries(city(code), seed, chinaTime(year, m, 1, 1), days * 24);
}

const mean = (values: ArrayLike<number>) => Array.from(values).reduce((a, b) => a + b, 0) / values.length;

/** Mean of a field by China clock hour of the label (0–23). */
function byClockHour(s: CitySeries, values: Float64Array): number[] {
  const sums = new Array<number>(24).fill(0);
  const counts = new Array<number>(24).fill(0);
  for (let i = 0; i < s.length; i++) {
    const h = chinaParts(s.start + i * 3600).hour;
    sums[h] = (sums[h] ?? 0) + (values[i] ?? 0);
    counts[h] = (counts[h] ?? 0) + 1;
  }
  return sums.map((v, h) => v / (counts[h] ?? 1));
}

function dailyMeans(s: CitySeries, values: Float64Array): number[] {
  const out: number[] = [];
  for (let d = 0; d + 24 <= s.length; d += 24) out.push(mean(values.subarray(d, d + 24)));
  return out;
}

function correlation(a: readonly number[], b: readonly number[]): number {
  const ma = mean(a);
  const mb = mean(b);
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = (a[i] ?? 0) - ma;
    const y = (b[i] ?? 0) - mb;
    ab += x * y;
    aa += x * x;
    bb += y * y;
  }
  return ab / Math.sqrt(aa * bb);
}

describe('demo model', () => {
  it('is a pure function of place, time and seed', () => {
    const a = month(BEIJING, 2025, 1, 5);
    const b = month(BEIJING, 2025, 1, 5);
    expect(Array.from(b.pm2_5)).toEqual(Array.from(a.pm2_5));
    expect(Array.from(b.temperature)).toEqual(Array.from(a.temperature));
    // A series that starts later agrees hour for hour where the two overlap.
    const later = citySeries(city(BEIJING), DEFAULT_DEMO_SEED, chinaTime(2025, 1, 3, 7), 24);
    const offset = (chinaTime(2025, 1, 3, 7) - chinaTime(2025, 1, 1, 1)) / 3600;
    expect(Array.from(later.o3)).toEqual(Array.from(a.o3.subarray(offset, offset + 24)));
    expect(Array.from(later.windSpeed)).toEqual(Array.from(a.windSpeed.subarray(offset, offset + 24)));
    // Another seed is another country.
    expect(Array.from(month(BEIJING, 2025, 1, 5, 7).pm2_5)).not.toEqual(Array.from(a.pm2_5));
  });

  it('peaks ozone in the afternoon, fine particles at night, NO2 at the rush hours', () => {
    const summer = month(SHIJIAZHUANG, 2025, 7);
    const o3 = byClockHour(summer, summer.o3);
    const peak = o3.indexOf(Math.max(...o3));
    expect(peak).toBeGreaterThanOrEqual(13);
    expect(peak).toBeLessThanOrEqual(17);
    expect(Math.min(...o3)).toBeLessThan(Math.max(...o3) / 2);

    const winter = month(BEIJING, 2025, 1);
    const pm = byClockHour(winter, winter.pm2_5);
    expect(mean(pm.slice(0, 6))).toBeGreaterThan(1.2 * mean(pm.slice(14, 17)));
    const no2 = byClockHour(winter, winter.no2);
    expect(no2[9]).toBeGreaterThan(no2[15] ?? 0);
    expect(no2[21]).toBeGreaterThan(no2[15] ?? 0);
  });

  it('makes northern winters smoggy and summers clean, and southern winters less so', () => {
    const ratio = (code: string) => mean(month(code, 2025, 1).pm2_5) / mean(month(code, 2025, 7).pm2_5);
    expect(mean(month(BEIJING, 2025, 1).pm2_5)).toBeGreaterThan(1.5 * mean(month(BEIJING, 2025, 7).pm2_5));
    expect(ratio(SHIJIAZHUANG)).toBeGreaterThan(ratio(GUANGZHOU));
    expect(ratio(BEIJING)).toBeGreaterThan(ratio(SANYA));
    // The North China Plain is worse than the south coast in winter.
    expect(mean(month(SHIJIAZHUANG, 2025, 1).pm2_5)).toBeGreaterThan(mean(month(SANYA, 2025, 1).pm2_5) * 2);
  });

  it('builds pollution episodes in still weather and clears them with windy cold fronts', () => {
    const s = month(SHIJIAZHUANG, 2025, 1, 60);
    const days = dailyMeans(s, s.pm2_5);
    const wind = dailyMeans(s, s.windSpeed);
    expect(Math.max(...days)).toBeGreaterThan(115); // at least 中度污染 on some day
    expect(Math.min(...days)).toBeLessThan(50);
    // The days after the sharpest drops in PM2.5 are windier than the days before them.
    const drops = days.map((d, i) => ({ i, drop: (days[i - 1] ?? d) - d })).sort((a, b) => b.drop - a.drop);
    for (const { i } of drops.slice(0, 3)) expect(wind[i] ?? 0).toBeGreaterThan(wind[i - 2] ?? 0);
  });

  it('moves neighbouring cities together', () => {
    const days = 90;
    const pm = (code: string) => {
      const s = month(code, 2024, 12, days);
      return dailyMeans(s, s.pm2_5);
    };
    const beijing = pm(BEIJING);
    const near = correlation(beijing, pm(TIANJIN));
    const far = correlation(beijing, pm(GUANGZHOU));
    expect(near).toBeGreaterThan(0.6);
    expect(near).toBeGreaterThan(far + 0.2);
  });

  it('puts the climate where it belongs', () => {
    expect(mean(month(HARBIN, 2025, 1).temperature)).toBeLessThan(-12);
    expect(mean(month(GUANGZHOU, 2025, 1).temperature)).toBeGreaterThan(10);
    expect(mean(month(SANYA, 2025, 1).temperature)).toBeGreaterThan(19);
    expect(mean(month(HARBIN, 2025, 7).temperature)).toBeGreaterThan(18);
    const lhasa = mean(month(LHASA, 2025, 4).pressure);
    expect(lhasa).toBeGreaterThan(620);
    expect(lhasa).toBeLessThan(680);
    expect(mean(month(SHANGHAI, 2025, 1).pressure)).toBeGreaterThan(1005);
    // Rain falls in the monsoon: Guangzhou's summer is far wetter than Beijing's winter.
    const rain = (s: CitySeries) => Array.from(s.precipitation).reduce((a, b) => a + b, 0);
    expect(rain(month(GUANGZHOU, 2025, 6))).toBeGreaterThan(5 * rain(month(BEIJING, 2025, 1)));
    // Chengdu's basin is still air: less wind than Beijing.
    expect(mean(month(CHENGDU, 2025, 1).windSpeed)).toBeLessThan(mean(month(BEIJING, 2025, 1).windSpeed));
  });

  it('follows the sun: no radiation at night, strong at a clear summer noon', () => {
    const s = month(LHASA, 2025, 6, 10);
    const hourly = byClockHour(s, s.radiation);
    expect(hourly[2]).toBe(0);
    expect(hourly[23]).toBe(0);
    expect(Math.max(...Array.from(s.radiation))).toBeGreaterThan(800);
  });

  it('stays within plausible bounds everywhere, in winter and summer', () => {
    for (const p of profiles.values()) {
      for (const m of [1, 7]) {
        const s = citySeries(p, DEFAULT_DEMO_SEED, chinaTime(2025, m, 10, 1), 5 * 24);
        const check = (name: string, values: Float64Array, min: number, max: number) => {
          for (const v of values) {
            if (!(v >= min && v <= max)) throw new Error(`${p.name} ${m}月 ${name} = ${v}`);
          }
        };
        check('pm2_5', s.pm2_5, 1, 600);
        check('pm10', s.pm10, 1, 1500);
        check('so2', s.so2, 0.5, 150);
        check('no2', s.no2, 1, 200);
        check('co', s.co, 0.1, 6);
        check('o3', s.o3, 1, 400);
        check('temperature', s.temperature, -45, 45);
        check('humidity', s.humidity, 5, 100);
        check('pressure', s.pressure, 550, 1060);
        check('windSpeed', s.windSpeed, 0.2, 30);
        check('precipitation', s.precipitation, 0, 80);
        check('radiation', s.radiation, 0, 1400);
      }
    }
  });
});

describe('determinism', () => {
  /** SHA-256 over every hourly field of a series, as bytes (so a change in the last bit shows). */
  function digest(series: CitySeries): string {
    const hash = createHash('sha256');
    for (const value of Object.values(series)) {
      if (value instanceof Float64Array) hash.update(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
    }
    return hash.digest('hex');
  }

  it('generates the same bits from the same seed: a refactoring of the model must not change them', () => {
    // Pinned on 2026-11-25, when the model was split into named steps (demo/model/) without changing a bit.
    const series = [BEIJING, GUANGZHOU, LHASA].map((code) => month(code, 2025, 1, 14));
    expect(series.map(digest)).toMatchInlineSnapshot(`
      [
        "4afddcf1f3da40142b0149c175dee820ee0ffa401a90f899c2f7802c3e2ee892",
        "d9eec30935c3ccf66ad1cf683ef89664139968d2bf7f6c984a1c5b3ffcf3c8c1",
        "51d5716c8e5598e56e71ab8d7d19f730e28cc52b6fb93f20d94e5b55fddb61e4",
      ]
    `);
  });
});
