import { hash32, mulberry32 } from '../telemetry/simulated-values';
import { CHINA_OFFSET_SECONDS, SECONDS_PER_DAY, SECONDS_PER_HOUR } from '../time';
import { ppbToUg } from './chemistry';
import { VOC_COMPANIONS, VOC_SPECIES } from './species';

/**
 * A deterministic hourly model of a VOC station for the demo network: every species is a mix of
 * sources with their own daily shapes — traffic (peaks about 08:00 and 19:00), solvent use (working
 * hours), photochemistry (secondary carbonyls, afternoon), biogenic isoprene (midday, warm) and a
 * regional background — scaled by the boundary layer (shallow at night, deep in the afternoon), a
 * slow multi-day episode and a little noise. NO follows traffic; O3 peaks about 15:00 and is
 * titrated by NO at the morning rush. Values are μg/m³ at the reference state, as a station sends
 * them. Same inputs, same value: any hour can be computed on its own.
 */

interface Mix {
  /** Typical urban mixing ratio, ppb. */
  ppb: number;
  traffic?: number;
  solvent?: number;
  secondary?: number;
  biogenic?: number;
}

// biome-ignore format: one line per species
const MIX: Record<string, Mix> = {
  v10001: { ppb: 4.0, traffic: 0.1 }, v10002: { ppb: 3.0, traffic: 0.25 }, v10003: { ppb: 1.0, traffic: 0.4 },
  v10004: { ppb: 1.5, traffic: 0.4 }, v10005: { ppb: 1.2, traffic: 0.65 }, v10006: { ppb: 0.6, traffic: 0.55 },
  a24042: { ppb: 0.3, traffic: 0.4, solvent: 0.2 }, a24036: { ppb: 0.1, traffic: 0.3 }, a24043: { ppb: 0.15, traffic: 0.3, solvent: 0.2 },
  v10101: { ppb: 3.0, traffic: 0.6 }, a24053: { ppb: 0.8, traffic: 0.5 }, v10102: { ppb: 0.2, traffic: 0.5 },
  v10103: { ppb: 0.1, traffic: 0.55 }, a24078: { ppb: 0.08, traffic: 0.6 }, v10104: { ppb: 0.3, traffic: 0.05, biogenic: 0.85 },
  v10201: { ppb: 3.0, traffic: 0.5 }, a25002: { ppb: 0.8, traffic: 0.5 }, a25003: { ppb: 1.2, traffic: 0.4, solvent: 0.3 },
  a25004: { ppb: 0.2, traffic: 0.4, solvent: 0.3 }, a25007: { ppb: 0.3, traffic: 0.5, solvent: 0.2 }, a25008: { ppb: 0.15, traffic: 0.5, solvent: 0.2 },
  a25006: { ppb: 0.15, traffic: 0.5, solvent: 0.2 }, a25038: { ppb: 0.1, traffic: 0.2, solvent: 0.3 }, a25019: { ppb: 0.1, traffic: 0.5 },
  a25021: { ppb: 0.04, traffic: 0.5 }, a31001: { ppb: 3.0, traffic: 0.1, secondary: 0.7 }, a31002: { ppb: 1.5, traffic: 0.1, secondary: 0.6 },
  a31024: { ppb: 2.0, solvent: 0.2, secondary: 0.4 }, a31025: { ppb: 0.4, solvent: 0.4, secondary: 0.3 }, a24003: { ppb: 0.6, solvent: 0.5 },
  a24004: { ppb: 0.05, solvent: 0.3 }, a24017: { ppb: 0.2, solvent: 0.3 }, a24049: { ppb: 0.05, solvent: 0.5 },
  a24050: { ppb: 0.03, solvent: 0.5 },
};

/** The factors a simulated VOC station sends: the catalogue's species, NO, NO2 and O3. */
export const SIMULATED_VOC_FACTORS: readonly string[] = [
  ...VOC_SPECIES.map((s) => s.code),
  VOC_COMPANIONS.no.code,
  VOC_COMPANIONS.no2.code,
  VOC_COMPANIONS.o3.code,
];

const unit = (key: string) => mulberry32(hash32(key))();
/** Smooth noise in [0, 1] with knots every `period` seconds. */
function smooth(key: string, t: number, period: number): number {
  const u = t / period;
  const i = Math.floor(u);
  const f = u - i;
  const e = f * f * (3 - 2 * f);
  const a = unit(`${key}|${i}`);
  return a + (unit(`${key}|${i + 1}`) - a) * e;
}
function bump(hour: number, centre: number, width: number): number {
  const d = Math.abs(hour - centre);
  return Math.exp(-0.5 * (Math.min(d, 24 - d) / width) ** 2);
}

/** The demo stations' characters: an urban roadside-influenced site and an industrial-park site. */
export interface VocStationProfile {
  key: string;
  /** Multiplies traffic sources. */
  traffic: number;
  /** Multiplies solvent sources. */
  solvent: number;
}

/**
 * The value of `factor` of a simulated VOC station for the hour ending at `hourEnd` (epoch seconds),
 * μg/m³ rounded to 0.001 (species) or 0.1 (NO, NO2, O3), or null for a factor it does not send.
 */
export function simulatedVocHour(station: VocStationProfile, factor: string, hourEnd: number): number | null {
  const mid = hourEnd - SECONDS_PER_HOUR / 2;
  const local = (((mid + CHINA_OFFSET_SECONDS) % SECONDS_PER_DAY) + SECONDS_PER_DAY) % SECONDS_PER_DAY;
  const hour = local / SECONDS_PER_HOUR;
  const key = `voc|${station.key}`;
  const episode = 0.6 + 0.8 * smooth(`${key}|episode`, mid, 48 * SECONDS_PER_HOUR);
  // Shallow night-time boundary layer concentrates, the deep afternoon one dilutes.
  const mixing = 1 + 0.5 * bump(hour, 3, 3.5) - 0.4 * bump(hour, 14, 3);
  const traffic = Math.max(bump(hour, 8, 1.4), 0.85 * bump(hour, 19, 1.7)) + 0.25;
  const working = hour >= 8.5 && hour <= 18 ? 1.3 : 0.35;
  const photo = bump(hour, 14, 2.5) + 0.15;
  const sunlight = bump(hour, 13, 3);
  const noise = 0.9 + 0.2 * unit(`${key}|${factor}|${Math.floor(hourEnd / SECONDS_PER_HOUR)}`);

  if (factor === VOC_COMPANIONS.no.code) {
    return round(
      ppbToUg(
        (2 + 28 * station.traffic * Math.max(bump(hour, 8, 1.2), 0.6 * bump(hour, 19, 1.5))) * mixing * episode * noise,
        VOC_COMPANIONS.no.mw,
      ),
      1,
    );
  }
  if (factor === VOC_COMPANIONS.no2.code) {
    return round(ppbToUg((8 + 16 * station.traffic * traffic) * mixing * episode * noise, VOC_COMPANIONS.no2.mw), 1);
  }
  if (factor === VOC_COMPANIONS.o3.code) {
    const titration = 1 - 0.6 * bump(hour, 8, 1.5);
    const sunny = 0.6 + 0.4 * smooth(`${key}|sun`, mid, 24 * SECONDS_PER_HOUR);
    return round(
      ppbToUg((8 + 75 * bump(hour, 15, 2.8) * sunny * episode) * titration * noise, VOC_COMPANIONS.o3.mw),
      1,
    );
  }
  const mix = MIX[factor];
  const species = VOC_SPECIES.find((s) => s.code === factor);
  if (mix === undefined || species === undefined) return null;
  const t = (mix.traffic ?? 0) * station.traffic;
  const s = (mix.solvent ?? 0) * station.solvent;
  const sec = mix.secondary ?? 0;
  const bio = mix.biogenic ?? 0;
  const background = Math.max(0.1, 1 - (mix.traffic ?? 0) - (mix.solvent ?? 0) - sec - bio);
  const primary = (background + (t * traffic) / 0.6 + (s * working) / 0.75) * mixing;
  const ppb = mix.ppb * episode * noise * (primary + (sec * photo) / 0.45 + (bio * sunlight) / 0.4);
  return round(ppbToUg(ppb, species.mw), 3);
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
