import type { AreaScope } from '../../../platform/db/area-scope';

export type { RegistryService } from '../devices';

/** Hourly values of another device's factors (the VOC comparison), read from the device core. */
export interface TelemetryReads {
  /** [hour end (epoch s), value] of the first of `factors` the device measures. */
  hourly(
    deviceId: number,
    factors: readonly string[],
    from: number,
    to: number,
    scope: AreaScope,
  ): Promise<Array<[number, number]>>;
}
