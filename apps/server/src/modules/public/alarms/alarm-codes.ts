import type { AlarmCodes, AlarmItem } from '@lantian/contracts';
import { AQI_LEVELS_ORDER, type AqiLevel, LEVELS, levelBreaks, POLLUTANTS } from '@lantian/domain';

/** Alarms start at 轻度污染 unless a call asks for a higher level. */
export const DEFAULT_ALARM_LEVEL: AqiLevel = 3;

/** Every item an alarm can watch, in the spec's order (§3) rather than HJ 633's column order. */
export const ALARM_ITEMS: readonly AlarmItem[] = ['aqi', 'pm2_5', 'pm10', 'so2', 'no2', 'o3', 'o3_8h', 'co'];

export const ALARM_RULE =
  '城市（城市小时值）或站点（站点小时值）的 AQI 或某项污染物的小时值超过告警级别（默认 3 级轻度污染）的下限即为超标；' +
  '连续超标的小时（逐小时相连，缺测或回落即结束）为一次告警事件，以范围内第一个超标小时为开始时间，' +
  '附带峰值、持续小时数，以及事件是否延续到最新数据小时（且数据不超过 3 小时）。';

export function itemLabel(item: AlarmItem): string {
  return item === 'aqi' ? 'AQI' : POLLUTANTS[item].label;
}

export function itemUnit(item: AlarmItem): string {
  return item === 'aqi' ? '' : POLLUTANTS[item].unit;
}

/** The alarm code dictionary: levels with names and colours, and every item's level breaks. */
export function alarmCodes(): AlarmCodes {
  return {
    alarmLevel: DEFAULT_ALARM_LEVEL,
    rule: ALARM_RULE,
    levels: AQI_LEVELS_ORDER.map((level) => {
      const info = LEVELS[level];
      return {
        level,
        name: info.name,
        grade: info.grade,
        color: info.color,
        aqiMin: info.aqiRange?.[0] ?? null,
        aqiMax: info.aqiRange?.[1] ?? null,
        isAlarm: level >= DEFAULT_ALARM_LEVEL,
      };
    }),
    items: ALARM_ITEMS.map((item) => ({
      itemName: item,
      label: itemLabel(item),
      name: item === 'aqi' ? '空气质量指数' : POLLUTANTS[item].name,
      unit: itemUnit(item),
      hourBreaks: [...levelBreaks(item, 'HOUR')],
      dayBreaks: [...levelBreaks(item, 'DAY')],
    })),
  };
}
