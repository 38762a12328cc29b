import { DEFAULT_TIME_SLOT, slotProblem, type TimeSlot, type TimeSlotConfig } from '@lantian/domain';
import { ConfigError, type Env, oneOf } from '../../../platform/config';

export interface LidarSettings {
  /** DEMO_DATA=on: demo lidars, their scans, records and road visibility are simulated. */
  demo: boolean;
  /** Historical storage time slots of the lidar images (spec §3 / §4). */
  slots: TimeSlotConfig;
  /** Hours of demo history written at the first start. */
  demoHours: number;
}

/**
 * LIDAR_TIME_SPLIT (on/off, default on) and LIDAR_TIME_SLOTS (JSON list of { startTime, endTime,
 * frontPath }, default the spec's slot 20170601000000–20501001000000 → resourcenew);
 * LIDAR_DEMO_HOURS (default 6).
 */
export function readLidarSettings(env: Env): LidarSettings {
  const demo = oneOf(env, 'DEMO_DATA', ['on', 'off'] as const, 'on') === 'on';
  const isSplit = oneOf(env, 'LIDAR_TIME_SPLIT', ['on', 'off'] as const, 'on') === 'on';
  let splitDetail: TimeSlot[] = [DEFAULT_TIME_SLOT];
  const text = env.LIDAR_TIME_SLOTS;
  if (text !== undefined && text.trim() !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ConfigError('LIDAR_TIME_SLOTS', text, '应为 JSON 数组');
    }
    if (
      !Array.isArray(parsed) ||
      !parsed.every(
        (s): s is TimeSlot =>
          typeof s === 'object' &&
          s !== null &&
          (s.startTime === null || typeof s.startTime === 'string') &&
          (s.endTime === null || typeof s.endTime === 'string') &&
          typeof s.frontPath === 'string',
      )
    ) {
      throw new ConfigError('LIDAR_TIME_SLOTS', text, '每项应为 { startTime, endTime, frontPath }');
    }
    const problem = slotProblem(parsed);
    if (problem !== null) throw new ConfigError('LIDAR_TIME_SLOTS', text, problem);
    splitDetail = parsed;
  }
  const hoursText = env.LIDAR_DEMO_HOURS ?? '6';
  const demoHours = Number(hoursText);
  if (!Number.isInteger(demoHours) || demoHours < 1 || demoHours > 168) {
    throw new ConfigError('LIDAR_DEMO_HOURS', hoursText, '应为 1–168 的整数');
  }
  return { demo, slots: { isSplit, splitDetail }, demoHours };
}
