import { areaByCode } from '@lantian/areas';
import {
  DEVICE_STATUSES,
  type DeviceRow,
  type DeviceStatus,
  deviceConfig,
  deviceFactor,
  ONLINE_STATES,
  type OnlineStateCode,
} from '@lantian/contracts';
import { expectedIntervalOf, formatChinaDateTimeOrNull, onlineState } from '@lantian/domain';
import { z } from 'zod';
import type { DeviceView, SiteRecord } from './registry.repository';

/** Names of device types and factors, from the dictionary (deviceType, factor). */
export interface Labels {
  deviceType(code: string): Promise<{ label: string } | undefined>;
  factor(code: string): Promise<{ label: string; unit: string } | undefined>;
}

// Written only by this module from checked bodies; a row that does not read back is a defect and fails loudly.
const storedFactors = z.array(deviceFactor);
export const readFactors = (json: string) => storedFactors.parse(JSON.parse(json));
export const readConfig = (json: string) => deviceConfig.parse(JSON.parse(json));

export function areaName(code: string): string {
  return areaByCode(code)?.name ?? code;
}

export function presentSite(row: SiteRecord & { device_count: number }) {
  return {
    siteId: String(row.id),
    siteCode: row.code,
    name: row.name,
    areaCode: row.area_code,
    areaName: areaName(row.area_code),
    lon: row.lon,
    lat: row.lat,
    address: row.address,
    deviceCount: row.device_count,
  };
}

/**
 * A device's online state now: computed from its last packet and its expected interval (the stored
 * state is what the monitor last announced; the list must not show a stale "online").
 */
export function onlineOf(
  row: Pick<DeviceView, 'type' | 'config_json' | 'last_seen' | 'status'>,
  now: number,
): OnlineStateCode {
  const config = readConfig(row.config_json);
  return onlineState({
    lastSeen: row.last_seen,
    now,
    expectedIntervalSeconds: expectedIntervalOf(row.type, config.intervalSeconds),
  });
}

export async function presentDevice(
  row: DeviceView,
  labels: Labels,
  now: number,
  activeAlarms: number,
): Promise<DeviceRow> {
  const factors = await Promise.all(
    readFactors(row.factors_json).map(async (f) => {
      const label = await labels.factor(f.code);
      return { ...f, name: label?.label ?? f.code, unit: label?.unit ?? '' };
    }),
  );
  const online = onlineOf(row, now);
  const status = row.status as DeviceStatus;
  return {
    deviceId: String(row.id),
    mn: row.mn,
    name: row.name,
    type: row.type,
    typeName: (await labels.deviceType(row.type))?.label ?? row.type,
    siteId: String(row.site_id),
    siteCode: row.site_code,
    siteName: row.site_name,
    areaCode: row.area_code,
    areaName: areaName(row.area_code),
    lon: row.lon,
    lat: row.lat,
    status,
    statusName: DEVICE_STATUSES[status],
    online,
    onlineName: ONLINE_STATES[online],
    lastSeen: formatChinaDateTimeOrNull(row.last_seen),
    lastDataTime: formatChinaDateTimeOrNull(row.last_data_time),
    installDate: row.install_date,
    factors,
    config: readConfig(row.config_json),
    activeAlarms,
  };
}
