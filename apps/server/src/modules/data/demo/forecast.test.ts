import { listCities } from '@lantian/areas';
import { aqiLevel, chinaDay, chinaDayStart, chinaTime } from '@lantian/domain';
import { describe, expect, it } from 'vitest';
import { AIR_FORECAST_DAYS, cityForecasts, DAILY_FORECAST_DAYS, HOURLY_FORECAST_HOURS } from './forecast';
import { cityProfile } from './geography';
import { DEFAULT_DEMO_SEED } from './model';
import { WEATHER_TEXT } from './weather-codes';

describe('demo forecasts', () => {
  const cities = listCities().map(cityProfile);
  const issuedAt = chinaTime(2025, 11, 21, 9);
  const all = cities.map((p) => cityForecasts(p, DEFAULT_DEMO_SEED, issuedAt, 1));

  it('forecasts 72 hours, 7 days of weather and 5 days of air from the issue', () => {
    for (const f of all) {
      expect(f.hourly).toHaveLength(HOURLY_FORECAST_HOURS);
      expect(f.hourly[0]?.time).toBe(issuedAt + 3600);
      expect(f.daily.map((d) => d.day)).toEqual(
        Array.from({ length: DAILY_FORECAST_DAYS }, (_, k) => chinaDayStart(chinaDay(issuedAt) + k)),
      );
      expect(f.air).toHaveLength(AIR_FORECAST_DAYS);
    }
  });

  it('uses QWeather codes with their texts, day and night', () => {
    for (const f of all) {
      for (const d of f.daily) {
        expect(WEATHER_TEXT[d.code_day ?? '']).toBe(d.text_day);
        expect(WEATHER_TEXT[d.code_night ?? '']).toBe(d.text_night);
        expect(['150', '151'].includes(d.code_day ?? '')).toBe(false);
        expect(['100', '101'].includes(d.code_night ?? '')).toBe(false);
        expect(d.temp_max ?? 0).toBeGreaterThanOrEqual(d.temp_min ?? 0);
      }
      for (const h of f.hourly) expect(WEATHER_TEXT[h.weather_code ?? '']).toBe(h.weather_text);
    }
    // Across a country in late November there is rain or snow somewhere, and sun somewhere else.
    const codes = new Set(all.flatMap((f) => f.daily.map((d) => d.code_day)));
    expect([...codes].some((c) => c !== null && c >= '300' && c < '500')).toBe(true);
    expect(codes.has('100')).toBe(true);
  });

  it('gives AQI ranges with matching levels, a primary pollutant above 50, and a forecaster text', () => {
    let polluted = 0;
    for (const f of all) {
      for (const d of f.air) {
        expect(d.aqi_min ?? 0).toBeLessThan(d.aqi_max ?? 0);
        expect(d.level_min).toBe(aqiLevel(d.aqi_min));
        expect(d.level_max).toBe(aqiLevel(d.aqi_max));
        if ((d.aqi_max ?? 0) > 50) expect(d.primary_pollutant).toMatch(/^(pm2_5|pm10|o3_8h|no2|so2|co)(,|$)/);
        else expect(d.primary_pollutant).toBeNull();
        expect(d.text).toMatch(/^预计未来三天以(优|良|轻度污染|中度污染|重度污染|严重污染)为主.*。$/);
        if (d.level_max >= 3) polluted++;
      }
    }
    expect(polluted).toBeGreaterThan(0);
    const text = all.flatMap((f) => f.air).find((d) => d.level_max >= 3)?.text ?? '';
    expect(text).toMatch(/\d+月\d+日.*可能出现.*污染/);
  });
});
