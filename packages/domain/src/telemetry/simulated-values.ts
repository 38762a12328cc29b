import { roundHalfUp } from '../numbers';
import {
  CHINA_OFFSET_SECONDS,
  chinaDay,
  civilFromDays,
  daysFromCivil,
  SECONDS_PER_DAY,
  SECONDS_PER_HOUR,
} from '../time';
import type { DeviceTypeCode } from './online';

/**
 * A deterministic value model for the device simulator: plausible values with a diurnal cycle, a
 * season, slow "weather" (pollution episodes shared by the devices of one seed) and a little noise.
 * Everything comes from a seeded PRNG (mulberry32) keyed by seed, device and factor, and by the
 * minute: the same inputs always give the same value, and any value can be computed on its own —
 * no state, no stepping through time. Values are rounded to what a device would send.
 */

/** The factors a simulated device of each type sends (factor dictionary codes). */
export const SIMULATED_FACTORS = {
  /** Micro-station: six pollutants and the meteorological parameters. */
  A01: ['a34004', 'a34002', 'a21026', 'a21004', 'a21005', 'a05024', 'a01001', 'a01002', 'a01007', 'a01008'],
  A02: ['a34004', 'a34002', 'a21026', 'a21004', 'a21005', 'a05024', 'a01001', 'a01002', 'a01006', 'a01007', 'a01008'],
  D01: ['a34004', 'a34002', 'a34001', 'LA'],
  N01: ['LA'],
  S01: ['oilFume', 'fanCurrent', 'purifierCurrent'],
  V01: ['TVOC', 'a24088'],
  W01: ['a01001', 'a01002', 'a01006', 'a01007', 'a01008'],
  /** These send no factor values of the dictionary (heartbeats, profiles, per-vehicle records, …). */
  C01: [],
  L01: [],
  E01: [],
  P01: [],
  /** Fire detectors: smoke density, temperature, flame and fault signals (fire module's codes). */
  F01: ['smokeDensity', 'fireTemp', 'flame', 'fault'],
  /** Surface-water stations: the GB 3838-2002 items with HJ 212-2017 codes, plus water temperature. */
  H01: ['w01001', 'w01009', 'w01019', 'w01018', 'w01017', 'w21003', 'w21011', 'w21001', 'w01010'],
  Y01: [],
} as const satisfies Record<DeviceTypeCode, readonly string[]>;

/** Bounds of the simulated values and the decimals they are sent with. */
export const SIMULATED_RANGES = {
  a34004: { min: 15, max: 150, decimals: 1 },
  a34002: { min: 21, max: 285, decimals: 1 },
  a34001: { min: 27, max: 570, decimals: 1 },
  a21026: { min: 3, max: 30, decimals: 1 },
  a21004: { min: 10, max: 80, decimals: 1 },
  a21005: { min: 0.3, max: 2, decimals: 3 },
  a05024: { min: 10, max: 220, decimals: 1 },
  a01001: { min: -20, max: 45, decimals: 1 },
  a01002: { min: 5, max: 100, decimals: 1 },
  a01006: { min: 98, max: 104, decimals: 2 },
  a01007: { min: 0, max: 8, decimals: 1 },
  a01008: { min: 0, max: 359, decimals: 0 },
  LA: { min: 40, max: 80, decimals: 1 },
  LAeq: { min: 40, max: 80, decimals: 1 },
  TVOC: { min: 0.1, max: 3, decimals: 3 },
  a24088: { min: 0.1, max: 3, decimals: 3 },
  oilFume: { min: 0, max: 5, decimals: 3 },
  fanCurrent: { min: 0, max: 10, decimals: 2 },
  purifierCurrent: { min: 0, max: 3, decimals: 2 },
  smokeDensity: { min: 0, max: 20, decimals: 2 },
  fireTemp: { min: -10, max: 120, decimals: 1 },
  flame: { min: 0, max: 1, decimals: 0 },
  fault: { min: 0, max: 1, decimals: 0 },
  w01001: { min: 6, max: 9.5, decimals: 2 },
  w01009: { min: 1, max: 12, decimals: 2 },
  w01019: { min: 0.5, max: 15, decimals: 2 },
  w01018: { min: 5, max: 50, decimals: 1 },
  w01017: { min: 0.5, max: 12, decimals: 1 },
  w21003: { min: 0.02, max: 5, decimals: 3 },
  w21011: { min: 0.005, max: 0.6, decimals: 3 },
  w21001: { min: 0.2, max: 6, decimals: 2 },
  w01010: { min: 0, max: 32, decimals: 1 },
} as const satisfies Record<string, { min: number; max: number; decimals: number }>;

/** Any other factor: a slowly wandering value in 0–100, two decimals. */
export const GENERIC_RANGE = { min: 0, max: 100, decimals: 2 } as const;

// --- PRNG --------------------------------------------------------------------------------------

/** FNV-1a, 32 bits. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded PRNG giving numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A uniform number in [0, 1) for a key. */
function unit(key: string): number {
  return mulberry32(hash32(key))();
}

/** Value noise in [0, 1]: random knots every `period` seconds, eased in between, so it drifts smoothly. */
function smooth(key: string, t: number, period: number): number {
  const u = t / period;
  const i = Math.floor(u);
  const f = u - i;
  const ease = f * f * (3 - 2 * f);
  const a = unit(`${key}|${i}`);
  const b = unit(`${key}|${i + 1}`);
  return a + (b - a) * ease;
}

/** A bump centred on an hour of the day (circular, so 23:00 is near 01:00), 1 at the centre. */
function bump(hour: number, centre: number, width: number): number {
  const d = Math.abs(hour - centre);
  const circular = Math.min(d, 24 - d);
  return Math.exp(-0.5 * (circular / width) ** 2);
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const clamp01 = (x: number) => clamp(x, 0, 1);
const logistic = (x: number) => 1 / (1 + Math.exp(-x));

// --- The model ---------------------------------------------------------------------------------

export interface SimulationInput {
  deviceType: string;
  factor: string;
  /** Epoch seconds; values change once a minute (the minute containing t). */
  t: number;
  seed: number | string;
  deviceIndex: number;
  /** Behaviours of one demo device: `purifierOff`, a kitchen that runs its fan with the purifier off. */
  quirks?: readonly SimulationQuirk[] | undefined;
}

export type SimulationQuirk = 'purifierOff';

interface Context {
  /** Time of the minute, epoch seconds. */
  t: number;
  minute: number;
  /** Hour of the day in China, fractional: 0 ≤ hour < 24. */
  hour: number;
  /** +1 in mid-July, −1 in mid-January. */
  season: number;
  /** The device's key, and the region's (all devices of the seed). */
  device: string;
  region: string;
  /** Pollution level 0–1: a regional episode (36 h drift) and a local part (12 h). */
  level: number;
  /** The temperature's diurnal term: −1 at 02:00, +1 at 14:00. */
  diurnal: number;
  quirks: readonly SimulationQuirk[];
}

function contextOf(input: SimulationInput): Context {
  if (!Number.isFinite(input.t)) throw new RangeError(`t must be finite epoch seconds, got ${input.t}`);
  const minute = Math.floor(input.t / 60);
  const t = minute * 60;
  const local = (((t + CHINA_OFFSET_SECONDS) % SECONDS_PER_DAY) + SECONDS_PER_DAY) % SECONDS_PER_DAY;
  const hour = local / SECONDS_PER_HOUR;
  const day = chinaDay(t);
  const dayOfYear = day - daysFromCivil(civilFromDays(day).year, 1, 1);
  const region = `sim|${input.seed}`;
  const device = `${region}|${input.deviceType}|${input.deviceIndex}`;
  return {
    t,
    minute,
    hour,
    season: Math.cos((2 * Math.PI * (dayOfYear - 196)) / 365.25),
    device,
    region,
    level:
      0.7 * smooth(`${region}|episode`, t, 36 * SECONDS_PER_HOUR) +
      0.3 * smooth(`${device}|local`, t, 12 * SECONDS_PER_HOUR),
    diurnal: Math.sin((2 * Math.PI * (hour - 8)) / 24),
    quirks: input.quirks ?? [],
  };
}

/** Independent per-minute noise in [−1, 1]: enough of it keeps rounded values from repeating (no stuck-sensor runs). */
function flicker(c: Context, factor: string): number {
  return 2 * unit(`${c.device}|${factor}|${c.minute}`) - 1;
}

/** A small fast jitter in [−1, 1]: a 10-minute drift plus a per-minute flicker. */
function jitter(c: Context, factor: string): number {
  return 0.7 * (2 * smooth(`${c.device}|${factor}|drift`, c.t, 600) - 1) + 0.3 * flicker(c, factor);
}

/** Approaches 100 without reaching it (humidity near saturation keeps moving). */
function saturate(x: number): number {
  return x <= 90 ? x : 90 + 10 * (1 - Math.exp(-(x - 90) / 10));
}

function pm25(c: Context): number {
  const rush = 0.25 + 0.75 * Math.max(bump(c.hour, 8, 1.8), bump(c.hour, 20.5, 2.2));
  const winter = 0.8 - 0.2 * c.season;
  return 15 + 135 * clamp01(0.55 * c.level * winter + 0.35 * rush + 0.04 * jitter(c, 'a34004'));
}

function pm10(c: Context): number {
  return pm25(c) * (1.4 + 0.5 * smooth(`${c.device}|pm10ratio`, c.t, 6 * SECONDS_PER_HOUR));
}

function temperature(c: Context): number {
  const weather = (smooth(`${c.region}|temperature`, c.t, 48 * SECONDS_PER_HOUR) - 0.5) * 6;
  return 15 + 13 * c.season + 5 * c.diurnal + weather + 0.15 * jitter(c, 'a01001') + 0.5 * flicker(c, 'a01001');
}

// --- Fire detectors (F01) ----------------------------------------------------------------------

/** Minutes of a fire detector's 2-hour slot during which an episode, if any, runs (12 minutes). */
const EPISODE_START = 20;
const EPISODE_MINUTES = 12;

/**
 * A detector's episode in the current 2-hour slot: about one slot in 17 has one (most days one or two per
 * detector), of a kind drawn per slot — a fire (flame, smoke and a fast temperature rise), smoke alone
 * (burnt food, dust: the 误报 an operator learns to recognise), a temperature anomaly, or a fault.
 */
function fireEpisode(c: Context): { kind: 'fire' | 'smoke' | 'heat' | 'fault'; minute: number } | null {
  const slot = Math.floor(c.minute / 120);
  const minute = c.minute - slot * 120 - EPISODE_START;
  if (minute < 0 || minute >= EPISODE_MINUTES) return null;
  if (unit(`${c.device}|episode|${slot}`) >= 0.06) return null;
  const k = unit(`${c.device}|episodeKind|${slot}`);
  return { kind: k < 0.25 ? 'fire' : k < 0.6 ? 'smoke' : k < 0.85 ? 'heat' : 'fault', minute };
}

function roomTemperature(c: Context): number {
  return 21 + 2 * c.diurnal + 0.3 * jitter(c, 'fireTemp') + 0.2 * flicker(c, 'fireTemp');
}

const FIRE_MODELS = {
  smokeDensity: (c: Context) => {
    const e = fireEpisode(c);
    const base = 0.05 + 0.1 * smooth(`${c.device}|smoke`, c.t, 3 * SECONDS_PER_HOUR) + 0.02 * flicker(c, 'smoke');
    if (e === null || (e.kind !== 'fire' && e.kind !== 'smoke')) return base;
    return base + Math.min(12, 1.5 * (e.minute + 1)) * (e.kind === 'fire' ? 1 : 0.6);
  },
  fireTemp: (c: Context) => {
    const e = fireEpisode(c);
    if (e === null || (e.kind !== 'fire' && e.kind !== 'heat')) return roomTemperature(c);
    // A rise of about 15 ℃ a minute for four minutes, then a plateau: both the rate-of-rise and the fixed limit trip.
    return roomTemperature(c) + 15 * Math.min(e.minute + 1, 4) + (e.kind === 'fire' ? 10 : 0);
  },
  flame: (c: Context) => {
    const e = fireEpisode(c);
    return e !== null && e.kind === 'fire' && e.minute >= 2 ? 1 : 0;
  },
  fault: (c: Context) => (fireEpisode(c)?.kind === 'fault' ? 1 : 0),
};

// --- Surface-water stations (H01) --------------------------------------------------------------

/**
 * Water quality changes by the hour (an automatic station analyses once an hour): every value is
 * constant within a China hour. The station's profile is its index in the network modulo 3: 1 clean
 * (Ⅱ), 2 moderate (Ⅲ–Ⅳ), 0 downstream of a sewage outfall (NH3-N 2.2–3.6 mg/L: 劣Ⅴ).
 */
function water(factor: string, clean: [number, number], moderate: [number, number], polluted: [number, number]) {
  return (c: Context) => {
    const hour = Math.floor(c.t / SECONDS_PER_HOUR) * SECONDS_PER_HOUR;
    const profile = Number(/\|(\d+)$/.exec(c.device)?.[1] ?? 1) % 3;
    const [lo, hi] = profile === 1 ? clean : profile === 2 ? moderate : polluted;
    const drift = smooth(`${c.device}|${factor}|water`, hour, 18 * SECONDS_PER_HOUR);
    const wobble = unit(`${c.device}|${factor}|${hour}`);
    return lo + (hi - lo) * clamp01(0.85 * drift + 0.15 * wobble);
  };
}

const WATER_MODELS = {
  w01001: water('w01001', [7.2, 8.0], [7.0, 8.3], [6.8, 7.6]),
  w01009: water('w01009', [7.6, 9.5], [4.2, 6.5], [2.6, 4.5]),
  w01019: water('w01019', [1.5, 3.8], [4.5, 8.5], [6.5, 9.5]),
  w01018: water('w01018', [8, 14.5], [16, 28], [24, 38]),
  w01017: water('w01017', [1, 2.8], [3.2, 5.5], [4.5, 8]),
  w21003: water('w21003', [0.05, 0.45], [0.55, 1.4], [2.2, 3.6]),
  w21011: water('w21011', [0.01, 0.024], [0.12, 0.28], [0.2, 0.38]),
  w21001: water('w21001', [0.3, 0.5], [1.5, 2.5], [3.5, 5.5]),
  w01010: (c: Context) => clamp(16 + 10 * c.season + 0.8 * c.diurnal, 0.5, 31),
};

const MODELS = new Map<string, (c: Context) => number>(
  Object.entries({
    a34004: pm25,
    a34002: pm10,
    a34001: (c) => pm10(c) * (1.3 + 0.6 * smooth(`${c.device}|tspratio`, c.t, 4 * SECONDS_PER_HOUR)),
    a21026: (c) =>
      3 +
      27 *
        clamp01(
          0.1 +
            0.35 * c.level +
            0.25 * bump(c.hour, 9, 2.5) +
            0.2 * Math.max(0, -c.season) +
            0.05 * jitter(c, 'a21026') +
            0.015 * flicker(c, 'a21026'),
        ),
    a21004: (c) => {
      const rush = Math.max(bump(c.hour, 8, 1.5), bump(c.hour, 18.5, 1.8));
      return 10 + 70 * clamp01(0.08 + 0.4 * c.level + 0.45 * rush + 0.05 * jitter(c, 'a21004'));
    },
    a21005: (c) => {
      const rush = Math.max(bump(c.hour, 8, 1.8), bump(c.hour, 20.5, 2.2));
      return 0.3 + 1.7 * clamp01(0.05 + 0.6 * c.level + 0.25 * rush + 0.05 * jitter(c, 'a21005'));
    },
    a05024: (c) => {
      const sunny = smooth(`${c.region}|sun`, c.t, 24 * SECONDS_PER_HOUR);
      const summer = 0.5 + 0.5 * c.season;
      const photochemistry = bump(c.hour, 15, 3) * (0.45 + 0.55 * summer) * (0.6 + 0.4 * sunny);
      return 10 + 210 * clamp01(0.03 + 0.9 * photochemistry + 0.03 * jitter(c, 'a05024'));
    },
    a01001: temperature,
    a01002: (c) => {
      const weather = (smooth(`${c.region}|humidity`, c.t, 36 * SECONDS_PER_HOUR) - 0.5) * 20;
      return clamp(
        saturate(60 + 10 * c.season - 25 * c.diurnal + weather + jitter(c, 'a01002') + flicker(c, 'a01002')),
        5,
        100,
      );
    },
    a01006: (c) =>
      101.3 -
      1.2 * c.season +
      (smooth(`${c.region}|pressure`, c.t, 48 * SECONDS_PER_HOUR) - 0.5) * 1.5 +
      0.05 * flicker(c, 'a01006'),
    a01007: (c) => {
      const breeze = smooth(`${c.region}|wind`, c.t, 12 * SECONDS_PER_HOUR);
      return clamp(
        1.1 + 1.8 * Math.max(0, c.diurnal) + 4 * breeze ** 1.5 + 0.5 * jitter(c, 'a01007') + 0.4 * flicker(c, 'a01007'),
        0,
        8,
      );
    },
    a01008: (c) => {
      const prevailing = 360 * unit(`${c.region}|prevailing`) - 60 * c.season;
      const veer = 140 * (2 * smooth(`${c.region}|veer`, c.t, 10 * SECONDS_PER_HOUR) - 1);
      return prevailing + veer + 12 * jitter(c, 'a01008') + 8 * flicker(c, 'a01008');
    },
    LA: noise('LA'),
    LAeq: noise('LAeq'),
    TVOC: voc('TVOC'),
    a24088: voc('a24088'),
    oilFume: (c) => {
      if (!kitchenOpen(c)) return 0.01 + 0.04 * unit(`${c.device}|oilFume|${c.minute}`);
      const dayIndex = Math.floor((c.t + CHINA_OFFSET_SECONDS) / SECONDS_PER_DAY);
      const busy = 0.55 + 0.45 * unit(`${c.device}|busy|${dayIndex}`);
      const meal = Math.max(bump(c.hour, 12, 0.7), bump(c.hour, 18.5, 1));
      const fume = 0.23 + 0.02 * flicker(c, 'oilFume') + 2.75 * clamp01(meal * busy + 0.03 * jitter(c, 'oilFume'));
      // Without the purifier the fume leaves the stack unfiltered.
      return c.quirks.includes('purifierOff') ? fume * 1.6 : fume;
    },
    fanCurrent: (c) => {
      if (!kitchenOpen(c)) return 0.02 + 0.05 * unit(`${c.device}|fan|${c.minute}`);
      const meal = Math.max(bump(c.hour, 12, 0.9), bump(c.hour, 18.5, 1.2));
      return 2.4 + 1.6 * meal + 0.15 * flicker(c, 'fanCurrent');
    },
    purifierCurrent: (c) => {
      if (!kitchenOpen(c) || c.quirks.includes('purifierOff')) return 0.01 + 0.03 * unit(`${c.device}|esp|${c.minute}`);
      return 0.85 + 0.1 * flicker(c, 'purifierCurrent');
    },
    ...FIRE_MODELS,
    ...WATER_MODELS,
  } satisfies Record<keyof typeof SIMULATED_RANGES, (c: Context) => number>),
);

/** A restaurant kitchen's working hours: lunch 10:00–14:30 and dinner 16:30–21:30. */
function kitchenOpen(c: Context): boolean {
  return (c.hour >= 10 && c.hour < 14.5) || (c.hour >= 16.5 && c.hour < 21.5);
}

function noise(factor: string): (c: Context) => number {
  return (c) => {
    const daytime = logistic((c.hour - 6) / 0.35) * logistic((22 - c.hour) / 0.35);
    const site = 6 * unit(`${c.device}|${factor}|site`);
    const morning = 5 * bump(c.hour, 8, 1.2) * daytime;
    return clamp(42 + site + 20 * daytime + morning + 3 * jitter(c, factor), 40, 80);
  };
}

function voc(factor: string): (c: Context) => number {
  return (c) => {
    const rush = Math.max(bump(c.hour, 8, 2), bump(c.hour, 19, 2));
    return 0.1 + 2.9 * clamp01(0.05 + 0.45 * c.level + 0.3 * rush + 0.05 * jitter(c, factor));
  };
}

function generic(c: Context, factor: string): number {
  return 50 + 45 * (2 * smooth(`${c.device}|${factor}|generic`, c.t, 3 * SECONDS_PER_HOUR) - 1) + 2 * jitter(c, factor);
}

const RANGES = new Map<string, { min: number; max: number; decimals: number }>(Object.entries(SIMULATED_RANGES));

/**
 * The simulated value of one factor of one device at a time, rounded as a device would send it.
 * PM2.5 15–150 μg/m³ with morning and evening peaks; PM10 1.4–1.9 × PM2.5; TSP 1.3–1.9 × PM10;
 * SO2 3–30; NO2 10–80 with rush-hour peaks; CO 0.3–2 mg/m³; O3 10–220 peaking about 15:00; temperature
 * a daily sine (lowest 02:00, highest 14:00) on a season; humidity 5–100 moving against it; wind speed
 * 0–8 m/s; wind direction 0–359°; noise 40–80 dB(A), loud by day, quiet at night; TVOC / NMHC
 * 0.1–3 mg/m³; oil fume 0.2–3 mg/m³ peaking at 11–13 and 17–20, about 0 while the kitchen is closed
 * (10:00–14:30 and 16:30–21:30 open), the kitchen fan's current 2.4–4 A while open and the purifier's
 * about 0.85 A (both below 0.1 A when closed; with the `purifierOff` quirk the purifier stays off).
 * Any other factor: 0–100.
 */
export function simulatedReading(input: SimulationInput): number {
  const c = contextOf(input);
  const model = MODELS.get(input.factor);
  const range = RANGES.get(input.factor) ?? GENERIC_RANGE;
  const raw = model === undefined ? generic(c, input.factor) : model(c);
  if (input.factor === 'a01008') return Math.round(((raw % 360) + 360) % 360) % 360;
  return roundHalfUp(clamp(raw, range.min, range.max), range.decimals);
}
