/**
 * 分表计电 (enterprise electricity monitoring): a meter on a production line or a treatment
 * facility (治污设施) tells whether the equipment runs. The state follows from the active power against
 * two per-meter thresholds, as the provincial 用电监控 technical specifications do it (e.g. 江苏
 * DB32/T 4040 and 浙江 "污染源用电监控" guidance: 停机 / 待机 / 运行 by power bands set per meter at
 * commissioning, because an idle kiln and an idle spray booth draw very different standby loads).
 */

export type MeterState = 'stopped' | 'standby' | 'running' | 'unknown';

export const METER_STATE_NAMES: Record<MeterState, string> = {
  stopped: '停机',
  standby: '待机',
  running: '运行',
  unknown: '无数据',
};

export interface MeterThresholds {
  /** Below this (kW) the equipment is stopped (only the meter's own or control power flows). */
  standbyKw: number;
  /** At or above this (kW) it runs; between the two it stands by. */
  runningKw: number;
}

/** What is wrong with a pair of thresholds (Chinese), empty when usable. */
export function checkThresholds(t: MeterThresholds): string[] {
  const problems: string[] = [];
  if (!Number.isFinite(t.standbyKw) || t.standbyKw < 0) problems.push('待机功率阈值应为不小于 0 的数');
  if (!Number.isFinite(t.runningKw) || t.runningKw <= 0) problems.push('运行功率阈值应大于 0');
  if (problems.length === 0 && t.runningKw < t.standbyKw) problems.push('运行功率阈值不能小于待机功率阈值');
  return problems;
}

/** The equipment's state from one power reading (kW); null or a non-finite reading is unknown. */
export function meterState(powerKw: number | null | undefined, t: MeterThresholds): MeterState {
  if (powerKw === null || powerKw === undefined || !Number.isFinite(powerKw)) return 'unknown';
  if (powerKw >= t.runningKw) return 'running';
  if (powerKw >= t.standbyKw) return 'standby';
  return 'stopped';
}

/**
 * A reading older than this many reporting intervals no longer says what runs now: a meter that went
 * silent is "unknown", never "still running" (a silent treatment meter is an offline alarm, not a
 * production-vs-treatment one).
 */
export const FRESH_INTERVALS = 2;

export function isFresh(readingT: number, at: number, intervalSeconds: number): boolean {
  return at - readingT <= FRESH_INTERVALS * intervalSeconds && readingT <= at;
}
