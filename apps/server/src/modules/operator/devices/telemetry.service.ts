import {
  aggregateDay,
  aggregateHour,
  dayBucketOf,
  expectedIntervalOf,
  formatChinaDateTime,
  hourBucketOf,
  hoursOfDayBucket,
  type TelemetrySample,
  WIND_DIRECTION_FACTOR,
  WIND_SPEED_FACTOR,
} from '@lantian/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../platform/clock';
import type {
  DayRow,
  HourRow,
  LatestRow,
  MinuteRow,
  Resolution,
  SeenUpdate,
  TelemetryRepository,
} from './telemetry.repository';

/** One value of a packet, as the gateway parsed it. */
export interface IngestValue {
  factor: string;
  value: number | null;
  min?: number | null;
  max?: number | null;
  flag: string | null;
}

/**
 * One accepted packet of a known device: real-time (2011) and minute (2051) data become minute rows,
 * hour data (2061) hour rows, day data (2031) day rows; anything else (a heartbeat, a time request)
 * only tells that the device is alive.
 */
export interface IngestPacket {
  deviceId: number;
  cn: string;
  /** The packet's DataTime (epoch seconds), null for packets without data. */
  dataTime: number | null;
  receivedAt: number;
  values: IngestValue[];
}

/** A value that was committed, for those who react to new data (alarm rules, live screens). */
export interface CommittedSample {
  deviceId: number;
  factor: string;
  t: number;
  value: number | null;
  flag: string | null;
  resolution: Resolution;
}

export interface CommittedBatch {
  samples: CommittedSample[];
  /** Devices heard from in the batch, with the time of their last packet. */
  seen: Array<{ deviceId: number; at: number }>;
}

/** What the roll-up needs to know of a device: its reporting interval (how many minutes make an hour). */
export type IntervalOf = (deviceId: number) => { type: string; intervalSeconds: number | null } | undefined;

const HOUR = 3600;

/**
 * Device telemetry: commits the gateway's batches, rolls minutes up into hours and hours into days
 * with the validity rules (packages/domain telemetry), reads series and latest values, marks data
 * invalid, applies retention. Hour roll-ups run behind the writes (every `rollupMs`) over the hours
 * that received data, so that the gateway's path stays one transaction; at start the last hours of
 * every device are rolled up again, which repairs a crash between a commit and its roll-up.
 */
export class TelemetryService {
  private readonly listeners = new Set<(batch: CommittedBatch) => void>();
  /** `${deviceId}:${hourEnd}` of hours whose minutes changed since their last roll-up. */
  private readonly dirtyHours = new Set<string>();
  private counters = { packets: 0, values: 0 };

  constructor(
    private readonly repository: TelemetryRepository,
    private readonly intervalOf: IntervalOf,
    private readonly now: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  onCommitted(listener: (batch: CommittedBatch) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get totals() {
    return { ...this.counters };
  }

  /** Commits packets in one transaction; resolves only when they are durable. */
  async ingest(packets: readonly IngestPacket[]): Promise<CommittedBatch> {
    const minutes: MinuteRow[] = [];
    const hours: HourRow[] = [];
    const days: DayRow[] = [];
    const latest = new Map<string, LatestRow>();
    const seen = new Map<number, SeenUpdate>();
    const samples: CommittedSample[] = [];
    let values = 0;

    for (const packet of packets) {
      const s = seen.get(packet.deviceId) ?? {
        deviceId: packet.deviceId,
        lastSeen: packet.receivedAt,
        lastDataTime: null,
      };
      s.lastSeen = Math.max(s.lastSeen, packet.receivedAt);
      seen.set(packet.deviceId, s);
      const resolution = resolutionOf(packet.cn);
      if (resolution === null || packet.dataTime === null) continue;
      s.lastDataTime = Math.max(s.lastDataTime ?? 0, packet.dataTime);
      // HJ 212 stamps hour and day data with the START of the period; the platform labels hours by
      // their end (GUIDE §5) and days by the China day's start.
      const t =
        resolution === 'hour'
          ? packet.dataTime + HOUR
          : resolution === 'day'
            ? dayBucketOf(packet.dataTime + HOUR)
            : packet.dataTime;
      for (const v of packet.values) {
        values += 1;
        const base = {
          device_id: packet.deviceId,
          factor: v.factor,
          t,
          value: v.value,
          vmin: v.min ?? null,
          vmax: v.max ?? null,
        };
        const flagValid = v.flag === null || v.flag === 'N';
        if (resolution === 'minute') {
          minutes.push({ ...base, flag: v.flag });
          this.dirtyHours.add(`${packet.deviceId}:${hourBucketOf(t)}`);
        } else if (resolution === 'hour') {
          hours.push({
            ...base,
            flag: v.flag,
            valid_count: 1,
            sample_count: 1,
            valid: flagValid && v.value !== null ? 1 : 0,
            source: 'device',
          });
        } else {
          days.push({
            ...base,
            valid_count: 1,
            sample_count: 1,
            valid: flagValid && v.value !== null ? 1 : 0,
            source: 'device',
          });
        }
        const key = `${packet.deviceId}:${v.factor}`;
        const prior = latest.get(key);
        if (resolution !== 'day' && (prior === undefined || prior.t <= packet.dataTime)) {
          latest.set(key, {
            device_id: packet.deviceId,
            factor: v.factor,
            t: packet.dataTime,
            value: v.value,
            flag: v.flag,
          });
        }
        samples.push({ deviceId: packet.deviceId, factor: v.factor, t, value: v.value, flag: v.flag, resolution });
      }
    }

    await this.repository.commitBatch({
      minutes: dedupe(minutes),
      hours: dedupe(hours),
      days: dedupe(days),
      latest: [...latest.values()],
      seen: [...seen.values()],
    });
    this.counters.packets += packets.length;
    this.counters.values += values;
    const batch: CommittedBatch = {
      samples,
      seen: [...seen.values()].map((s) => ({ deviceId: s.deviceId, at: s.lastSeen })),
    };
    for (const listener of this.listeners) {
      try {
        listener(batch);
      } catch (err) {
        this.log.error({ err }, 'a telemetry listener failed');
      }
    }
    return batch;
  }

  async latest(deviceIds: readonly number[]): Promise<Map<number, LatestRow[]>> {
    const byDevice = new Map<number, LatestRow[]>();
    for (const row of await this.repository.latest(deviceIds)) {
      const list = byDevice.get(row.device_id);
      if (list === undefined) byDevice.set(row.device_id, [row]);
      else list.push(row);
    }
    return byDevice;
  }

  series(resolution: Resolution, deviceId: number, factors: readonly string[] | null, from: number, to: number) {
    return this.repository.series(resolution, deviceId, factors, from, to);
  }

  /** Marks the hours of a device since `from` for roll-up (start-up repair, invalid-data marking). */
  touch(deviceId: number, from: number, to: number): void {
    for (let end = hourBucketOf(from + 1); end <= hourBucketOf(to); end += HOUR)
      this.dirtyHours.add(`${deviceId}:${end}`);
  }

  /**
   * Rolls up the hours that received minutes and have ended (a running hour is rolled up when it
   * ends), then the days those hours belong to. Returns how many hours were computed.
   */
  async rollUp(options: { includeRunningHour?: boolean } = {}): Promise<number> {
    const now = this.now();
    const due: Array<{ deviceId: number; hourEnd: number }> = [];
    for (const key of this.dirtyHours) {
      const [device, end] = key.split(':').map(Number) as [number, number];
      if (end <= now || options.includeRunningHour === true) {
        due.push({ deviceId: device, hourEnd: end });
        this.dirtyHours.delete(key);
      }
    }
    const dirtyDays = new Set<string>();
    for (const { deviceId, hourEnd } of due) {
      try {
        await this.rollUpHour(deviceId, hourEnd);
        dirtyDays.add(`${deviceId}:${dayBucketOf(hourEnd)}`);
      } catch (err) {
        this.dirtyHours.add(`${deviceId}:${hourEnd}`);
        throw err;
      }
    }
    for (const key of dirtyDays) {
      const [device, day] = key.split(':').map(Number) as [number, number];
      await this.rollUpDay(device, day);
    }
    return due.length;
  }

  private async rollUpHour(deviceId: number, hourEnd: number): Promise<void> {
    const device = this.intervalOf(deviceId);
    if (device === undefined) return;
    const intervalSeconds = expectedIntervalOf(device.type, device.intervalSeconds);
    const rows = await this.repository.minutesIn(deviceId, hourEnd - HOUR, hourEnd);
    const byFactor = new Map<string, TelemetrySample[]>();
    for (const row of rows) {
      const sample: TelemetrySample = { t: row.t, value: row.value, flag: row.invalid === 1 ? 'I' : row.flag };
      const list = byFactor.get(row.factor);
      if (list === undefined) byFactor.set(row.factor, [sample]);
      else list.push(sample);
    }
    const computed: HourRow[] = [];
    for (const [factor, samples] of byFactor) {
      const windSpeed = factor === WIND_DIRECTION_FACTOR ? byFactor.get(WIND_SPEED_FACTOR) : undefined;
      const result = aggregateHour(factor, samples, {
        intervalSeconds,
        ...(windSpeed === undefined ? {} : { windSpeed }),
      });
      computed.push({
        device_id: deviceId,
        factor,
        t: hourEnd,
        value: result.value,
        vmin: result.min,
        vmax: result.max,
        flag: null,
        valid_count: result.validCount,
        sample_count: result.count,
        valid: result.valid ? 1 : 0,
        source: 'computed',
      });
    }
    await this.repository.upsertComputedHours(computed);
  }

  private async rollUpDay(deviceId: number, dayStart: number): Promise<void> {
    const hours = hoursOfDayBucket(dayStart);
    const first = hours[0];
    const last = hours[hours.length - 1];
    if (first === undefined || last === undefined) return;
    const rows = await this.repository.hoursIn(deviceId, first - HOUR, last);
    const byFactor = new Map<string, Array<{ t: number; value: number | null; valid: boolean }>>();
    for (const row of rows) {
      const hour = { t: row.t, value: row.value, valid: row.valid === 1 && row.invalid === 0 };
      const list = byFactor.get(row.factor);
      if (list === undefined) byFactor.set(row.factor, [hour]);
      else list.push(hour);
    }
    const computed: DayRow[] = [];
    for (const [factor, list] of byFactor) {
      const windSpeed = factor === WIND_DIRECTION_FACTOR ? byFactor.get(WIND_SPEED_FACTOR) : undefined;
      const result = aggregateDay(factor, list, windSpeed === undefined ? {} : { windSpeed });
      computed.push({
        device_id: deviceId,
        factor,
        t: dayStart,
        value: result.value,
        vmin: result.min,
        vmax: result.max,
        valid_count: result.validCount,
        sample_count: result.count,
        valid: result.valid ? 1 : 0,
        source: 'computed',
      });
    }
    await this.repository.upsertComputedDays(computed);
  }

  async markInvalid(deviceIds: readonly number[], factor: string | null, from: number, to: number): Promise<number> {
    const marked = await this.repository.markInvalid(deviceIds, factor, from, to);
    for (const id of deviceIds) this.touch(id, from, to);
    await this.rollUp();
    return marked;
  }

  async applyRetention(days: { minute: number; hour: number; day: number }): Promise<Record<Resolution, number>> {
    const now = this.now();
    const removed = { minute: 0, hour: 0, day: 0 };
    for (const resolution of ['minute', 'hour', 'day'] as const) {
      if (days[resolution] > 0)
        removed[resolution] = await this.repository.deleteBefore(resolution, now - days[resolution] * 86_400);
    }
    if (removed.minute + removed.hour + removed.day > 0) {
      this.log.info({ removed, before: formatChinaDateTime(now) }, 'telemetry retention applied');
    }
    return removed;
  }

  hourCounts(deviceIds: readonly number[], from: number, to: number) {
    return this.repository.hourCounts(deviceIds, from, to);
  }
}

function resolutionOf(cn: string): Resolution | null {
  if (cn === '2011' || cn === '2051') return 'minute';
  if (cn === '2061') return 'hour';
  if (cn === '2031') return 'day';
  return null;
}

/** One row per key in a statement: a packet resent within the same batch must not conflict with itself. */
function dedupe<Row extends { device_id: number; factor: string; t: number }>(rows: Row[]): Row[] {
  const byKey = new Map<string, Row>();
  for (const row of rows) byKey.set(`${row.device_id}:${row.factor}:${row.t}`, row);
  return byKey.size === rows.length ? rows : [...byKey.values()];
}
