import { isVocSpecies, parseChinaDateTime, SECONDS_PER_DAY } from '@lantian/domain';
import type { Clock } from '../../../platform/clock';
import { resolveRange, type TimeRange } from '../../../platform/http/params';
import type { devices } from '../devices';

/** The device core's api (the registry's scoped reads and the telemetry). */
export type DeviceCore = Pick<ReturnType<(typeof devices)['apiIn']>, 'registry' | 'telemetry'>;

/** The longest range one call reads: a month of hours (34 species × 744 h ≈ 25,000 values). */
export const MAX_RANGE_SECONDS = 31 * SECONDS_PER_DAY;

/** (from, to] of a call: the end defaults to now, the start to `defaultSeconds` before it. */
export function rangeOf(
  query: { startTime?: string | undefined; endTime?: string | undefined },
  now: Clock,
  defaultSeconds: number,
): TimeRange {
  return resolveRange(
    {
      startTime: query.startTime === undefined ? undefined : parseChinaDateTime(query.startTime),
      endTime: query.endTime === undefined ? undefined : parseChinaDateTime(query.endTime),
    },
    { end: () => now(), start: (end) => end - defaultSeconds },
    (from, to) => (to - from > MAX_RANGE_SECONDS ? '时间范围不能超过 31 天' : undefined),
  );
}

/**
 * A station's valid hourly values in a range, μg/m³ as sent: `times` are the hours (labelled by
 * their end, China convention) that hold at least one valid value, ascending; `at(t)` the values of
 * one hour by factor code. Hours marked invalid by operations or failing the validity rules are left
 * out, as missing, never as 0.
 */
export interface HourTable {
  times: number[];
  at(t: number): ReadonlyMap<string, number>;
}

export async function readHours(
  core: DeviceCore,
  deviceId: number,
  factors: readonly string[],
  range: TimeRange,
): Promise<HourTable> {
  const rows = await core.telemetry.series('hour', deviceId, factors, range.from, range.to);
  const byTime = new Map<number, Map<string, number>>();
  for (const row of rows) {
    if (row.valid !== 1 || row.invalid !== 0 || row.value === null) continue;
    let hour = byTime.get(row.t);
    if (hour === undefined) {
      hour = new Map();
      byTime.set(row.t, hour);
    }
    hour.set(row.factor, row.value);
  }
  const empty: ReadonlyMap<string, number> = new Map();
  return {
    times: [...byTime.keys()].sort((a, b) => a - b),
    at: (t) => byTime.get(t) ?? empty,
  };
}

/** The catalogue's species among a device's registered factors. */
export function speciesOfFactors(codes: readonly string[]): string[] {
  return codes.filter(isVocSpecies);
}
