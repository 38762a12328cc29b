import { describe, expect, it } from 'vitest';
import { MAX_RETRY_MS, parseEventData, retryDelay } from './event-stream';

describe('retryDelay', () => {
  it('doubles from one second', () => {
    expect([0, 1, 2, 3].map(retryDelay)).toEqual([1_000, 2_000, 4_000, 8_000]);
  });

  it('never waits longer than the cap, however many attempts failed', () => {
    expect(retryDelay(5)).toBe(MAX_RETRY_MS);
    expect(retryDelay(1_000)).toBe(MAX_RETRY_MS);
  });

  it('treats a negative or fractional attempt as the first', () => {
    expect(retryDelay(-3)).toBe(1_000);
    expect(retryDelay(0.7)).toBe(1_000);
  });
});

describe('parseEventData', () => {
  it('reads JSON', () => {
    expect(parseEventData('{"action":"raise"}')).toEqual({ action: 'raise' });
  });

  it('gives undefined for anything that is not JSON text', () => {
    expect(parseEventData('')).toBeUndefined();
    expect(parseEventData('ping')).toBeUndefined();
    expect(parseEventData(undefined)).toBeUndefined();
  });
});
