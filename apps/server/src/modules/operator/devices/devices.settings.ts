import { type Env, integer } from '../../../platform/config';

export interface DevicesSettings {
  /** Days of minute values kept (DEVICE_RETENTION_MINUTE_DAYS; 0 keeps them for ever). */
  retentionMinuteDays: number;
  /** Days of hour values kept (DEVICE_RETENTION_HOUR_DAYS). */
  retentionHourDays: number;
  /** Days of day values kept (DEVICE_RETENTION_DAY_DAYS). */
  retentionDayDays: number;
  /** How often online states are recomputed (DEVICE_STATUS_CHECK_SECONDS). */
  statusCheckSeconds: number;
  /** How often hours that received minutes are rolled up (DEVICE_ROLLUP_SECONDS). */
  rollupSeconds: number;
}

export function readDevicesSettings(env: Env): DevicesSettings {
  return {
    retentionMinuteDays: integer(env, 'DEVICE_RETENTION_MINUTE_DAYS', 90, 0, 3650),
    retentionHourDays: integer(env, 'DEVICE_RETENTION_HOUR_DAYS', 1095, 0, 36500),
    retentionDayDays: integer(env, 'DEVICE_RETENTION_DAY_DAYS', 0, 0, 36500),
    statusCheckSeconds: integer(env, 'DEVICE_STATUS_CHECK_SECONDS', 15, 1, 3600),
    rollupSeconds: integer(env, 'DEVICE_ROLLUP_SECONDS', 30, 1, 3600),
  };
}
