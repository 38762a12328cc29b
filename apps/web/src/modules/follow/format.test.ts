import { describe, expect, it } from 'vitest';
import { formatCardTime, truncateFollowName } from './format';

describe('follow card format (spec §2)', () => {
  it('cuts a name longer than 8 characters to the first 7, "...", the last one', () => {
    expect(truncateFollowName('博尔塔拉蒙古自治州')).toBe('博尔塔拉蒙古自...州');
    expect(truncateFollowName('克孜勒苏柯尔克孜自治州')).toBe('克孜勒苏柯尔克...州');
    expect(truncateFollowName('湘西土家族苗族自')).toBe('湘西土家族苗族自');
    expect(truncateFollowName('北京市')).toBe('北京市');
  });

  it('shows the time as MM-DD HH:00', () => {
    expect(formatCardTime('2026-11-22 14:00:00')).toBe('11-22 14:00');
    expect(formatCardTime('2026-01-05 09:00:00')).toBe('01-05 09:00');
    expect(formatCardTime(null)).toBe('—');
    expect(formatCardTime('garbage')).toBe('—');
  });
});
