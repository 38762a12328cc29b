import type { DeviceStatus, OnlineStateCode } from '@lantian/contracts';

/** How device states are drawn in lists and on the map: status tags and online colours. */

export const STATUS_COLORS: Readonly<Record<DeviceStatus, string>> = {
  active: 'success',
  maintenance: 'warning',
  retired: 'default',
};

/** Online green, offline grey, never heard from light grey. */
export const ONLINE_COLORS: Readonly<Record<OnlineStateCode, string>> = {
  online: '#52c41a',
  offline: '#8c8c8c',
  never: '#d9d9d9',
};
