import { chinaParts, SECONDS_PER_HOUR } from '../time';

/**
 * GB 3096-2008 声环境质量标准: environmental noise limits (equivalent continuous A-weighted sound level,
 * dB(A)) by acoustic functional zone (声环境功能区, §4 and table 1). Day (昼间) is 06:00–22:00 China
 * time, night (夜间) 22:00–06:00 (§3.6–3.7).
 */

export type NoiseZone = '0' | '1' | '2' | '3' | '4a' | '4b';
export type NoisePeriod = 'day' | 'night';

export const NOISE_ZONES = {
  '0': { name: '0类', label: '康复疗养区', description: '康复疗养区等特别需要安静的区域', day: 50, night: 40 },
  '1': {
    name: '1类',
    label: '居住文教区',
    description: '以居民住宅、医疗卫生、文化教育、科研设计、行政办公为主要功能，需要保持安静的区域',
    day: 55,
    night: 45,
  },
  '2': {
    name: '2类',
    label: '混合区',
    description: '以商业金融、集市贸易为主要功能，或者居住、商业、工业混杂，需要维护住宅安静的区域',
    day: 60,
    night: 50,
  },
  '3': {
    name: '3类',
    label: '工业区',
    description: '以工业生产、仓储物流为主要功能，需要防止工业噪声对周围环境产生严重影响的区域',
    day: 65,
    night: 55,
  },
  '4a': {
    name: '4a类',
    label: '交通干线两侧',
    description:
      '高速公路、一级公路、二级公路、城市快速路、城市主干路、城市次干路、城市轨道交通（地面段）、内河航道两侧区域',
    day: 70,
    night: 55,
  },
  '4b': { name: '4b类', label: '铁路干线两侧', description: '铁路干线两侧区域', day: 70, night: 60 },
} as const satisfies Record<
  NoiseZone,
  { name: string; label: string; description: string; day: number; night: number }
>;

export const NOISE_PERIODS = { day: '昼间', night: '夜间' } as const satisfies Record<NoisePeriod, string>;

/** Day starts at 06:00 and night at 22:00, China time. */
export const NOISE_DAY_START_HOUR = 6;
export const NOISE_NIGHT_START_HOUR = 22;
/** GB 3096-2008 §5.4: at night, a sudden noise's maximum level may exceed the limit by at most 15 dB(A). */
export const NIGHT_MAX_EXCEEDANCE_DB = 15;

export function isNoiseZone(value: string): value is NoiseZone {
  return Object.hasOwn(NOISE_ZONES, value);
}

/** The period of an instant: day for 06:00:00 ≤ time < 22:00:00 China time, else night. */
export function noisePeriodAt(t: number): NoisePeriod {
  const { hour } = chinaParts(t);
  return hour >= NOISE_DAY_START_HOUR && hour < NOISE_NIGHT_START_HOUR ? 'day' : 'night';
}

/**
 * The limit in force at an instant. A value labelled by the end of its interval exactly on a boundary
 * (a minute stamped 22:00:00 is 21:59–22:00) belongs to the period before: pass its interval's start,
 * as {@link noiseLimitForHour} does for hours.
 */
export function noiseLimitAt(zone: NoiseZone, t: number): { period: NoisePeriod; limit: number } {
  const period = noisePeriodAt(t);
  return { period, limit: NOISE_ZONES[zone][period] };
}

/**
 * The limit for an hour value labelled by its end (house convention): the hour labelled 22:00 is
 * 21:00–22:00, a day hour; the one labelled 06:00 is 05:00–06:00, a night hour.
 */
export function noiseLimitForHour(zone: NoiseZone, hourEnd: number): { period: NoisePeriod; limit: number } {
  return noiseLimitAt(zone, hourEnd - SECONDS_PER_HOUR);
}
