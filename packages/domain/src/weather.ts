/** Weather helpers of spec §9 "Weather". */

/** Map layers of spec §3. */
export const WEATHER_LAYERS = ['temp', 'hum', 'pre', 'wind', 'rain', 'radiat', 'isobar'] as const;
export type WeatherLayer = (typeof WEATHER_LAYERS)[number];

export interface LegendRange {
  min: number;
  max: number;
  unit: string;
  /** Chinese label. */
  name: string;
}

/** Legend ranges exactly as spec §9 gives them. */
export const WEATHER_LEGENDS: Readonly<Record<WeatherLayer, LegendRange>> = {
  temp: { min: -81, max: 54, unit: '°C', name: '温度' },
  hum: { min: 0, max: 100, unit: '%', name: '湿度' },
  pre: { min: 995, max: 1040, unit: 'hPa', name: '气压' },
  wind: { min: 0, max: 36, unit: 'm/s', name: '风速' },
  rain: { min: 0, max: 50, unit: 'mm', name: '降水' },
  radiat: { min: 100, max: 1200, unit: 'W/m²', name: '辐射' },
  isobar: { min: 99_000, max: 103_000, unit: 'Pa', name: '等压线' },
};

export function isWeatherLayer(value: string): value is WeatherLayer {
  return (WEATHER_LAYERS as readonly string[]).includes(value);
}

/** Where a value sits in a layer's legend, 0–1, clamped at the ends; null for a missing value. */
export function legendPosition(layer: WeatherLayer, value: number | null | undefined): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const { min, max } = WEATHER_LEGENDS[layer];
  return Math.min(1, Math.max(0, (value - min) / (max - min)));
}

export const WIND_DIRECTIONS = ['北', '东北', '东', '东南', '南', '西南', '西', '西北'] as const;
export type WindDirection = (typeof WIND_DIRECTIONS)[number];

/**
 * The 8-sector name of a wind direction in degrees (0 = from the north, clockwise). North covers
 * ≤ 22.5 and ≥ 337.5 (spec §9), both ends included; every other sector is (lower, upper] — 67.5 is
 * 东北, 67.6 is 东 — except that 337.5 itself is north. Angles outside 0–360 are wrapped.
 */
export function windDirectionName(degrees: number | null | undefined): WindDirection | null {
  if (typeof degrees !== 'number' || !Number.isFinite(degrees)) return null;
  const d = ((degrees % 360) + 360) % 360;
  if (d <= 22.5 || d >= 337.5) return '北';
  const sector = Math.ceil((d - 22.5) / 45);
  return WIND_DIRECTIONS[sector] ?? '北';
}

/**
 * Upper thresholds of Beaufort forces 0–17 in km/h (spec §9); force 18 is everything from 220 km/h.
 * A threshold belongs to the next force: force n covers [threshold n−1, threshold n), so below 1 km/h
 * is calm (0) and exactly 5 km/h is force 2. The comparison is made in km/h so that the thresholds are
 * exactly the spec's numbers.
 */
export const BEAUFORT_UPPER_KMH = [
  1, 5, 11, 19, 28, 38, 49, 61, 74, 88, 102, 117, 133, 149, 166, 183, 201, 220,
] as const;

export const KMH_PER_MS = 3.6;

/** Beaufort force 0–18 of a wind speed in km/h; null for a missing or negative speed. */
export function beaufortFromKmh(kmh: number | null | undefined): number | null {
  if (typeof kmh !== 'number' || Number.isNaN(kmh) || kmh < 0) return null;
  const force = BEAUFORT_UPPER_KMH.findIndex((upper) => kmh < upper);
  return force === -1 ? BEAUFORT_UPPER_KMH.length : force;
}

/** Beaufort force 0–18 of a wind speed in m/s. */
export function beaufortFromMs(ms: number | null | undefined): number | null {
  if (typeof ms !== 'number' || Number.isNaN(ms) || ms < 0) return null;
  // Rounded to 1e-9 km/h so that 5/3.6 m/s is 5 km/h, not 4.999999999999999.
  return beaufortFromKmh(Math.round(ms * KMH_PER_MS * 1e9) / 1e9);
}
