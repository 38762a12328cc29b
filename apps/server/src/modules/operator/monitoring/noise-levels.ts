import {
  formatChinaDateTime,
  NOISE_PERIODS,
  type NoisePeriod,
  type NoiseZone,
  noiseLimitAt,
  noiseLimitForHour,
} from '@lantian/domain';
import { round } from './sources';

/** The sound-level factors of a noise device: A-weighted level and equivalent continuous level. */
export const NOISE_LEVEL_FACTORS = ['LA', 'LAeq'] as const;

export type NoiseResolution = 'minute' | 'hour' | 'day';

/** A telemetry row of a noise factor, as the device core's series returns it. */
export interface NoiseRow {
  factor: string;
  t: number;
  value: number | null;
  flag: string | null;
  invalid: number;
  valid: number;
}

export interface NoisePointValue {
  t: number;
  time: string;
  LA: number | null;
  LAeq: number | null;
  /** LAeq, or LA without it: the level judged against the limit. */
  value: number | null;
  valid: boolean;
  period: NoisePeriod | null;
  periodName: string | null;
  limit: number | null;
  exceedance: number | null;
}

function isValid(row: NoiseRow, resolution: NoiseResolution): boolean {
  if (row.value === null || row.invalid === 1) return false;
  if (resolution === 'minute') return row.flag === null || row.flag === 'N';
  return row.valid === 1;
}

/**
 * The period and GB 3096-2008 limit of a value. Hours are labelled by their end (the 22:00 hour is
 * 21:00–22:00, a day hour); a minute value by the end of its interval too, so the instant just before
 * its stamp decides. A day value spans both periods: no single limit.
 */
function limitOf(
  zone: NoiseZone,
  t: number,
  resolution: NoiseResolution,
): { period: NoisePeriod; limit: number } | null {
  if (resolution === 'hour') return noiseLimitForHour(zone, t);
  if (resolution === 'minute') return noiseLimitAt(zone, t - 1);
  return null;
}

/**
 * The points of a noise series: LA and LAeq side by side per time, the level judged (LAeq, else LA),
 * the period's limit and by how much a valid level exceeds it (0.1 dB; null when it does not).
 */
export function noisePoints(
  rows: readonly NoiseRow[],
  zone: NoiseZone,
  resolution: NoiseResolution,
): NoisePointValue[] {
  const byTime = new Map<number, { LA?: NoiseRow; LAeq?: NoiseRow }>();
  for (const row of rows) {
    if (row.factor !== 'LA' && row.factor !== 'LAeq') continue;
    const entry = byTime.get(row.t) ?? {};
    entry[row.factor] = row;
    byTime.set(row.t, entry);
  }
  return [...byTime.entries()]
    .sort(([a], [b]) => a - b)
    .map(([t, entry]) => {
      const judged = entry.LAeq?.value != null ? entry.LAeq : entry.LA;
      const valid = judged !== undefined && isValid(judged, resolution);
      const value = judged?.value == null ? null : round(judged.value);
      const limit = limitOf(zone, t, resolution);
      const over = valid && value !== null && limit !== null && value > limit.limit;
      return {
        t,
        time: formatChinaDateTime(t),
        LA: entry.LA?.value == null ? null : round(entry.LA.value),
        LAeq: entry.LAeq?.value == null ? null : round(entry.LAeq.value),
        value,
        valid,
        period: limit?.period ?? null,
        periodName: limit === null ? null : NOISE_PERIODS[limit.period],
        limit: limit?.limit ?? null,
        exceedance: over ? round(value - limit.limit) : null,
      };
    });
}
