import type { Generated } from 'kysely';

/**
 * The device core's tables. Sites carry the coordinates and the area (the operators' data scope);
 * a device copies its site's area so that every scoped query filters one indexed column. Telemetry
 * is narrow (one row per device, factor and time) with integer device ids: that is what the hour
 * roll-ups, the series and the invalid-data marking read, on SQLite and PostgreSQL alike.
 * Times are epoch seconds (UTC).
 */

export interface DeviceSitesTable {
  id: Generated<number>;
  code: string;
  name: string;
  area_code: string;
  lon: number;
  lat: number;
  address: string;
  created_at: number;
  updated_at: number;
}

export interface DevicesTable {
  id: Generated<number>;
  /** HJ 212-2017 MN, unique. */
  mn: string;
  name: string;
  /** Dictionary `deviceType` code. */
  type: string;
  site_id: number;
  /** The site's area, copied (kept in step when the site moves). */
  area_code: string;
  /** SHA-256 (hex) of the HJ 212 access password (PW): the gateway compares hashes. */
  password_hash: string;
  install_date: string | null;
  /** 'active' | 'maintenance' | 'retired'. */
  status: string;
  /** JSON: [{ code, upper, lower }]. */
  factors_json: string;
  /** JSON: { intervalSeconds, noiseZone }. */
  config_json: string;
  created_at: number;
  updated_at: number;
  retired_at: number | null;
}

export interface DeviceStatusTable {
  device_id: number;
  /** When the last packet (data or heartbeat) arrived. */
  last_seen: number | null;
  /** The newest DataTime received. */
  last_data_time: number | null;
  /** 'online' | 'offline' | 'never', as the status monitor last decided. */
  online: string;
  changed_at: number;
}

/** Real-time (2011) and minute (2051) values, keyed by their DataTime. */
export interface TelemetryMinuteTable {
  device_id: number;
  factor: string;
  t: number;
  value: number | null;
  vmin: number | null;
  vmax: number | null;
  /** HJ 212 data flag (N, F, M, S, D, C, T, B) or null when the packet had none. */
  flag: string | null;
  /** 1 when an operator marked it invalid (ops): excluded from hours and shown as such. */
  invalid: number;
}

/** Hour values, labelled by the hour's END (16:00 = 15:00–16:00), sent by the device (2061) or computed. */
export interface TelemetryHourTable {
  device_id: number;
  factor: string;
  t: number;
  value: number | null;
  vmin: number | null;
  vmax: number | null;
  flag: string | null;
  /** Valid samples behind a computed value, and all samples. */
  valid_count: number;
  sample_count: number;
  /** 1 when the hour meets the validity rule (enough valid minutes, or the device's own valid hour). */
  valid: number;
  invalid: number;
  /** 'device' (2061) or 'computed' (from minutes): a device's own hour is never overwritten by a computed one. */
  source: string;
}

/** Day values, labelled by the China day's start. */
export interface TelemetryDayTable {
  device_id: number;
  factor: string;
  t: number;
  value: number | null;
  vmin: number | null;
  vmax: number | null;
  valid_count: number;
  sample_count: number;
  valid: number;
  source: string;
}

/** The newest value per device and factor (the map, the detail, `device latest`). */
export interface TelemetryLatestTable {
  device_id: number;
  factor: string;
  t: number;
  value: number | null;
  flag: string | null;
}

/** Operation records (spec §7 /ops/optOperationStatus/*): maintenance, calibration, invalid-data marking. */
export interface DeviceOperationsTable {
  id: Generated<number>;
  /** Comma-separated device ids (the spec's deviceidsStr). */
  device_ids: string;
  /** The area of the devices (all inside the recording operator's scope), for scoped lists. */
  area_code: string;
  operation_status: string;
  valid_status: string;
  start_t: number;
  end_t: number;
  factor: string | null;
  note: string;
  operator: string;
  created_at: number;
}

export interface DevicesTables {
  device_sites: DeviceSitesTable;
  devices: DevicesTable;
  device_status: DeviceStatusTable;
  telemetry_minute: TelemetryMinuteTable;
  telemetry_hour: TelemetryHourTable;
  telemetry_day: TelemetryDayTable;
  telemetry_latest: TelemetryLatestTable;
  device_operations: DeviceOperationsTable;
}
