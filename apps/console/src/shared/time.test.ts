import { describe, expect, it } from 'vitest';
import { formatSeconds } from './time';

describe('formatSeconds', () => {
  it('reads like people say it', () => {
    expect(formatSeconds(45)).toBe('45 秒');
    expect(formatSeconds(5400)).toBe('1 小时 30 分钟');
    expect(formatSeconds(86_400)).toBe('1 天');
    expect(formatSeconds(0)).toBe('0 秒');
    expect(formatSeconds(119.6)).toBe('2 分钟');
  });
});
