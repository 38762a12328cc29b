import { roundHalfUp } from '../numbers';
import { isValidSample, type TelemetrySample } from './aggregate';

/**
 * Alarm rules, evaluated one value at a time. The state of a (device, rule) pair is plain JSON, so the
 * caller can keep it anywhere; every call returns the next state and a verdict:
 *
 * - `raise`: the condition just became true (open an alarm);
 * - `hold`: it is still true (count a repeat — or open an alarm if none is open, e.g. after a restart);
 * - `clear`: it just ended (clear the alarm automatically);
 * - `none`: nothing to do. `none` never ends anything: `state.active` says whether the condition is on.
 *
 * Values with an invalid flag (anything but N), without a finite value, or not newer than the last value
 * seen (a resend, or out of order) are ignored: the state is unchanged and the verdict is `none`.
 */

export type AlarmRuleKind =
  | 'over_limit'
  | 'rate_of_change'
  | 'constant'
  | 'out_of_range'
  | 'offline'
  | 'fume_over'
  | 'purifier_off';

/**
 * Kinds judged over several values or factors by a sector module (the smoke module's detectors in
 * ../smoke), not value by value here: the engine leaves them to that module, which reports verdicts.
 */
export const SECTOR_RULE_KINDS: ReadonlySet<AlarmRuleKind> = new Set(['fume_over', 'purifier_off']);
export type AlarmLevel = 1 | 2 | 3 | 4;

export const ALARM_RULE_KINDS = {
  over_limit: { name: '超限', description: '数值高于限值，并持续达到设定时长' },
  rate_of_change: { name: '突变', description: '相邻两个数据（在时间窗内）之差的绝对值超过设定幅度' },
  constant: { name: '恒值', description: '连续若干个有效数据完全相同（保留 3 位小数后），疑似传感器卡死' },
  out_of_range: { name: '超出量程/负值', description: '数值低于下限或高于上限（如浓度为负、湿度超过 100%）' },
  offline: { name: '离线', description: '超过期望上报间隔仍未收到数据' },
  fume_over: { name: '油烟超标', description: '油烟浓度的时间窗均值（默认 10 分钟）超过排放限值' },
  purifier_off: { name: '净化器未开启', description: '风机运行而净化器电流低于运行阈值，持续达到设定时长' },
} as const satisfies Record<AlarmRuleKind, { name: string; description: string }>;

/** Fields as the rule table stores them: absent parameters may be undefined or null. */
export interface AlarmRule {
  id: string;
  kind: AlarmRuleKind;
  factor?: string | null;
  level: AlarmLevel;
  /** over_limit: the limit; rate_of_change: the largest allowed change between two values. */
  threshold?: number | null;
  /** out_of_range: lowest / highest possible value (either may be absent, not both). */
  low?: number | null;
  high?: number | null;
  /** over_limit: how long the value must stay above the limit (0 or absent: at once). */
  durationSeconds?: number | null;
  /** rate_of_change: two values further apart than this are not compared. */
  windowSeconds?: number | null;
  /** constant: how many equal consecutive values make a stuck sensor (at least 2). */
  count?: number | null;
}

export type AlarmVerdict = 'raise' | 'hold' | 'clear' | 'none';

/** Serialisable per (device, rule) state; start with {@link initialRuleState}. */
export interface RuleState {
  /** Whether the condition is currently true (raised and not yet cleared). */
  active: boolean;
  /** Time and value of the last valid value evaluated. */
  lastT: number | null;
  lastValue: number | null;
  /** over_limit: time of the first value of the current run above the limit. */
  since: number | null;
  /** constant: length of the current run of equal values (rounded to 3 decimals). */
  run: number;
}

export interface FactorLabel {
  /** e.g. 'PM2.5'; defaults to the rule's factor code. */
  label?: string;
  /** e.g. 'μg/m³'. */
  unit?: string;
}

export interface EvaluateOptions extends FactorLabel {
  /**
   * The interval each value stands for (seconds, default 60): a value stamped t covers (t − interval, t],
   * so 10 consecutive minute values above the limit span 10 minutes.
   */
  intervalSeconds?: number;
}

export interface Evaluation {
  state: RuleState;
  verdict: AlarmVerdict;
  /** The value evaluated, when it was a valid one. */
  value?: number;
  /** Chinese, for the alarm and the notice. */
  message: string;
}

export function initialRuleState(): RuleState {
  return { active: false, lastT: null, lastValue: null, since: null, run: 0 };
}

const present = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x);

/** What is wrong with a rule (Chinese), empty when it can fire. The same checks as the rule form's. */
export function checkAlarmRule(rule: AlarmRule): string[] {
  const problems: string[] = [];
  if (rule.kind !== 'offline' && (rule.factor ?? '') === '') problems.push('请选择监测因子');
  switch (rule.kind) {
    case 'over_limit':
      if (!present(rule.threshold)) problems.push('请填写限值');
      if (present(rule.durationSeconds) && rule.durationSeconds < 0) problems.push('持续时间不能为负');
      break;
    case 'rate_of_change':
      if (!present(rule.threshold)) problems.push('请填写变化幅度');
      else if (rule.threshold < 0) problems.push('变化幅度不能为负');
      if (!present(rule.windowSeconds)) problems.push('请填写时间窗');
      else if (rule.windowSeconds <= 0) problems.push('时间窗应大于 0');
      break;
    case 'constant':
      if (!present(rule.count)) problems.push('请填写连续个数');
      else if (!Number.isInteger(rule.count) || rule.count < 2) problems.push('连续个数至少为 2');
      break;
    case 'out_of_range':
      if (!present(rule.low) && !present(rule.high)) problems.push('下限与上限至少填一个');
      if (present(rule.low) && present(rule.high) && rule.low >= rule.high) problems.push('上限应大于下限');
      break;
    case 'fume_over':
      if (!present(rule.threshold) || rule.threshold <= 0) problems.push('请填写排放限值');
      break;
    case 'purifier_off':
      if (!present(rule.threshold) || rule.threshold <= 0) problems.push('请填写净化器运行电流阈值');
      break;
    case 'offline':
      break;
  }
  return problems;
}

function assertRule(rule: AlarmRule): void {
  const problems = checkAlarmRule(rule);
  if (problems.length > 0) throw new RangeError(`告警规则 ${rule.id} 无效：${problems.join('；')}`);
}

// --- Message text ------------------------------------------------------------------------------

/** A number as a message shows it: at most 3 decimals, no trailing zeros. */
export function formatAlarmNumber(value: number): string {
  return String(roundHalfUp(value, 3));
}

function withUnit(value: number, unit: string | undefined): string {
  const n = formatAlarmNumber(value);
  if (unit === undefined || unit === '') return n;
  return unit === '%' || unit === '°' ? `${n}${unit}` : `${n} ${unit}`;
}

/** '10 分钟', '1 小时 30 分钟', '45 秒'. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} 秒`;
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (hours === 0) return `${minutes} 分钟`;
  return minutes === 0 ? `${hours} 小时` : `${hours} 小时 ${minutes} 分钟`;
}

/** The factor's name, followed by a space when it ends in a Latin letter or digit ('PM2.5 超过', '湿度超过'). */
function subject(rule: AlarmRule, options: FactorLabel): string {
  const label = options.label ?? rule.factor ?? '数值';
  return /[!-~]$/.test(label) ? `${label} ` : label;
}

// --- Evaluation --------------------------------------------------------------------------------

function verdictOf(wasActive: boolean, isTrue: boolean): AlarmVerdict {
  if (isTrue) return wasActive ? 'hold' : 'raise';
  return wasActive ? 'clear' : 'none';
}

function ignored(state: RuleState, message: string): Evaluation {
  return { state, verdict: 'none', message };
}

/**
 * Evaluates one value of the rule's factor against the rule (the caller picks the values of that factor).
 * Offline rules are not evaluated here — see {@link evaluateOffline}; they always give `none`.
 */
export function evaluate(
  rule: AlarmRule,
  state: RuleState,
  sample: TelemetrySample,
  options: EvaluateOptions = {},
): Evaluation {
  assertRule(rule);
  if (rule.kind === 'offline') return ignored(state, '离线告警由在线状态判断');
  if (!isValidSample(sample)) {
    const flag = sample.flag ?? 'N';
    return ignored(state, flag === 'N' ? '无有效数值，不参与告警判断' : `数据标记为 ${flag}，不参与告警判断`);
  }
  if (!Number.isFinite(sample.t)) throw new RangeError(`sample time must be finite, got ${sample.t}`);
  if (state.lastT !== null && sample.t <= state.lastT) return ignored(state, '数据时间不晚于已判断的数据，忽略');

  const v = sample.value;
  const who = subject(rule, options);
  const now = `当前 ${formatAlarmNumber(v)}`;
  const moved: RuleState = { ...state, lastT: sample.t, lastValue: v };
  const done = (isTrue: boolean, next: RuleState, message: string): Evaluation => {
    const verdict = verdictOf(state.active, isTrue);
    return { state: { ...next, active: isTrue }, verdict, value: v, message };
  };

  switch (rule.kind) {
    case 'over_limit': {
      const threshold = rule.threshold ?? 0;
      const limit = `限值 ${withUnit(threshold, options.unit)}`;
      if (v <= threshold) {
        const next = { ...moved, since: null };
        return done(false, next, state.active ? `${who}回落至${limit} 以下，${now}` : `${who}未超过${limit}，${now}`);
      }
      const interval = options.intervalSeconds ?? 60;
      if (!Number.isFinite(interval) || interval <= 0) throw new RangeError(`intervalSeconds must be positive`);
      const since = state.since ?? sample.t;
      const span = sample.t - since + interval;
      const duration = rule.durationSeconds ?? 0;
      const next = { ...moved, since };
      if (span < duration) {
        return done(
          false,
          next,
          `${who}超过${limit} 已 ${formatDuration(span)}，未达 ${formatDuration(duration)}，${now}`,
        );
      }
      const lasting = duration > 0 ? ` 持续 ${formatDuration(span)}` : '';
      return done(true, next, `${who}超过${limit}${lasting}，${now}`);
    }
    case 'rate_of_change': {
      const threshold = rule.threshold ?? 0;
      const window = rule.windowSeconds ?? 0;
      if (state.lastT === null || state.lastValue === null || sample.t - state.lastT > window) {
        return done(false, moved, `${who}无可比较的前一数据（${formatDuration(window)}内），${now}`);
      }
      const delta = v - state.lastValue;
      const change = `${formatDuration(sample.t - state.lastT)}内变化 ${withUnit(Math.abs(delta), options.unit)}（${formatAlarmNumber(state.lastValue)} → ${formatAlarmNumber(v)}）`;
      if (Math.abs(delta) > threshold) {
        return done(true, moved, `${who}${change}，超过突变幅度 ${withUnit(threshold, options.unit)}`);
      }
      return done(false, moved, state.active ? `${who}变化恢复平稳，${change}` : `${who}${change}`);
    }
    case 'constant': {
      const count = rule.count ?? 2;
      const same = state.lastValue !== null && roundHalfUp(state.lastValue, 3) === roundHalfUp(v, 3);
      const run = same ? state.run + 1 : 1;
      const next = { ...moved, run };
      if (run >= count) return done(true, next, `${who}连续 ${run} 个数据恒为 ${formatAlarmNumber(v)}，疑似传感器故障`);
      return done(false, next, state.active ? `${who}数值恢复变化，${now}` : `${who}连续 ${run} 个数据相同，${now}`);
    }
    case 'out_of_range': {
      const low = rule.low ?? null;
      const high = rule.high ?? null;
      if (low !== null && v < low) {
        const what = low === 0 ? '出现负值' : `低于量程下限 ${withUnit(low, options.unit)}`;
        return done(true, moved, `${who}${what}，${now}`);
      }
      if (high !== null && v > high) {
        return done(true, moved, `${who}高于量程上限 ${withUnit(high, options.unit)}，${now}`);
      }
      return done(false, moved, state.active ? `${who}恢复至量程以内，${now}` : `${who}在量程以内，${now}`);
    }
    case 'fume_over':
    case 'purifier_off':
      return ignored(state, '由油烟监测模块按时间窗判断');
  }
}

export interface OfflineEvaluation {
  verdict: AlarmVerdict;
  message: string;
}

/**
 * An offline rule, from the online state before and after a check: went offline → raise, still offline
 * → hold, came back → clear, still online → none. A device that has never reported is not alarmed: the
 * caller does not evaluate it (or passes wasOnline = isOnline = true). `silentSeconds`, when given, is
 * told in the message.
 */
export function evaluateOffline(
  rule: AlarmRule,
  wasOnline: boolean,
  isOnline: boolean,
  details: { silentSeconds?: number } = {},
): OfflineEvaluation {
  if (rule.kind !== 'offline') throw new RangeError(`rule ${rule.id} is ${rule.kind}, not offline`);
  const silent = details.silentSeconds === undefined ? '' : `（已 ${formatDuration(details.silentSeconds)}未收到数据）`;
  const verdict = verdictOf(!wasOnline, !isOnline);
  switch (verdict) {
    case 'raise':
      return { verdict, message: `设备离线${silent}` };
    case 'hold':
      return { verdict, message: `设备仍离线${silent}` };
    case 'clear':
      return { verdict, message: '设备恢复在线' };
    case 'none':
      return { verdict, message: '设备在线' };
  }
}
