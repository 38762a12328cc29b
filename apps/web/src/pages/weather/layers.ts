import type { WeatherLayerKey } from '@lantian/contracts';
import { WEATHER_LAYERS, WEATHER_LEGENDS } from '@lantian/domain';
import { num } from './format';

/**
 * How each weather layer of spec §3 is drawn: its legend range is the spec's (§9, from
 * `@lantian/domain`), its colours a ramp over physical values (so that 0 °C has the same blue on every
 * screen), its values shown with a sensible count of decimals.
 */

type Stop = readonly [value: number, color: string];

interface LayerStyle {
  /** Colour stops in the layer's unit, ascending; values beyond the ends take the end colours. */
  stops: readonly Stop[];
  decimals: number;
}

const PRESSURE: readonly Stop[] = [
  [995, '#5b2a86'],
  [1003, '#3f51b5'],
  [1011, '#29a3c6'],
  [1018, '#66bb6a'],
  [1025, '#f2c12e'],
  [1032, '#f08a24'],
  [1040, '#d43d2a'],
];

const STYLES: Record<WeatherLayerKey, LayerStyle> = {
  temp: {
    decimals: 1,
    stops: [
      [-81, '#2b0a57'],
      [-30, '#5e3c99'],
      [-20, '#3f51b5'],
      [-10, '#2196f3'],
      [0, '#4fc3f7'],
      [8, '#80cbc4'],
      [15, '#9ccc65'],
      [22, '#fdd835'],
      [28, '#fb8c00'],
      [35, '#e53935'],
      [54, '#7f0000'],
    ],
  },
  hum: {
    decimals: 0,
    stops: [
      [0, '#b5835a'],
      [25, '#dcc48e'],
      [45, '#c5e1a5'],
      [65, '#4fc3f7'],
      [85, '#1e88e5'],
      [100, '#0d3c8c'],
    ],
  },
  pre: { decimals: 1, stops: PRESSURE },
  wind: {
    decimals: 1,
    stops: [
      [0, '#d6ecfa'],
      [3, '#7cc6ee'],
      [6, '#2fa3d8'],
      [10, '#26a69a'],
      [14, '#f2c12e'],
      [20, '#f4511e'],
      [28, '#b71c1c'],
      [36, '#5b1375'],
    ],
  },
  rain: {
    decimals: 1,
    stops: [
      [0, '#c3ccd8'],
      [0.1, '#a5d6a7'],
      [2.5, '#43a047'],
      [8, '#1e88e5'],
      [16, '#1a3fa0'],
      [30, '#8e24aa'],
      [50, '#4a148c'],
    ],
  },
  radiat: {
    decimals: 0,
    stops: [
      [100, '#fff4c2'],
      [300, '#ffe082'],
      [550, '#ffb300'],
      [800, '#f4511e'],
      [1000, '#c62828'],
      [1200, '#7f0000'],
    ],
  },
  isobar: { decimals: 0, stops: PRESSURE.map(([v, c]) => [v * 100, c] as const) },
};

export const LAYERS = WEATHER_LAYERS;

export function legendOf(layer: WeatherLayerKey) {
  return WEATHER_LEGENDS[layer];
}

function hex(color: string): [number, number, number] {
  const n = Number.parseInt(color.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = hex(a);
  const [br, bg, bb] = hex(b);
  const c = (x: number, y: number) => Math.round(x + (y - x) * t);
  return `rgb(${c(ar, br)}, ${c(ag, bg)}, ${c(ab, bb)})`;
}

/** The colour of a value on a layer; grey for a missing value. */
export function layerColor(layer: WeatherLayerKey, value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '#b0b7c3';
  const { stops } = STYLES[layer];
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (first === undefined || last === undefined) return '#b0b7c3';
  if (value <= first[0]) return first[1];
  if (value >= last[0]) return last[1];
  for (let i = 1; i < stops.length; i++) {
    const hi = stops[i];
    const lo = stops[i - 1];
    if (hi !== undefined && lo !== undefined && value <= hi[0]) {
      return mix(lo[1], hi[1], (value - lo[0]) / (hi[0] - lo[0]));
    }
  }
  return last[1];
}

/** A CSS gradient of the layer's colours over its whole legend range (min on the left). */
export function legendGradient(layer: WeatherLayerKey): string {
  const { min, max } = legendOf(layer);
  const parts = STYLES[layer].stops
    .filter(([v]) => v >= min && v <= max)
    .map(([v, c]) => `${c} ${(((v - min) / (max - min)) * 100).toFixed(1)}%`);
  return `linear-gradient(to right, ${layerColor(layer, min)} 0%, ${parts.join(', ')}, ${layerColor(layer, max)} 100%)`;
}

/** A layer's value with its decimals, without the unit. */
export function layerValueText(layer: WeatherLayerKey, value: number | null | undefined): string {
  return num(value, STYLES[layer].decimals);
}

/** '-81 ~ 54 °C': the spec's legend range of a layer. */
export function legendRangeText(layer: WeatherLayerKey): string {
  const { min, max, unit } = legendOf(layer);
  return `${min} ~ ${max} ${unit}`;
}
