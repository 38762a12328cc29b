import { describe, expect, it } from 'vitest';
import { chinaDateTime } from './air';

describe('chinaDateTime', () => {
  it('takes a time that exists, leap days included', () => {
    for (const t of ['2026-11-25 12:00:00', '2024-02-29 23:59:59', '2026-01-01 00:00:00']) {
      expect(chinaDateTime.safeParse(t).success).toBe(true);
    }
  });

  it('refuses a well-formed time that does not exist, in Chinese', () => {
    for (const t of ['2026-02-30 00:00:00', '2025-02-29 00:00:00', '2026-11-25 24:00:00', '2026-13-01 00:00:00']) {
      const result = chinaDateTime.safeParse(t);
      expect(result.error?.issues.map((i) => i.message)).toEqual(['不是有效的时间']);
    }
  });

  it('names the format once when the shape is wrong', () => {
    expect(chinaDateTime.safeParse('2026-11-25').error?.issues.map((i) => i.message)).toEqual([
      '格式应为 YYYY-MM-DD HH:mm:ss',
    ]);
  });
});
