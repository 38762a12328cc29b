/**
 * Running state of a kitchen's fan and purifier from the currents the data logger reports. A fan (or
 * purifier) draws next to nothing when off; the thresholds sit between standby and the smallest
 * running current. The spec's running-state interval is 10 minutes: the state of an interval is that
 * of the mean current of its minutes.
 */
export interface CurrentThresholds {
  /** Fan current (A) from which the fan counts as running. */
  fanOn: number;
  /** Purifier current (A) from which the purifier counts as running. */
  purifierOn: number;
}

/** Defaults for the small kitchens' single-phase equipment (a fan at rest reads < 0.1 A). */
export const DEFAULT_CURRENT_THRESHOLDS: CurrentThresholds = { fanOn: 0.5, purifierOn: 0.2 };

export type RunState = 'on' | 'off' | 'unknown';

export function stateOfCurrent(current: number | null | undefined, threshold: number): RunState {
  if (current === null || current === undefined || !Number.isFinite(current)) return 'unknown';
  return current >= threshold ? 'on' : 'off';
}

export const RUNNING_INTERVAL_SECONDS = 600;

export interface CurrentSample {
  t: number;
  value: number | null;
}

export interface StateSegment {
  /** Start of the first interval and end of the last (epoch seconds, interval-aligned). */
  from: number;
  to: number;
  state: RunState;
}

/**
 * The timeline of one current in intervals of `interval` seconds (aligned to epoch multiples, which
 * are China-time aligned too for 10 minutes): consecutive intervals with the same state are merged;
 * an interval without a value is 'unknown'. Covers [from, to) entirely.
 */
export function runningTimeline(
  samples: readonly CurrentSample[],
  threshold: number,
  from: number,
  to: number,
  interval = RUNNING_INTERVAL_SECONDS,
): StateSegment[] {
  const start = Math.floor(from / interval) * interval;
  const sums = new Map<number, { sum: number; n: number }>();
  for (const s of samples) {
    if (s.value === null || !Number.isFinite(s.value) || s.t < start || s.t >= to) continue;
    const slot = Math.floor(s.t / interval) * interval;
    const acc = sums.get(slot) ?? { sum: 0, n: 0 };
    acc.sum += s.value;
    acc.n += 1;
    sums.set(slot, acc);
  }
  const segments: StateSegment[] = [];
  for (let slot = start; slot < to; slot += interval) {
    const acc = sums.get(slot);
    const state = acc === undefined ? 'unknown' : stateOfCurrent(acc.sum / acc.n, threshold);
    const last = segments[segments.length - 1];
    if (last !== undefined && last.state === state) last.to = slot + interval;
    else segments.push({ from: slot, to: slot + interval, state });
  }
  return segments;
}
