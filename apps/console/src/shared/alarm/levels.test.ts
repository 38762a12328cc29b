import { describe, expect, it } from 'vitest';
import { ALARM_LEVEL_OPTIONS, alarmLevelColor, alarmLevelLook, isAlarmLevel } from './levels';

describe('alarm levels', () => {
  it('colours the four levels red, orange, yellow, blue', () => {
    expect([1, 2, 3, 4].map(alarmLevelColor)).toEqual(['#E02020', '#FA8C16', '#FADB14', '#1677FF']);
  });

  it('writes dark text on yellow and white on the others', () => {
    expect(alarmLevelLook(3).ink).not.toBe('#ffffff');
    expect(alarmLevelLook(1).ink).toBe('#ffffff');
  });

  it('draws a missing or unknown level in grey, named by its number', () => {
    expect(alarmLevelColor(null)).toBe('#8c8c8c');
    expect(alarmLevelLook(7)).toMatchObject({ color: '#8c8c8c', name: '7级' });
    expect(isAlarmLevel(0)).toBe(false);
  });

  it('offers the levels most serious first', () => {
    expect(ALARM_LEVEL_OPTIONS.map((o) => o.value)).toEqual([1, 2, 3, 4]);
    expect(ALARM_LEVEL_OPTIONS[0]?.label).toBe('一级（红色）');
  });
});
