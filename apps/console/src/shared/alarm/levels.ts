/**
 * Alarm levels (one is the most serious) and their colours: the red, orange, yellow and blue of
 * Chinese early warnings, as the dictionary's `alarmLevel` items carry them. The alarm centre, the
 * device map and the notices all draw a level the same way.
 */

export interface AlarmLevelLook {
  /** The level's colour (tag background, map point). */
  color: string;
  /** Text that reads on that colour: yellow needs dark text. */
  ink: string;
  /** Short name: 一级…四级. */
  name: string;
  /** Name with the colour: 一级（红色）. */
  fullName: string;
}

export const ALARM_LEVELS: Readonly<Record<1 | 2 | 3 | 4, AlarmLevelLook>> = {
  1: { color: '#E02020', ink: '#ffffff', name: '一级', fullName: '一级（红色）' },
  2: { color: '#FA8C16', ink: '#ffffff', name: '二级', fullName: '二级（橙色）' },
  3: { color: '#FADB14', ink: '#3d3000', name: '三级', fullName: '三级（黄色）' },
  4: { color: '#1677FF', ink: '#ffffff', name: '四级', fullName: '四级（蓝色）' },
};

/** A level outside 1–4 (an unknown or missing one): neutral grey, named by its number. */
const UNKNOWN: AlarmLevelLook = { color: '#8c8c8c', ink: '#ffffff', name: '未知级别', fullName: '未知级别' };

export function isAlarmLevel(level: unknown): level is 1 | 2 | 3 | 4 {
  return level === 1 || level === 2 || level === 3 || level === 4;
}

/** How a level is drawn; null or an unknown number is grey. */
export function alarmLevelLook(level: number | null | undefined): AlarmLevelLook {
  if (isAlarmLevel(level)) return ALARM_LEVELS[level];
  return level === null || level === undefined ? UNKNOWN : { ...UNKNOWN, name: `${level}级`, fullName: `${level}级` };
}

export const alarmLevelColor = (level: number | null | undefined): string => alarmLevelLook(level).color;

/** The level picker's options, most serious first. */
export const ALARM_LEVEL_OPTIONS = ([1, 2, 3, 4] as const).map((level) => ({
  value: level,
  label: ALARM_LEVELS[level].fullName,
}));
