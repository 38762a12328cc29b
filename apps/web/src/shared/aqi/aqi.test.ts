import { describe, expect, it } from 'vitest';
import { asLevel, levelColor, levelInk, levelName, levelText, levelTint, valueLevel } from './levels';
import { formatIndex, primaryLabel } from './pollutants';
import { ageText, chinaLabel, parseChinaTime } from './time';

describe('levels', () => {
  it('treats anything but 0–6 as unknown (grey), never as a crash', () => {
    expect(asLevel(7)).toBe(0);
    expect(asLevel(-1)).toBe(0);
    expect(asLevel(2.5)).toBe(0);
    expect(asLevel(null)).toBe(0);
    expect(levelColor(9)).toBe('#999999');
    expect(levelName(3)).toBe('轻度污染');
  });

  it('writes dark text on green and yellow, white on the darker colours', () => {
    expect(levelInk(1)).toBe('#1f2329');
    expect(levelInk(2)).toBe('#1f2329');
    for (const l of [3, 4, 5, 6]) expect(levelInk(l)).toBe('#ffffff');
  });

  it('never prints level text in pure yellow on white', () => {
    expect(levelText(2)).not.toBe(levelColor(2));
  });

  it('tints with an alpha channel', () => {
    expect(levelTint(1, 0.5)).toBe('#00e40080');
    expect(levelTint(4, 2)).toBe('#ff0000ff');
  });

  it('grades hourly and daily values with their own tables', () => {
    expect(valueLevel('aqi', 101, 'HOUR')).toBe(3);
    expect(valueLevel('so2', 160, 'HOUR')).toBe(2);
    expect(valueLevel('so2', 160, 'DAY')).toBe(3);
  });
});

describe('display of values (spec §9)', () => {
  it('shows CO with two decimals and the rest rounded', () => {
    expect(formatIndex('co', 0.7)).toBe('0.70');
    expect(formatIndex('co', 1.235)).toBe('1.24');
    expect(formatIndex('aqi', 54.5)).toBe('55');
    expect(formatIndex('pm2_5', null)).toBe('—');
  });

  it('names primary pollutants with their labels', () => {
    expect(primaryLabel(['pm10', 'o3_8h'])).toBe('PM10、O₃-8h');
    expect(primaryLabel([])).toBe('—');
  });
});

describe('China time', () => {
  const t = parseChinaTime('2026-11-22 14:00:00');

  it('prints the China wall clock whatever the zone of the machine', () => {
    expect(t).toBe(Date.UTC(2026, 10, 22, 6) / 1000);
    expect(chinaLabel(t, 'datetime')).toBe('2026-11-22 14:00');
    expect(chinaLabel(t, 'short')).toBe('11-22 14:00');
    expect(chinaLabel(t, 'monthDay')).toBe('11月22日');
    expect(chinaLabel(t, 'weekday')).toBe('周日');
    expect(chinaLabel(null, 'hour')).toBe('—');
    expect(parseChinaTime('2026-11-22T14:00:00Z')).toBeNull();
  });

  it('says how old a value is', () => {
    const base = t ?? 0;
    expect(ageText(base, base + 120)).toBe('刚刚');
    expect(ageText(base, base + 35 * 60)).toBe('35 分钟前');
    expect(ageText(base, base + 3 * 3600 + 59)).toBe('3 小时前');
    expect(ageText(base, base + 3 * 86_400)).toBe('3 天前');
  });
});
