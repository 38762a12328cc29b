import { roundHalfUp } from '../numbers';
import { type MeterState, type MeterThresholds, meterState } from './running-state';

/**
 * The core detector of 分表计电: a treatment facility must run while the production lines it serves
 * run. Two findings per instant (the minimum duration is applied over a series, below, and by the
 * alarm rule's duration in the alarm lifecycle):
 *
 * - 生产运行、治污停运: at least one served line runs while the facility is stopped or on standby;
 * - 治污低负荷: a line runs and the facility runs, but below `minLoadPercent` % of its rated power
 *   (a fan on its lowest step, a bypassed RTO burner) — the usual evasion once plain stops are watched.
 */

export interface LinkageInput {
  /** The states of the served lines' meters at the instant (unknown ones do not count as running). */
  lines: readonly MeterState[];
  treatment: { powerKw: number | null; thresholds: MeterThresholds; ratedKw: number | null };
  /** Percent of the rated power below which a running facility is under-loaded. */
  minLoadPercent: number;
}

export interface LinkageFinding {
  productionRunning: boolean;
  treatmentState: MeterState;
  /** Treatment power as % of its rated power (1 decimal), null without a rated power or reading. */
  loadPercent: number | null;
  treatmentStopped: boolean;
  underLoaded: boolean;
}

export function linkageAt(input: LinkageInput): LinkageFinding {
  const productionRunning = input.lines.some((s) => s === 'running');
  const { powerKw, thresholds, ratedKw } = input.treatment;
  const treatmentState = meterState(powerKw, thresholds);
  const loadPercent =
    powerKw !== null && Number.isFinite(powerKw) && ratedKw !== null && ratedKw > 0
      ? roundHalfUp((powerKw / ratedKw) * 100, 1)
      : null;
  const treatmentStopped = productionRunning && (treatmentState === 'stopped' || treatmentState === 'standby');
  const underLoaded =
    productionRunning && treatmentState === 'running' && loadPercent !== null && loadPercent < input.minLoadPercent;
  return { productionRunning, treatmentState, loadPercent, treatmentStopped, underLoaded };
}

export interface FlagPoint {
  t: number;
  /** null: no data at that instant (breaks an episode). */
  flag: boolean | null;
}

export interface Episode {
  start: number;
  /** The last flagged instant plus one interval: the episode covers [start, end). */
  end: number;
  durationSeconds: number;
}

/**
 * The episodes of a flag series (sorted by time) that last at least `minDurationSeconds`: runs of
 * consecutive true points, each point standing for one reporting interval. A gap longer than one
 * interval, a false or a missing point ends a run — an episode is never stitched over missing data.
 */
export function episodesOf(
  points: readonly FlagPoint[],
  intervalSeconds: number,
  minDurationSeconds: number,
): Episode[] {
  if (!(intervalSeconds > 0)) throw new RangeError(`interval must be positive, got ${intervalSeconds}`);
  const episodes: Episode[] = [];
  let start: number | null = null;
  let last: number | null = null;
  const close = () => {
    if (start !== null && last !== null) {
      const end = last + intervalSeconds;
      if (end - start >= minDurationSeconds) episodes.push({ start, end, durationSeconds: end - start });
    }
    start = null;
    last = null;
  };
  for (const p of points) {
    if (last !== null && p.t <= last) throw new RangeError('flag points must be sorted by time without repeats');
    if (p.flag !== true) {
      close();
      if (p.flag === false || p.flag === null) last = null;
      continue;
    }
    if (start !== null && last !== null && p.t - last > intervalSeconds) close();
    if (start === null) start = p.t;
    last = p.t;
  }
  close();
  return episodes;
}
