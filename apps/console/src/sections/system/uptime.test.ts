import { describe, expect, it } from 'vitest';
import { formatUptime } from './uptime';

describe('formatUptime', () => {
  it('shows the two largest units', () => {
    expect(formatUptime(45.9)).toBe('45 秒');
    expect(formatUptime(200)).toBe('3 分 20 秒');
    expect(formatUptime(2 * 3600 + 5 * 60 + 59)).toBe('2 小时 5 分');
    expect(formatUptime(3 * 86_400 + 4 * 3600 + 59 * 60)).toBe('3 天 4 小时');
  });

  it('counts exact boundaries up, and a just-started process as 0 秒', () => {
    expect(formatUptime(60)).toBe('1 分 0 秒');
    expect(formatUptime(3600)).toBe('1 小时 0 分');
    expect(formatUptime(86_400)).toBe('1 天 0 小时');
    expect(formatUptime(0.2)).toBe('0 秒');
  });
});
