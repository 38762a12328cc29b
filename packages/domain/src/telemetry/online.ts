/**
 * Whether a device is online, from the time its last packet arrived. Pure: the caller passes `now`.
 */

export type OnlineState = 'online' | 'offline' | 'never';

export const ONLINE_STATE_NAMES = { online: '在线', offline: '离线', never: '未上线' } as const satisfies Record<
  OnlineState,
  string
>;

/**
 * How often each device type is expected to send a packet (seconds), when the device's own
 * configuration does not say. Cameras send a heartbeat, not data.
 */
export const EXPECTED_INTERVAL_SECONDS = {
  /** 空气质量微型监测站 */
  A01: 60,
  /** 空气质量自动监测站 (hourly data) */
  A02: 3600,
  /** 扬尘在线监测仪 */
  D01: 60,
  /** 噪声监测仪 */
  N01: 60,
  /** 餐饮油烟在线监测仪 */
  S01: 600,
  /** VOCs 在线监测仪 */
  V01: 300,
  /** 视频监控 (heartbeat) */
  C01: 60,
  /** 气象站 */
  W01: 60,
  /** 颗粒物激光雷达 */
  L01: 300,
  /** 机动车尾气遥感监测 */
  E01: 60,
  /** 用电量监测（电表） */
  P01: 900,
  /** 火点/消防监测 */
  F01: 60,
  /** 水质监测 */
  H01: 3600,
  /** 能见度仪 */
  Y01: 60,
} as const;

export type DeviceTypeCode = keyof typeof EXPECTED_INTERVAL_SECONDS;

/** For a device type not in the table. */
export const DEFAULT_INTERVAL_SECONDS = 60;
/** Slack added to one interval, so that short intervals tolerate network and clock jitter. */
export const OFFLINE_GRACE_SECONDS = 120;

export function isDeviceTypeCode(code: string): code is DeviceTypeCode {
  return Object.hasOwn(EXPECTED_INTERVAL_SECONDS, code);
}

/** The device's configured interval when it has one, else its type's, else {@link DEFAULT_INTERVAL_SECONDS}. */
export function expectedIntervalOf(deviceType: string, configuredSeconds?: number | null): number {
  if (configuredSeconds !== undefined && configuredSeconds !== null) {
    assertInterval(configuredSeconds);
    return configuredSeconds;
  }
  return isDeviceTypeCode(deviceType) ? EXPECTED_INTERVAL_SECONDS[deviceType] : DEFAULT_INTERVAL_SECONDS;
}

function assertInterval(seconds: number): void {
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new RangeError(`expected interval must be a positive number of seconds, got ${seconds}`);
  }
}

/**
 * Silence after which a device is offline: max(3 × interval, interval + 120 s). Three intervals means
 * two consecutive packets may be lost (or resent late, HJ 212 retries) before anyone is told; the
 * 120 s floor only matters for intervals under a minute, where a reconnect or a delayed send would
 * otherwise flap the state (10 s → 130 s; 60 s → 180 s; 300 s → 900 s; 3600 s → 3 h).
 */
export function offlineAfterSeconds(expectedIntervalSeconds: number): number {
  assertInterval(expectedIntervalSeconds);
  return Math.max(3 * expectedIntervalSeconds, expectedIntervalSeconds + OFFLINE_GRACE_SECONDS);
}

export interface OnlineInput {
  /** Epoch seconds of the last packet received; null if none ever was. */
  lastSeen: number | null;
  now: number;
  expectedIntervalSeconds: number;
}

/**
 * 'never' without any packet; 'offline' when the silence is strictly longer than
 * {@link offlineAfterSeconds}; otherwise 'online' (a lastSeen in the future — clock skew — is online).
 */
export function onlineState({ lastSeen, now, expectedIntervalSeconds }: OnlineInput): OnlineState {
  const limit = offlineAfterSeconds(expectedIntervalSeconds);
  if (lastSeen === null) return 'never';
  if (!Number.isFinite(lastSeen) || !Number.isFinite(now)) {
    throw new RangeError(`lastSeen and now must be finite epoch seconds, got ${lastSeen} and ${now}`);
  }
  return now - lastSeen > limit ? 'offline' : 'online';
}

/** When a device last seen at `lastSeen` goes offline if nothing else arrives (epoch seconds). */
export function offlineAt(lastSeen: number, expectedIntervalSeconds: number): number {
  return lastSeen + offlineAfterSeconds(expectedIntervalSeconds);
}
