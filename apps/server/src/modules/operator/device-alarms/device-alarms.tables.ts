import type { Generated } from 'kysely';

/** An alarm rule: for a device type (or all), optionally one device, a factor (or none: offline). */
export interface AlarmRulesTable {
  id: Generated<number>;
  name: string;
  kind: string;
  device_type: string | null;
  device_id: number | null;
  factor: string | null;
  level: number;
  threshold: number | null;
  low: number | null;
  high: number | null;
  duration_seconds: number | null;
  window_seconds: number | null;
  count: number | null;
  enabled: number;
  created_at: number;
  updated_at: number;
}

/**
 * An alarm: one per device and rule while it is not cleared (a partial unique index holds it), its
 * repeats counted. `area_code` is the device's, for scoped lists.
 */
export interface AlarmsTable {
  id: Generated<number>;
  rule_id: number;
  device_id: number;
  area_code: string;
  kind: string;
  level: number;
  factor: string | null;
  /** 'active' | 'acknowledged' | 'cleared'. */
  status: string;
  message: string;
  value: number | null;
  first_at: number;
  last_at: number;
  count: number;
  ack_by: string | null;
  ack_at: number | null;
  ack_note: string | null;
  cleared_by: string | null;
  cleared_at: number | null;
  clear_mode: string | null;
  clear_note: string | null;
}

/** Every transition of an alarm: raise, repeat (first of a burst only), acknowledge, clear. */
export interface AlarmEventsTable {
  id: Generated<number>;
  alarm_id: number;
  at: number;
  action: string;
  actor: string;
  note: string | null;
}

export interface DeviceAlarmsTables {
  alarm_rules: AlarmRulesTable;
  alarms: AlarmsTable;
  alarm_events: AlarmEventsTable;
}
