import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_INTERVAL_SECONDS,
  EXPECTED_INTERVAL_SECONDS,
  expectedIntervalOf,
  isDeviceTypeCode,
  offlineAfterSeconds,
  offlineAt,
  onlineState,
} from './online';

describe('expected intervals', () => {
  it('has one per device type', () => {
    expect(EXPECTED_INTERVAL_SECONDS).toEqual({
      A01: 60,
      A02: 3600,
      D01: 60,
      N01: 60,
      S01: 600,
      V01: 300,
      C01: 60,
      W01: 60,
      L01: 300,
      E01: 60,
      P01: 900,
      F01: 60,
      H01: 3600,
      Y01: 60,
    });
    expect(isDeviceTypeCode('S01')).toBe(true);
    expect(isDeviceTypeCode('toString')).toBe(false);
  });

  it("prefers the device's own configuration, then its type's", () => {
    expect(expectedIntervalOf('S01')).toBe(600);
    expect(expectedIntervalOf('S01', null)).toBe(600);
    expect(expectedIntervalOf('S01', 120)).toBe(120);
    expect(expectedIntervalOf('Z99')).toBe(DEFAULT_INTERVAL_SECONDS);
    expect(() => expectedIntervalOf('A01', 0)).toThrow(RangeError);
  });
});

describe('online state', () => {
  it('waits max(3 × interval, interval + 120 s)', () => {
    expect(offlineAfterSeconds(10)).toBe(130);
    expect(offlineAfterSeconds(60)).toBe(180);
    expect(offlineAfterSeconds(300)).toBe(900);
    expect(offlineAfterSeconds(3600)).toBe(10_800);
  });

  it('is never without a packet, online up to the limit, offline after it', () => {
    const now = 1_714_550_400;
    expect(onlineState({ lastSeen: null, now, expectedIntervalSeconds: 60 })).toBe('never');
    expect(onlineState({ lastSeen: now - 180, now, expectedIntervalSeconds: 60 })).toBe('online');
    expect(onlineState({ lastSeen: now - 181, now, expectedIntervalSeconds: 60 })).toBe('offline');
    expect(onlineState({ lastSeen: now - 3 * 3600, now, expectedIntervalSeconds: 3600 })).toBe('online');
    expect(onlineState({ lastSeen: now - 3 * 3600 - 1, now, expectedIntervalSeconds: 3600 })).toBe('offline');
    // A device clock ahead of ours is not offline.
    expect(onlineState({ lastSeen: now + 600, now, expectedIntervalSeconds: 60 })).toBe('online');
    expect(offlineAt(now, 60)).toBe(now + 180);
  });

  it('goes offline exactly after offlineAt', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2e9 }),
        fc.integer({ min: 10, max: 86_400 }),
        fc.nat(200_000),
        (seen, iv, dt) => {
          const state = onlineState({ lastSeen: seen, now: seen + dt, expectedIntervalSeconds: iv });
          expect(state).toBe(seen + dt > offlineAt(seen, iv) ? 'offline' : 'online');
        },
      ),
    );
  });
});
