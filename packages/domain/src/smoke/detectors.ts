import { RUNNING_INTERVAL_SECONDS } from './running';

/**
 * Detectors of the smoke monitors, fed with one logger's minutes in time order. Each keeps a small
 * serialisable state and gives a verdict in the alarm lifecycle's terms: raise (the condition has just
 * become true), hold (still true), clear (no longer true), none (still false).
 */
export type DetectorVerdict = 'raise' | 'hold' | 'clear' | 'none';

function verdictOf(wasActive: boolean, isActive: boolean): DetectorVerdict {
  if (isActive) return wasActive ? 'hold' : 'raise';
  return wasActive ? 'clear' : 'none';
}

// --- Over the limit: the 10-minute mean -----------------------------------------------------------

export interface FumeMeanState {
  /** The minutes of the current window (t, value), oldest first. */
  window: Array<{ t: number; v: number }>;
  active: boolean;
  lastT: number | null;
}

export const initialFumeMeanState = (): FumeMeanState => ({ window: [], active: false, lastT: null });

export interface FumeMeanResult {
  state: FumeMeanState;
  verdict: DetectorVerdict;
  /** The mean of the window (mg/m³), null until the window holds half its minutes. */
  mean: number | null;
}

/**
 * GB 18483 judges the mean over a sampling period, not a single reading: the alarm is on the mean of
 * the trailing `windowSeconds` (10 minutes), and only once the window holds at least half of the
 * expected minutes, so a lone spike after a gap does not raise. A value not later than the last is
 * ignored (a resent packet).
 */
export function stepFumeMean(
  state: FumeMeanState,
  sample: { t: number; value: number | null },
  limit: number,
  windowSeconds = RUNNING_INTERVAL_SECONDS,
  intervalSeconds = 60,
): FumeMeanResult {
  if (sample.value === null || !Number.isFinite(sample.value) || (state.lastT !== null && sample.t <= state.lastT)) {
    return { state, verdict: state.active ? 'hold' : 'none', mean: meanOf(state.window) };
  }
  const window = [...state.window, { t: sample.t, v: sample.value }].filter((p) => p.t > sample.t - windowSeconds);
  const mean = window.length * intervalSeconds * 2 >= windowSeconds ? meanOf(window) : null;
  // Too few minutes to judge: keep what was decided, neither raise nor clear on thin evidence.
  const active = mean === null ? state.active : mean > limit;
  return { state: { window, active, lastT: sample.t }, verdict: verdictOf(state.active, active), mean };
}

function meanOf(points: ReadonlyArray<{ v: number }>): number | null {
  if (points.length === 0) return null;
  return points.reduce((s, p) => s + p.v, 0) / points.length;
}

// --- Fan on, purifier off -------------------------------------------------------------------------

export interface PurifierOffState {
  /** Since when the fan has run with the purifier off (null: not now). */
  since: number | null;
  active: boolean;
  lastT: number | null;
}

export const initialPurifierOffState = (): PurifierOffState => ({ since: null, active: false, lastT: null });

export interface PurifierOffResult {
  state: PurifierOffState;
  verdict: DetectorVerdict;
  /** How long the condition has held (seconds), 0 when it does not. */
  heldSeconds: number;
}

/**
 * The purifier is bypassed: the fan draws its running current while the purifier's stays below its
 * threshold, for at least `minSeconds`. A minute without either current says nothing (kept as is).
 */
export function stepPurifierOff(
  state: PurifierOffState,
  sample: { t: number; fan: number | null; purifier: number | null },
  thresholds: { fanOn: number; purifierOn: number },
  minSeconds: number,
): PurifierOffResult {
  const { fan, purifier } = sample;
  if (fan === null || purifier === null || (state.lastT !== null && sample.t <= state.lastT)) {
    const held = state.since === null || state.lastT === null ? 0 : state.lastT - state.since;
    return { state, verdict: state.active ? 'hold' : 'none', heldSeconds: held };
  }
  const bypassed = fan >= thresholds.fanOn && purifier < thresholds.purifierOn;
  const since = bypassed ? (state.since ?? sample.t) : null;
  const heldSeconds = since === null ? 0 : sample.t - since;
  const active = bypassed && heldSeconds >= minSeconds;
  return {
    state: { since, active, lastT: sample.t },
    verdict: verdictOf(state.active, active),
    heldSeconds,
  };
}

// --- Minutes over the limit per day ---------------------------------------------------------------

/**
 * Over-limit minutes of a series: every 10-minute interval whose mean exceeds the limit counts its
 * full 10 minutes (the same judgement as the alarm's, on fixed intervals so that a day's figure
 * does not depend on when it is asked).
 */
export function overLimitMinutes(
  samples: ReadonlyArray<{ t: number; value: number | null }>,
  limit: number,
  interval = RUNNING_INTERVAL_SECONDS,
): number {
  const sums = new Map<number, { sum: number; n: number }>();
  for (const s of samples) {
    if (s.value === null || !Number.isFinite(s.value)) continue;
    const slot = Math.floor(s.t / interval);
    const acc = sums.get(slot) ?? { sum: 0, n: 0 };
    acc.sum += s.value;
    acc.n += 1;
    sums.set(slot, acc);
  }
  let slots = 0;
  for (const acc of sums.values()) if (acc.sum / acc.n > limit) slots += 1;
  return (slots * interval) / 60;
}
