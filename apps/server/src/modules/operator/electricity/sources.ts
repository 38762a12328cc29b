import type { Clock } from '../../../platform/clock';
import type { AreaScope } from '../../../platform/db/area-scope';
import type { AuditLog } from '../audit';
import type { DeviceView, IngestPacket } from '../devices';

/** What 分表计电 reads of the device core (meters are its P01 devices; their values its telemetry). */
export interface EleCore {
  byIds(ids: readonly number[], scope: AreaScope): Promise<DeviceView[]>;
  all(filter: { type?: string }, scope: AreaScope): Promise<DeviceView[]>;
  latest(ids: readonly number[]): Promise<Map<number, Array<{ factor: string; t: number; value: number | null }>>>;
  series(
    resolution: 'minute' | 'hour' | 'day',
    deviceId: number,
    factors: readonly string[] | null,
    from: number,
    to: number,
  ): Promise<Array<{ factor: string; t: number; value: number | null }>>;
  device(id: number): { type: string; areaCode: string; intervalSeconds: number | null } | undefined;
  ingest(packets: readonly IngestPacket[]): Promise<unknown>;
}

export interface EleDeps {
  core: EleCore;
  audit: AuditLog;
  now: Clock;
}

/** The meter factors (dictionary codes; docs/ELECTRICITY.md). HJ 212-2017 defines none for electricity. */
export const METER_FACTORS = { power: 'power', energy: 'energy', ia: 'Ia', ib: 'Ib', ic: 'Ic' } as const;

/** What the detector derives and commits as the meter's own values, where the alarm rules watch them. */
export const DERIVED_FACTORS = {
  treatStop: 'eleTreatStop',
  treatLow: 'eleTreatLow',
  orderStop: 'eleOrderStop',
  orderUse: 'eleOrderUse',
} as const;

export const METER_TYPE = 'P01';

/** P01's expected interval (packages/domain online.ts): a quarter hour. */
export const DEFAULT_INTERVAL_SECONDS = 900;
