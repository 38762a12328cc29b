import { haversineMeters } from '../grid/track';

/**
 * Fire alarms (消防/火点): how an F01 detector's HJ 212 values become alarm types, the rules installed
 * in the shared alarm lifecycle, the rate-of-rise detector, the de-duplication window and the nearest
 * cameras. Pure; the fire module reads it.
 *
 * The detectors' factor codes (not in HJ 212-2017's table, which has no fire items; named like the
 * platform's other industry codes and added to the factor dictionary by the fire module's migration):
 * - `smokeDensity` 烟雾浓度 (%obs/m, the light obscuration of a point-type smoke detector, GB 4715-2005);
 * - `fireTemp` 探测温度 (℃, point-type heat detector, GB 4716-2005);
 * - `flame` 火焰信号 (1 = flame or thermal-camera hot spot detected, 0 = none);
 * - `fault` 故障信号 (1 = the detector reports a fault: dirty chamber, open circuit, low battery).
 */
export const FIRE_FACTORS = {
  smoke: 'smokeDensity',
  temperature: 'fireTemp',
  flame: 'flame',
  fault: 'fault',
} as const;

export type FireAlarmType = 'fire' | 'smoke' | 'temperature' | 'fault' | 'offline';

/** The alarm types of the fire section, in the order the console lists them. */
export const FIRE_ALARM_TYPES: Record<FireAlarmType, { name: string; color: string }> = {
  fire: { name: '火警', color: '#f5222d' },
  smoke: { name: '烟感报警', color: '#fa8c16' },
  temperature: { name: '温度异常', color: '#faad14' },
  fault: { name: '设备故障', color: '#8c8c8c' },
  offline: { name: '设备离线', color: '#bfbfbf' },
};

/** What an operator found when handling an alarm (误报 is an outcome, not a type). */
export const FIRE_OUTCOMES = {
  confirmed: '确认火警',
  false_alarm: '误报',
  test: '测试',
  fault: '设备故障',
} as const;
export type FireOutcome = keyof typeof FIRE_OUTCOMES;

/**
 * The type of an alarm of the shared lifecycle from its rule's kind and factor: a flame signal is a
 * fire; smoke over its limit a smoke alarm; a temperature over the fixed limit or rising too fast a
 * temperature anomaly; a fault signal, a stuck or out-of-range value a device fault; offline is its own.
 */
export function fireAlarmType(kind: string, factor: string | null): FireAlarmType {
  if (kind === 'offline') return 'offline';
  if (kind === 'constant' || kind === 'out_of_range') return 'fault';
  switch (factor) {
    case FIRE_FACTORS.flame:
      return 'fire';
    case FIRE_FACTORS.smoke:
      return 'smoke';
    case FIRE_FACTORS.temperature:
      return 'temperature';
    default:
      return 'fault';
  }
}

/** A rule as the alarm module stores it (the fire module installs these once; administrators may edit them). */
export interface FireRuleDefinition {
  name: string;
  kind: 'over_limit' | 'rate_of_change';
  factor: string;
  level: 1 | 2 | 3 | 4;
  threshold: number;
  durationSeconds: number | null;
  windowSeconds: number | null;
}

/**
 * The fire section's rules. Sources: a smoke detector alarms between 0.5 and 4 %obs/m by GB 4715-2005
 * (we take 4, the end of the band, for a monitoring platform that should not echo cooking smoke); a
 * class A1 heat detector's static alarm temperature is 54–65 ℃ and its rate-of-rise response at
 * 10 ℃/min is bounded by GB 4716-2005 (we alarm above 57 ℃, or a rise above 10 ℃ between two minute values).
 */
export const FIRE_RULES: readonly FireRuleDefinition[] = [
  {
    name: '火警：火焰/热成像火点',
    kind: 'over_limit',
    factor: 'flame',
    level: 1,
    threshold: 0.5,
    durationSeconds: 0,
    windowSeconds: null,
  },
  {
    name: '烟感报警（>4 %obs/m）',
    kind: 'over_limit',
    factor: 'smokeDensity',
    level: 2,
    threshold: 4,
    durationSeconds: 0,
    windowSeconds: null,
  },
  {
    name: '温度异常：定温（>57 ℃）',
    kind: 'over_limit',
    factor: 'fireTemp',
    level: 2,
    threshold: 57,
    durationSeconds: 0,
    windowSeconds: null,
  },
  {
    name: '温度异常：温升（>10 ℃/分钟）',
    kind: 'rate_of_change',
    factor: 'fireTemp',
    level: 2,
    threshold: 10,
    durationSeconds: null,
    windowSeconds: 120,
  },
  {
    name: '消防设备故障信号',
    kind: 'over_limit',
    factor: 'fault',
    level: 3,
    threshold: 0.5,
    durationSeconds: 0,
    windowSeconds: null,
  },
];

export interface TemperaturePoint {
  t: number;
  value: number;
}

/**
 * The fastest rise of temperature (℃/min) between any two points at most `windowSeconds` apart, the
 * rate-of-rise element of a 差定温 detector; 0 for fewer than two points or a falling series.
 */
export function maxRiseRate(points: readonly TemperaturePoint[], windowSeconds = 300): number {
  const sorted = [...points].sort((a, b) => a.t - b.t);
  let best = 0;
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i] as TemperaturePoint;
    for (let j = i + 1; j < sorted.length; j++) {
      const b = sorted[j] as TemperaturePoint;
      const dt = b.t - a.t;
      if (dt > windowSeconds) break;
      if (dt <= 0) continue;
      best = Math.max(best, ((b.value - a.value) / dt) * 60);
    }
  }
  return Math.round(best * 10) / 10;
}

/** Whether a series rises faster than `ratePerMinute` (GB 4716's 10 ℃/min by default). */
export function isRisingTooFast(points: readonly TemperaturePoint[], ratePerMinute = 10, windowSeconds = 300): boolean {
  return maxRiseRate(points, windowSeconds) > ratePerMinute;
}

export interface AlarmOccurrence {
  id: string;
  /** The place the incident is counted at (a site or a device). */
  key: string;
  type: FireAlarmType;
  firstAt: number;
  lastAt: number;
}

/**
 * Groups alarms into incidents: an alarm of the same place and type raised within `windowSeconds` of
 * the previous one's last time is the same incident (a detector that clears and alarms again, two
 * detectors of one room). Answers the incidents, each with the ids it holds, in time order.
 */
export function dedupeAlarms(
  alarms: readonly AlarmOccurrence[],
  windowSeconds = 600,
): Array<{ key: string; type: FireAlarmType; firstAt: number; lastAt: number; ids: string[] }> {
  const sorted = [...alarms].sort((a, b) => a.firstAt - b.firstAt || a.id.localeCompare(b.id));
  const open = new Map<string, { key: string; type: FireAlarmType; firstAt: number; lastAt: number; ids: string[] }>();
  const out: Array<{ key: string; type: FireAlarmType; firstAt: number; lastAt: number; ids: string[] }> = [];
  for (const alarm of sorted) {
    const k = `${alarm.key}|${alarm.type}`;
    const current = open.get(k);
    if (current !== undefined && alarm.firstAt - current.lastAt <= windowSeconds) {
      current.ids.push(alarm.id);
      current.lastAt = Math.max(current.lastAt, alarm.lastAt);
      continue;
    }
    const incident = {
      key: alarm.key,
      type: alarm.type,
      firstAt: alarm.firstAt,
      lastAt: alarm.lastAt,
      ids: [alarm.id],
    };
    open.set(k, incident);
    out.push(incident);
  }
  return out;
}

export interface Located {
  lon: number;
  lat: number;
}

/** The candidates within `radiusMeters` of a point, nearest first, at most `limit`, with their distance (m). */
export function nearestWithin<T extends Located>(
  point: Located,
  candidates: readonly T[],
  radiusMeters: number,
  limit = 4,
): Array<T & { distance: number }> {
  return candidates
    .map((c) => ({ ...c, distance: Math.round(haversineMeters(point, c)) }))
    .filter((c) => c.distance <= radiusMeters)
    .sort((a, b) => a.distance - b.distance)
    .slice(0, limit);
}
