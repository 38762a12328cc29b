import { describe, expect, it } from 'vitest';
import { asLevel, levelColor, levelInk, levelName, levelText, levelTint, valueLevel } from './levels';

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
