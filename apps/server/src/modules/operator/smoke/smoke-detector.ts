import {
  DEFAULT_CURRENT_THRESHOLDS,
  type FumeMeanState,
  formatAlarmNumber,
  initialFumeMeanState,
  initialPurifierOffState,
  type PurifierOffState,
  stepFumeMean,
  stepPurifierOff,
} from '@lantian/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { CommittedBatch } from '../devices';

/** The alarm engine's side the detector uses: the S01 rules, and verdicts reported back. */
export interface SmokeAlarmSink {
  rulesApplying(
    deviceId: number,
    type: string,
  ): ReadonlyArray<{
    id: number;
    kind: string;
    threshold: number | null;
    window_seconds: number | null;
    duration_seconds: number | null;
  }>;
  report(
    ruleId: number,
    deviceId: number,
    verdict: 'raise' | 'hold' | 'clear' | 'none',
    value: number | null,
    message: string,
    at: number,
  ): Promise<void>;
}

interface Minute {
  t: number;
  oilFume: number | null;
  fan: number | null;
  purifier: number | null;
}

const usable = (value: number | null, flag: string | null) =>
  value !== null && Number.isFinite(value) && (flag === null || flag === 'N') ? value : null;

/**
 * Runs the smoke detectors of packages/domain on every committed minute of the S01 loggers: the
 * 10-minute mean over the limit (`fume_over` rules) and the fan running with the purifier off
 * (`purifier_off` rules). The verdicts go to the shared alarm engine, which keeps the lifecycle (one
 * open alarm per device and rule, automatic clear, notices, 告警中心). State is per instance, like the
 * engine's: a logger is on one connection, so one instance judges it.
 */
export class SmokeDetector {
  private readonly fume = new Map<string, FumeMeanState>();
  private readonly purifier = new Map<string, PurifierOffState>();

  constructor(
    private readonly sink: SmokeAlarmSink,
    private readonly isMonitor: (deviceId: number) => boolean,
    private readonly fanOnAmps: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Open alarms found at start: judged as holding, so that they can clear. */
  remember(open: ReadonlyArray<{ rule_id: number; device_id: number; kind: string }>): void {
    for (const alarm of open) {
      const key = `${alarm.rule_id}:${alarm.device_id}`;
      if (alarm.kind === 'fume_over') this.fume.set(key, { ...initialFumeMeanState(), active: true });
      if (alarm.kind === 'purifier_off') this.purifier.set(key, { ...initialPurifierOffState(), active: true });
    }
  }

  /** Forgets the state of a device and rule (an operator cleared the alarm by hand). */
  forget(ruleId: number, deviceId: number): void {
    this.fume.delete(`${ruleId}:${deviceId}`);
    this.purifier.delete(`${ruleId}:${deviceId}`);
  }

  committed(batch: CommittedBatch): void {
    const minutes = new Map<number, Map<number, Minute>>();
    for (const s of batch.samples) {
      if (s.resolution !== 'minute' || !this.isMonitor(s.deviceId)) continue;
      const byT = minutes.get(s.deviceId) ?? new Map<number, Minute>();
      minutes.set(s.deviceId, byT);
      const minute = byT.get(s.t) ?? { t: s.t, oilFume: null, fan: null, purifier: null };
      const value = usable(s.value, s.flag);
      if (s.factor === 'oilFume') minute.oilFume = value;
      else if (s.factor === 'fanCurrent') minute.fan = value;
      else if (s.factor === 'purifierCurrent') minute.purifier = value;
      byT.set(s.t, minute);
    }
    for (const [deviceId, byT] of minutes) {
      for (const minute of [...byT.values()].sort((a, b) => a.t - b.t)) this.judge(deviceId, minute);
    }
  }

  private judge(deviceId: number, minute: Minute): void {
    for (const rule of this.sink.rulesApplying(deviceId, 'S01')) {
      const key = `${rule.id}:${deviceId}`;
      if (rule.kind === 'fume_over' && rule.threshold !== null) {
        const window = rule.window_seconds ?? 600;
        const r = stepFumeMean(
          this.fume.get(key) ?? initialFumeMeanState(),
          { t: minute.t, value: minute.oilFume },
          rule.threshold,
          window,
        );
        this.fume.set(key, r.state);
        const limit = `限值 ${formatAlarmNumber(rule.threshold)} mg/m³`;
        const mean = r.mean === null ? '—' : `${formatAlarmNumber(Math.round(r.mean * 1000) / 1000)} mg/m³`;
        const message =
          r.verdict === 'clear'
            ? `油烟浓度 ${window / 60} 分钟均值回落至${limit}以下，当前均值 ${mean}`
            : `油烟浓度 ${window / 60} 分钟均值 ${mean}，超过${limit}`;
        this.send(rule.id, deviceId, r.verdict, r.mean, message, minute.t);
      }
      if (rule.kind === 'purifier_off' && rule.threshold !== null) {
        const minSeconds = rule.duration_seconds ?? 600;
        const r = stepPurifierOff(
          this.purifier.get(key) ?? initialPurifierOffState(),
          { t: minute.t, fan: minute.fan, purifier: minute.purifier },
          { fanOn: this.fanOnAmps, purifierOn: rule.threshold },
          minSeconds,
        );
        this.purifier.set(key, r.state);
        const message =
          r.verdict === 'clear'
            ? `净化器已开启或风机已停止（净化器电流 ${formatAlarmNumber(minute.purifier ?? 0)} A）`
            : `风机运行（${formatAlarmNumber(minute.fan ?? 0)} A）而净化器未开启（${formatAlarmNumber(minute.purifier ?? 0)} A < ${formatAlarmNumber(rule.threshold)} A），已持续 ${Math.round(r.heldSeconds / 60)} 分钟`;
        this.send(rule.id, deviceId, r.verdict, minute.purifier, message, minute.t);
      }
    }
  }

  private send(
    ruleId: number,
    deviceId: number,
    verdict: 'raise' | 'hold' | 'clear' | 'none',
    value: number | null,
    message: string,
    at: number,
  ): void {
    if (verdict === 'none') return;
    this.sink
      .report(ruleId, deviceId, verdict, value === null ? null : Math.round(value * 1000) / 1000, message, at)
      .catch((err: unknown) => this.log.error({ err, deviceId }, 'smoke alarm report failed'));
  }
}

export const DEFAULT_FAN_ON_AMPS = DEFAULT_CURRENT_THRESHOLDS.fanOn;
