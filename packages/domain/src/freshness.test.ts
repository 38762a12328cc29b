import { describe, expect, it } from 'vitest';
import { isStale, STALE_AFTER_SECONDS } from './freshness';

describe('freshness', () => {
  it('flags a value older than three hours, and only then', () => {
    expect(STALE_AFTER_SECONDS).toBe(10_800);
    expect(isStale(0, 10_800)).toBe(false);
    expect(isStale(0, 10_801)).toBe(true);
  });
});
