import { describe, expect, it } from 'vitest';
import { ageText, chinaLabel, parseChinaTime } from './time';

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
