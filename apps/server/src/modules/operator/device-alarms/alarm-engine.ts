import {
  type AlarmRule,
  evaluate,
  evaluateOffline,
  expectedIntervalOf,
  initialRuleState,
  type RuleState,
  SECTOR_RULE_KINDS,
} from '@lantian/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { CommittedBatch, StatusChange } from '../devices';
import type { AlarmRecord, AlarmsRepository, RuleRecord } from './alarms.repository';

/** What the engine knows of a device: its type, area and reporting interval (from the registry). */
export interface EngineDevice {
  type: string;
  areaCode: string;
  intervalSeconds: number | null;
}

export interface EngineHooks {
  device(id: number): EngineDevice | undefined;
  factorLabel(code: string): Promise<{ label: string; unit: string } | undefined>;
  /** An alarm was raised, repeated (first repeat only) or cleared by the engine. */
  changed(action: 'raise' | 'clear', alarmId: number): Promise<void>;
  /**
   * Tells the other instances' engines (the shared state's channel) what an operator changed here:
   * `rules` (reload them) or `forget:<ruleId>:<deviceId>` (an alarm cleared by hand). They hand it to
   * `heard`. A device is evaluated by the instance it is connected to, which may not be this one.
   */
  announce?(message: string): Promise<void>;
}

export function ruleOf(row: RuleRecord): AlarmRule {
  return {
    id: String(row.id),
    kind: row.kind as AlarmRule['kind'],
    factor: row.factor,
    level: row.level as AlarmRule['level'],
    threshold: row.threshold,
    low: row.low,
    high: row.high,
    durationSeconds: row.duration_seconds,
    windowSeconds: row.window_seconds,
    count: row.count,
  };
}

/** Repeats are written at most this often per alarm (the count is kept in memory between). */
const REPEAT_WRITE_SECONDS = 60;

/**
 * Turns committed values and online changes into alarms with the rules (packages/domain telemetry
 * rules): one evaluation state per device and rule in memory, one open alarm per device and rule in
 * the database (raise, repeat counted, automatic clear when the condition ends). Work is queued and
 * done in order, behind the gateway's answers, so that alarm evaluation never slows ingestion.
 */
export class AlarmEngine {
  private rules: RuleRecord[] = [];
  private readonly states = new Map<string, RuleState>();
  private readonly open = new Map<string, { id: number; count: number; writtenAt: number; value: number | null }>();
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly repository: AlarmsRepository,
    private readonly hooks: EngineHooks,
    private readonly log: FastifyBaseLogger,
  ) {}

  async load(): Promise<void> {
    this.rules = (await this.repository.rules()).filter((r) => r.enabled === 1);
    this.open.clear();
    for (const alarm of await this.repository.open()) this.remember(alarm);
  }

  private remember(alarm: AlarmRecord): void {
    const key = `${alarm.rule_id}:${alarm.device_id}`;
    this.open.set(key, { id: alarm.id, count: alarm.count, writtenAt: alarm.last_at, value: alarm.value });
    // An open alarm means the condition held when we stopped: start from "active" so it can clear.
    this.states.set(key, { ...initialRuleState(), active: true });
  }

  async reloadRules(): Promise<void> {
    await this.enqueue(async () => {
      this.rules = (await this.repository.rules()).filter((r) => r.enabled === 1);
    });
  }

  /** Forget an alarm an operator cleared: the next value that meets the condition raises a new one. */
  forget(ruleId: number, deviceId: number): void {
    const key = `${ruleId}:${deviceId}`;
    this.open.delete(key);
    this.states.delete(key);
  }

  /** An operator changed the rules: reload them here, and tell the other instances. */
  async rulesChanged(): Promise<void> {
    await this.reloadRules();
    await this.tell('rules');
  }

  /** An operator cleared an alarm: forget it here and on the other instances. */
  async clearedByHand(ruleId: number, deviceId: number): Promise<void> {
    this.forget(ruleId, deviceId);
    await this.tell(`forget:${ruleId}:${deviceId}`);
  }

  /** A message another instance announced (our own come back too, and are harmless). */
  heard(message: string): void {
    if (message === 'rules') {
      this.reloadRules().catch((err: unknown) => this.log.error({ err }, 'alarm rules reload failed'));
      return;
    }
    const forget = /^forget:(\d+):(\d+)$/.exec(message);
    if (forget !== null) this.forget(Number(forget[1]), Number(forget[2]));
  }

  private async tell(message: string): Promise<void> {
    try {
      await this.hooks.announce?.(message);
    } catch (err) {
      this.log.warn({ err }, 'could not tell the other instances of an alarm change');
    }
  }

  private rulesFor(deviceId: number, type: string): RuleRecord[] {
    return this.rules.filter(
      (r) => (r.device_type === null || r.device_type === type) && (r.device_id === null || r.device_id === deviceId),
    );
  }

  rulesApplying(deviceId: number, type: string): RuleRecord[] {
    return this.rulesFor(deviceId, type);
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    this.chain = this.chain.then(task).catch((err: unknown) => this.log.error({ err }, 'alarm evaluation failed'));
    return this.chain;
  }

  /** Settles when everything queued so far is done (tests, shutdown). */
  idle(): Promise<void> {
    return this.chain;
  }

  committed(batch: CommittedBatch): void {
    void this.enqueue(async () => {
      for (const sample of batch.samples) {
        if (sample.resolution === 'day') continue;
        const device = this.hooks.device(sample.deviceId);
        if (device === undefined) continue;
        for (const rule of this.rulesFor(sample.deviceId, device.type)) {
          if (rule.kind === 'offline' || rule.factor !== sample.factor) continue;
          if (SECTOR_RULE_KINDS.has(rule.kind as AlarmRule['kind'])) continue;
          const key = `${rule.id}:${sample.deviceId}`;
          const label = await this.hooks.factorLabel(sample.factor);
          const result = evaluate(ruleOf(rule), this.states.get(key) ?? initialRuleState(), sample, {
            ...(label === undefined ? {} : { label: label.label, unit: label.unit }),
            intervalSeconds:
              sample.resolution === 'hour' ? 3600 : expectedIntervalOf(device.type, device.intervalSeconds),
          });
          this.states.set(key, result.state);
          await this.apply(
            rule,
            sample.deviceId,
            device,
            result.verdict,
            result.value ?? null,
            result.message,
            sample.t,
          );
        }
      }
    });
  }

  /**
   * A verdict a sector module reached with its own detector (a rule of one of SECTOR_RULE_KINDS):
   * applied like the engine's own, in the same queue, so the lifecycle and the one-open-alarm rule hold.
   */
  report(
    ruleId: number,
    deviceId: number,
    verdict: 'raise' | 'hold' | 'clear' | 'none',
    value: number | null,
    message: string,
    at: number,
  ): Promise<void> {
    return this.enqueue(async () => {
      const device = this.hooks.device(deviceId);
      const rule = this.rules.find((r) => r.id === ruleId);
      if (device === undefined || rule === undefined) return;
      await this.apply(rule, deviceId, device, verdict, value, message, at);
    });
  }

  statusChanged(changes: readonly StatusChange[]): void {
    void this.enqueue(async () => {
      for (const change of changes) {
        if (change.from === 'never' && change.to !== 'offline') continue;
        const device = this.hooks.device(change.deviceId);
        if (device === undefined) continue;
        for (const rule of this.rulesFor(change.deviceId, device.type)) {
          if (rule.kind !== 'offline') continue;
          const result = evaluateOffline(ruleOf(rule), change.from === 'online', change.to === 'online');
          await this.apply(rule, change.deviceId, device, result.verdict, null, result.message, change.at);
        }
      }
    });
  }

  private async apply(
    rule: RuleRecord,
    deviceId: number,
    device: EngineDevice,
    verdict: 'raise' | 'hold' | 'clear' | 'none',
    value: number | null,
    message: string,
    at: number,
  ): Promise<void> {
    const key = `${rule.id}:${deviceId}`;
    const open = this.open.get(key);
    if ((verdict === 'raise' || verdict === 'hold') && open === undefined) {
      const id = await this.repository.raise(
        {
          rule_id: rule.id,
          device_id: deviceId,
          area_code: device.areaCode,
          kind: rule.kind,
          level: rule.level,
          factor: rule.factor,
          status: 'active',
          message: message.slice(0, 300),
          value,
          first_at: at,
          last_at: at,
          count: 1,
          ack_by: null,
          ack_at: null,
          ack_note: null,
          cleared_by: null,
          cleared_at: null,
          clear_mode: null,
          clear_note: null,
        },
        { at, action: 'raise', actor: 'system', note: message.slice(0, 300) },
      );
      if (id === undefined) {
        const existing = await this.repository.openFor(rule.id, deviceId);
        if (existing !== undefined) this.remember(existing);
        return;
      }
      this.open.set(key, { id, count: 1, writtenAt: at, value });
      await this.hooks.changed('raise', id);
      return;
    }
    if (verdict === 'hold' && open !== undefined) {
      open.count += 1;
      open.value = value;
      if (at - open.writtenAt >= REPEAT_WRITE_SECONDS) {
        open.writtenAt = at;
        await this.repository.update(open.id, {
          count: open.count,
          last_at: at,
          value,
          message: message.slice(0, 300),
        });
      }
      return;
    }
    if (verdict === 'clear' && open !== undefined) {
      this.open.delete(key);
      await this.repository.update(
        open.id,
        {
          status: 'cleared',
          cleared_by: 'system',
          cleared_at: at,
          clear_mode: 'auto',
          count: open.count,
          last_at: at,
          value: open.value,
        },
        { at, action: 'clear', actor: 'system', note: message.slice(0, 300) },
      );
      await this.hooks.changed('clear', open.id);
    }
  }
}
