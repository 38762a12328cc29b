import { createHash } from 'node:crypto';
import { SECONDS_PER_DAY } from '@lantian/domain';
import type { SharedState } from '../../../platform/state';
import type { AirStore } from './air.store';
import type { CityHour } from './city-hours.repository';
import { HOUR_INGESTED_CHANNEL } from './hour-events';
import type { StationHourWithStation } from './station-hours.repository';

/**
 * The current hour of every city and every station, held in memory. The public site asks for
 * "now" far more often than a new hour arrives (once an hour), so the rows are read once per hour
 * instead of once per request.
 *
 * Rebuilt when notified on the shared channel {@link HOUR_INGESTED_CHANNEL} (so every instance
 * rebuilds, in one process or across processes through Redis), and — as a safety net for a missed
 * message — when a cheap max(time) check, run at most once a minute, finds a newer stored hour.
 */

/**
 * Rows older than this before the newest stored hour are not "current" at all. A city silent for a
 * week has no current value, rather than a week-old one; within the week its last hour is served,
 * with its own time and marked stale.
 */
export const SNAPSHOT_WINDOW_SECONDS = 7 * SECONDS_PER_DAY;

export const SNAPSHOT_CHECK_EVERY_MS = 60_000;

export interface SnapshotData {
  /** Newest city hour stored (epoch seconds, end of hour); undefined when there is none. */
  readonly hour: number | undefined;
  /** Newest station hour stored. */
  readonly stationHour: number | undefined;
  /**
   * Derived from the rows' keys and update times, so every instance holding the same rows has the
   * same id (and ETag), and a revised hour gets a new one.
   */
  readonly buildId: string;
  /** `${hour}-${buildId}`: the base of the ETags of responses built from this snapshot. */
  readonly tag: string;
  readonly cities: ReadonlyMap<string, CityHour>;
  readonly stations: ReadonlyMap<string, StationHourWithStation>;
}

export interface CurrentSnapshotOptions {
  /** Where failures of background rebuilds and checks go; the snapshot in hand keeps being served. */
  onError: (error: unknown) => void;
  /** Wall clock in ms for the once-a-minute check (tests move it). */
  clockMs?: () => number;
  checkEveryMs?: number;
}

function buildIdOf(cities: readonly CityHour[], stations: readonly StationHourWithStation[]): string {
  const hash = createHash('sha1');
  for (const c of cities) hash.update(`c${c.city_code}@${c.time}:${c.updated_at};`);
  for (const s of stations) hash.update(`s${s.station_code}@${s.time}:${s.updated_at};`);
  return hash.digest('hex').slice(0, 12);
}

export class CurrentSnapshot {
  private data: SnapshotData | undefined;
  private building: Promise<SnapshotData> | undefined;
  /** A notification arrived while a build was running: its rows may have missed the new hour. */
  private dirty = false;
  private checking = false;
  private lastCheckMs = 0;
  private unsubscribe: (() => Promise<void>) | undefined;
  private readonly changeListeners = new Set<() => void>();
  private readonly clockMs: () => number;
  private readonly checkEveryMs: number;
  private readonly onError: (error: unknown) => void;

  constructor(
    private readonly air: AirStore,
    options: CurrentSnapshotOptions,
  ) {
    this.clockMs = options.clockMs ?? Date.now;
    this.checkEveryMs = options.checkEveryMs ?? SNAPSHOT_CHECK_EVERY_MS;
    this.onError = options.onError;
  }

  /** Listens for new hours on the shared state. */
  async listen(state: SharedState): Promise<void> {
    if (this.unsubscribe !== undefined) return;
    this.unsubscribe = await state.subscribe(HOUR_INGESTED_CHANNEL, () => this.invalidate());
  }

  async close(): Promise<void> {
    await this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  /**
   * Calls `listener` whenever a rebuild brought other rows (a new tag) — also when the once-a-minute
   * safety net, not a message, found them — so that what was derived from the rows is dropped.
   */
  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /**
   * The snapshot. The first call waits for the first build; later calls answer from memory at once
   * (a rebuild runs in the background and replaces the snapshot when done).
   */
  async current(): Promise<SnapshotData> {
    if (this.data === undefined) return this.building ?? this.build();
    this.checkIfMoved();
    return this.data;
  }

  /** Rebuilds now, or once more right after the running build. Resolves with the fresh snapshot. */
  refresh(): Promise<SnapshotData> {
    if (this.building === undefined) return this.build();
    this.dirty = true;
    return this.building;
  }

  /** {@link refresh} in the background: what a notification or the safety net triggers. */
  invalidate(): void {
    this.refresh().catch(this.onError);
  }

  private build(): Promise<SnapshotData> {
    const run = async (): Promise<SnapshotData> => {
      try {
        let data: SnapshotData;
        do {
          this.dirty = false;
          data = await this.load();
          const changed = this.data !== undefined && this.data.tag !== data.tag;
          this.data = data;
          if (changed) for (const listener of this.changeListeners) listener();
        } while (this.dirty);
        return data;
      } finally {
        this.building = undefined;
        this.lastCheckMs = this.clockMs();
      }
    };
    this.building = run();
    return this.building;
  }

  private async load(): Promise<SnapshotData> {
    const [hour, stationHour] = await Promise.all([
      this.air.cityHours.latestTime(),
      this.air.stationHours.latestTime(),
    ]);
    const [cities, stations] = await Promise.all([
      hour === undefined ? [] : this.air.cityHours.latestPerCity(hour - SNAPSHOT_WINDOW_SECONDS),
      stationHour === undefined ? [] : this.air.stationHours.latestPerStation(stationHour - SNAPSHOT_WINDOW_SECONDS),
    ]);
    const buildId = buildIdOf(cities, stations);
    return {
      hour,
      stationHour,
      buildId,
      tag: `${hour ?? 'none'}-${buildId}`,
      cities: new Map(cities.map((c) => [c.city_code, c])),
      stations: new Map(stations.map((s) => [s.station_code, s])),
    };
  }

  /** The safety net: at most once a minute, two index-end reads; a rebuild when either moved. */
  private checkIfMoved(): void {
    const now = this.clockMs();
    if (this.building !== undefined || this.checking || now - this.lastCheckMs < this.checkEveryMs) return;
    this.lastCheckMs = now;
    this.checking = true;
    const check = async () => {
      try {
        const [hour, stationHour] = await Promise.all([
          this.air.cityHours.latestTime(),
          this.air.stationHours.latestTime(),
        ]);
        if (hour !== this.data?.hour || stationHour !== this.data?.stationHour) this.invalidate();
      } finally {
        this.checking = false;
      }
    };
    check().catch(this.onError);
  }
}
