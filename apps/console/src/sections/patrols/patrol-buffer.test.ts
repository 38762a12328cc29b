import { describe, expect, it } from 'vitest';
import {
  BATCH_INTERVAL_MS,
  distanceM,
  type KeyValueStore,
  nextUploadDelay,
  pointOf,
  RETRY_MAX_MS,
  storedPatrol,
  TRACK_STORE_KEY,
  TrackBuffer,
  type TrackPoint,
  uploadFailure,
} from './patrol-buffer';

class MemoryStore implements KeyValueStore {
  readonly items = new Map<string, string>();
  full = false;
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.full) throw new Error('QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const T0 = Date.UTC(2025, 4, 1, 1, 0, 0);
/** A point `s` seconds after T0, `m` metres north of the start (1e-5° of latitude ≈ 1.11 m). */
const at = (s: number, m = s, accuracy = 5): TrackPoint => ({
  t: T0 + s * 1000,
  lon: 116.4,
  lat: 39.9 + (m / 1.111_95) * 1e-5,
  accuracy,
  speed: null,
});

describe('TrackBuffer', () => {
  it('keeps every accepted point in the store, so a new page finds them', () => {
    const store = new MemoryStore();
    const buffer = TrackBuffer.open(store, '7');
    expect(buffer.add(at(0))).toBe(true);
    expect(buffer.add(at(5))).toBe(true);
    expect(storedPatrol(store)).toEqual({ patrolId: '7', pending: 2 });

    const again = TrackBuffer.open(store, '7');
    expect(again.pending).toBe(2);
    expect(again.nextBatch().map((p) => p.t)).toEqual([T0, T0 + 5000]);
    expect(again.distanceM).toBe(5);
  });

  it('starts afresh for another patrol, and takes the distance the server already knows', () => {
    const store = new MemoryStore();
    TrackBuffer.open(store, '7').add(at(0));
    const other = TrackBuffer.open(store, '8', { distanceM: 1200 });
    expect(other.pending).toBe(0);
    expect(other.distanceM).toBe(1200);
    expect(storedPatrol(store)?.patrolId).toBe('8');
  });

  it('refuses repeated, older and too close fixes (dedup by the point time)', () => {
    const buffer = TrackBuffer.open(new MemoryStore(), '1');
    expect(buffer.add(at(10))).toBe(true);
    expect(buffer.add({ ...at(10), t: T0 + 10_400 })).toBe(false); // same second
    expect(buffer.add(at(4))).toBe(false); // older
    expect(buffer.add(at(12))).toBe(false); // closer than the thinning interval
    expect(buffer.add(at(13))).toBe(true);
    expect(buffer.pending).toBe(2);
  });

  it('sends the oldest first, at most a batch, and forgets only what the server confirmed', () => {
    const buffer = TrackBuffer.open(new MemoryStore(), '1', { minIntervalMs: 0 });
    for (let s = 0; s < 7; s += 1) buffer.add(at(s));
    const batch = buffer.nextBatch(3);
    expect(batch.map((p) => p.t - T0)).toEqual([0, 1000, 2000]);
    buffer.add(at(7)); // arrives while the batch is on its way
    buffer.acknowledge(batch);
    expect(buffer.pending).toBe(5);
    expect(buffer.nextBatch(100).map((p) => p.t - T0)).toEqual([3000, 4000, 5000, 6000, 7000]);
  });

  it('re-sends a batch whose answer was lost (nothing acknowledged, nothing lost)', () => {
    const store = new MemoryStore();
    const buffer = TrackBuffer.open(store, '1');
    buffer.add(at(0));
    buffer.add(at(5));
    const first = buffer.nextBatch();
    // The request failed: no acknowledge. The page reloads.
    const reopened = TrackBuffer.open(store, '1');
    expect(reopened.nextBatch()).toEqual(first);
  });

  it('counts distance but leaves out drift jumps and poor fixes', () => {
    const buffer = TrackBuffer.open(new MemoryStore(), '1');
    buffer.add(at(0, 0));
    buffer.add(at(10, 100)); // 10 m/s
    buffer.add(at(20, 5000)); // 490 m/s: drift
    buffer.add(at(30, 5100, 500)); // poor fix
    buffer.add(at(40, 5200));
    expect(buffer.distanceM).toBe(200);
    expect(buffer.pending).toBe(5);
  });

  it('keeps working in memory when the store is full', () => {
    const store = new MemoryStore();
    const buffer = TrackBuffer.open(store, '1');
    store.full = true;
    expect(buffer.add(at(0))).toBe(true);
    expect(buffer.storeFailed).toBe(true);
    expect(buffer.pending).toBe(1);
  });

  it('drops pending points and discards the store when the patrol is over', () => {
    const store = new MemoryStore();
    const buffer = TrackBuffer.open(store, '1');
    buffer.add(at(0));
    expect(buffer.dropPending()).toBe(1);
    TrackBuffer.discard(store);
    expect(store.items.has(TRACK_STORE_KEY)).toBe(false);
    expect(storedPatrol(store)).toBeUndefined();
  });

  it('ignores a malformed store', () => {
    const store = new MemoryStore();
    store.items.set(TRACK_STORE_KEY, '{not json');
    expect(storedPatrol(store)).toBeUndefined();
    store.items.set(TRACK_STORE_KEY, JSON.stringify({ v: 1, patrolId: '3', pending: [{ t: 'x' }, at(1)] }));
    expect(TrackBuffer.open(store, '3').pending).toBe(1);
  });
});

describe('pointOf', () => {
  it('rounds a fix and keeps accuracy and speed in range', () => {
    expect(
      pointOf({
        timestamp: T0 + 0.4,
        coords: { longitude: 116.123_456_78, latitude: 39.9, accuracy: 8.26, speed: -1 },
      }),
    ).toEqual({ t: T0, lon: 116.123_457, lat: 39.9, accuracy: 8.3, speed: null });
  });

  it('refuses fixes the server would refuse', () => {
    expect(pointOf({ timestamp: T0, coords: { longitude: 2.35, latitude: 48.85 } })).toBeUndefined();
    expect(pointOf({ timestamp: 1000, coords: { longitude: 116, latitude: 39 } })).toBeUndefined();
    expect(pointOf({ timestamp: T0, coords: { longitude: Number.NaN, latitude: 39 } })).toBeUndefined();
  });
});

describe('upload timing and failures', () => {
  it('waits the interval while all is well, then doubles up to the cap', () => {
    const mid = () => 0.5;
    expect(nextUploadDelay(0, mid)).toBe(BATCH_INTERVAL_MS);
    expect(nextUploadDelay(1, mid)).toBe(5_000);
    expect(nextUploadDelay(2, mid)).toBe(10_000);
    expect(nextUploadDelay(4, mid)).toBe(40_000);
    expect(nextUploadDelay(30, mid)).toBe(RETRY_MAX_MS);
    expect(nextUploadDelay(1, () => 0)).toBe(4_000);
    expect(nextUploadDelay(1, () => 1)).toBe(6_000);
  });

  it('retries what may pass later, stops what never will', () => {
    expect(uploadFailure(0)).toBe('retry');
    expect(uploadFailure(503)).toBe('retry');
    expect(uploadFailure(401)).toBe('retry');
    expect(uploadFailure(409, '轨迹正在写入，请稍后重试')).toBe('retry');
    expect(uploadFailure(409, '巡查已结束，不能再上传轨迹')).toBe('stop');
    expect(uploadFailure(404)).toBe('stop');
    expect(uploadFailure(400)).toBe('drop-batch');
  });

  it('measures distance on the sphere', () => {
    expect(Math.round(distanceM({ lon: 116.4, lat: 39.9 }, { lon: 116.4, lat: 40.9 }))).toBe(111_195);
  });
});
