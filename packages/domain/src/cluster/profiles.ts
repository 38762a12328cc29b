/**
 * Daily profiles for clustering stations by the shape of their pollution: the mean of a pollutant at
 * each hour of the China day over a period, z-scored so that two stations with the same rhythm but
 * different levels fall together (clustering by shape, not by how polluted a place is).
 */

export const PROFILE_HOURS = 24;

/** One hour-of-day mean of a station: hour 0 … 23 (China time, by the hour's end), its mean and count of hours. */
export interface HourOfDayMean {
  hour: number;
  mean: number;
  count: number;
}

/**
 * The 24-hour mean profile, or null when any hour of the day has fewer than `minCount` values (a
 * profile with holes would be clustered by its holes).
 */
export function dailyProfile(means: readonly HourOfDayMean[], minCount: number): number[] | null {
  const profile = new Array<number | null>(PROFILE_HOURS).fill(null);
  for (const m of means) {
    if (m.hour < 0 || m.hour >= PROFILE_HOURS || m.count < minCount || !Number.isFinite(m.mean)) continue;
    profile[m.hour] = m.mean;
  }
  return profile.every((v) => v !== null) ? (profile as number[]) : null;
}

/**
 * z-score of a profile: (x − mean) / standard deviation (population). A constant profile has no shape;
 * it becomes all zeros rather than a division by zero.
 */
export function zScore(values: readonly number[]): number[] {
  if (values.length === 0) return [];
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length;
  const sd = Math.sqrt(variance);
  // Below this the "shape" is rounding noise of a flat series.
  if (sd < 1e-9) return values.map(() => 0);
  return values.map((v) => (v - mean) / sd);
}
