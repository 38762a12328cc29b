import { roundHalfUp } from '../numbers';
import { CHINA_OFFSET_SECONDS, SECONDS_PER_DAY } from '../time';

/**
 * The 【演示】 meters of 分表计电 (DEMO_DATA=on): deterministic power curves per role, so that the demo
 * enterprises show, every day, what the detectors are for — a 家具厂 whose VOC treatment stops in the
 * afternoon while its spray line runs, a 砖厂 kiln above its 限产 share in the morning and its
 * desulphurisation fan under-loaded at night. Values are a function of (profile, time) only.
 */

export type DemoMeterProfile = 'spray_line' | 'voc_treatment' | 'kiln' | 'kiln_treatment';

interface Band {
  /** China-time minutes of the day, [from, to). */
  from: number;
  to: number;
  kw: number;
}

/** Power bands of each profile (kW); outside every band the meter draws its `idleKw`. */
const PROFILES: Record<DemoMeterProfile, { idleKw: number; bands: Band[] }> = {
  spray_line: {
    idleKw: 2.5,
    bands: [
      { from: 8 * 60, to: 12 * 60, kw: 38 },
      { from: 13 * 60, to: 18 * 60, kw: 36 },
    ],
  },
  // Runs with the spray line, but stands by from 14:00 to 15:30 while the line runs: the finding.
  voc_treatment: {
    idleKw: 0.6,
    bands: [
      { from: 7 * 60 + 45, to: 12 * 60 + 15, kw: 24 },
      { from: 12 * 60 + 45, to: 14 * 60, kw: 24 },
      { from: 15 * 60 + 30, to: 18 * 60 + 15, kw: 24 },
    ],
  },
  // A tunnel kiln fires day and night; under the demo 限产 order (30 %) it may draw 126 kW of its
  // 180 kW baseline, and keeps to it except from 09:00 to 12:00.
  kiln: {
    idleKw: 118,
    bands: [{ from: 9 * 60, to: 12 * 60, kw: 168 }],
  },
  // Desulphurisation and dust removal: its fan is turned down to its lowest step from 02:00 to 03:30.
  kiln_treatment: {
    idleKw: 62,
    bands: [{ from: 2 * 60, to: 3 * 60 + 30, kw: 16 }],
  },
};

function nominalKw(profile: DemoMeterProfile, minuteOfDay: number): number {
  const p = PROFILES[profile];
  return p.bands.find((b) => minuteOfDay >= b.from && minuteOfDay < b.to)?.kw ?? p.idleKw;
}

/** A deterministic number in [0, 1) per meter and time slot. */
function jitter(meter: number, slot: number): number {
  let x = (meter * 2654435761 + slot * 40503 + 97) >>> 0;
  x ^= x << 13;
  x ^= x >>> 17;
  x ^= x << 5;
  return (x >>> 0) / 4294967296;
}

export interface DemoMeterReading {
  powerKw: number;
  currentA: number;
  currentB: number;
  currentC: number;
  /** The cumulative register (kWh). */
  energyKwh: number;
}

const SLOT_SECONDS = 900;

/** kWh of one slot at nominal power (the register integrates the nominal curve, so it never falls). */
function slotKwh(profile: DemoMeterProfile, slotStart: number): number {
  const minute = Math.floor(
    ((((slotStart + CHINA_OFFSET_SECONDS) % SECONDS_PER_DAY) + SECONDS_PER_DAY) % SECONDS_PER_DAY) / 60,
  );
  return nominalKw(profile, minute) * (SLOT_SECONDS / 3600);
}

/** The reading of demo meter `meter` (an index) with `profile` at time `t` (the 15-minute slot's start). */
export function demoMeterReading(profile: DemoMeterProfile, meter: number, t: number): DemoMeterReading {
  const local = t + CHINA_OFFSET_SECONDS;
  const day = Math.floor(local / SECONDS_PER_DAY);
  const dayStart = day * SECONDS_PER_DAY - CHINA_OFFSET_SECONDS;
  const minute = Math.floor((local - day * SECONDS_PER_DAY) / 60);
  const slot = Math.floor(t / SLOT_SECONDS);
  const base = nominalKw(profile, minute);
  // ±4 % noise: a real load is never flat, and the chart should not look drawn with a ruler.
  const powerKw = roundHalfUp(base * (0.96 + 0.08 * jitter(meter, slot)), 2);
  // Three-phase 380 V at power factor 0.85: I = P / (√3 · U · cosφ), with a little phase imbalance.
  const perPhase = (powerKw * 1000) / (Math.sqrt(3) * 380 * 0.85);
  const imbalance = (k: number) => roundHalfUp(perPhase * (0.97 + 0.06 * jitter(meter * 3 + k, slot)), 2);
  let dayKwh = 0;
  for (let s = dayStart; s < dayStart + SECONDS_PER_DAY; s += SLOT_SECONDS) dayKwh += slotKwh(profile, s);
  let todayKwh = 0;
  for (let s = dayStart; s < t; s += SLOT_SECONDS) todayKwh += slotKwh(profile, s);
  // A register that started at 10 000 kWh on day 20 000 (2024-10-04) of the epoch.
  const energyKwh = roundHalfUp(10_000 + (day - 20_000) * dayKwh + todayKwh, 2);
  return { powerKw, currentA: imbalance(0), currentB: imbalance(1), currentC: imbalance(2), energyKwh };
}
