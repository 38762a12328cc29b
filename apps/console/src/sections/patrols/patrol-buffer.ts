import { MAX_PATROL_POINTS_PER_BATCH } from '@lantian/contracts';

/**
 * The phone's side of a patrol track: GPS fixes wait here until the server has them. The buffer lives
 * in memory and, on every change, in the browser's storage too, so that a reload, a crash of the tab or
 * a dropped connection loses no point. Batches go out oldest first; a batch the server confirms leaves
 * the buffer. The server keeps one point per second and ignores points it already has, so a batch sent
 * twice (the answer was lost) is harmless — which is why a point is only dropped once acknowledged.
 *
 * Pure: the storage is handed in (localStorage in the browser, a Map in the tests), time too.
 */

export interface TrackPoint {
  /** Unix milliseconds (the GPS fix's time). */
  t: number;
  lon: number;
  lat: number;
  accuracy?: number | null;
  speed?: number | null;
}

/** What the browser's Storage offers that the buffer needs. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Where the buffer is kept (one patrol at a time: one operator patrols once at a time). */
export const TRACK_STORE_KEY = 'lt-patrol-track';
/** How often a batch goes out while things go well. */
export const BATCH_INTERVAL_MS = 15_000;
/** Retry waits double from this after a failed upload… */
export const RETRY_BASE_MS = 5_000;
/** …up to this. */
export const RETRY_MAX_MS = 5 * 60_000;
/** Fixes closer together than this are thinned (a phone may report every second while standing still). */
export const MIN_POINT_INTERVAL_MS = 3_000;
/** A jump faster than this between two fixes is GPS drift (the server drops the same ones). */
export const MAX_SPEED_MPS = 200 / 3.6;
/** Fixes worse than this (metres) are kept for the track but not counted in the distance. */
export const MAX_DISTANCE_ACCURACY_M = 100;

interface Stored {
  v: 1;
  patrolId: string;
  pending: TrackPoint[];
  /** The last point accepted (sent or not): dedup and the distance run from it. */
  last: TrackPoint | null;
  distanceM: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceM(a: Pick<TrackPoint, 'lon' | 'lat'>, b: Pick<TrackPoint, 'lon' | 'lat'>): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

const second = (t: number) => Math.floor(t / 1000);

const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/**
 * A browser GeolocationPosition as a track point, or undefined when the server would refuse it
 * (outside China, a time before 2000); accuracy and speed are kept only when in the server's range.
 */
export function pointOf(position: {
  timestamp: number;
  coords: { longitude: number; latitude: number; accuracy?: number | null; speed?: number | null };
}): TrackPoint | undefined {
  const { longitude, latitude, accuracy, speed } = position.coords;
  if (
    !(finite(longitude) && finite(latitude) && longitude >= 73 && longitude <= 136 && latitude >= 3 && latitude <= 54)
  )
    return undefined;
  const t = Math.round(position.timestamp);
  if (!(t >= 946_684_800_000 && t <= 4_102_444_800_000)) return undefined;
  return {
    t,
    lon: Math.round(longitude * 1e6) / 1e6,
    lat: Math.round(latitude * 1e6) / 1e6,
    accuracy: finite(accuracy) && accuracy >= 0 && accuracy <= 100_000 ? Math.round(accuracy * 10) / 10 : null,
    speed: finite(speed) && speed >= 0 && speed <= 1_000 ? Math.round(speed * 100) / 100 : null,
  };
}

function isPoint(value: unknown): value is TrackPoint {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return finite(p.t) && finite(p.lon) && finite(p.lat);
}

/** Reads what a previous page left in the store; anything malformed counts as nothing. */
function readStored(store: KeyValueStore): Stored | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(store.getItem(TRACK_STORE_KEY) ?? 'null');
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const s = parsed as Record<string, unknown>;
  if (s.v !== 1 || typeof s.patrolId !== 'string' || !Array.isArray(s.pending)) return undefined;
  return {
    v: 1,
    patrolId: s.patrolId,
    pending: s.pending.filter(isPoint),
    last: isPoint(s.last) ? s.last : null,
    distanceM: finite(s.distanceM) && s.distanceM >= 0 ? s.distanceM : 0,
  };
}

/** The patrol whose points a previous page left behind, if any (and how many are still unsent). */
export function storedPatrol(store: KeyValueStore): { patrolId: string; pending: number } | undefined {
  const s = readStored(store);
  return s === undefined ? undefined : { patrolId: s.patrolId, pending: s.pending.length };
}

export class TrackBuffer {
  private state: Stored;
  /** Whether the last write to the store failed (full or forbidden): the points are then in memory only. */
  storeFailed = false;

  private constructor(
    private readonly store: KeyValueStore,
    state: Stored,
    private readonly minIntervalMs: number,
  ) {
    this.state = state;
  }

  /**
   * The buffer of `patrolId`: what the store holds for it, or a fresh one (which replaces whatever
   * another patrol left behind). `distanceM`: the distance the server already knows, for a fresh
   * buffer of a patrol resumed on this phone.
   */
  static open(
    store: KeyValueStore,
    patrolId: string,
    options: { distanceM?: number; minIntervalMs?: number } = {},
  ): TrackBuffer {
    const stored = readStored(store);
    const state: Stored =
      stored !== undefined && stored.patrolId === patrolId
        ? { ...stored, distanceM: Math.max(stored.distanceM, options.distanceM ?? 0) }
        : { v: 1, patrolId, pending: [], last: null, distanceM: options.distanceM ?? 0 };
    const buffer = new TrackBuffer(store, state, options.minIntervalMs ?? MIN_POINT_INTERVAL_MS);
    buffer.save();
    return buffer;
  }

  /** Forgets the stored track (the patrol is over). */
  static discard(store: KeyValueStore): void {
    try {
      store.removeItem(TRACK_STORE_KEY);
    } catch {
      // Nothing to do: a store that cannot be written cannot hold a stale track either.
    }
  }

  get patrolId(): string {
    return this.state.patrolId;
  }

  /** Points not yet confirmed by the server. */
  get pending(): number {
    return this.state.pending.length;
  }

  /** Metres walked so far, as this phone counts them (drift and poor fixes left out). */
  get distanceM(): number {
    return Math.round(this.state.distanceM);
  }

  get last(): TrackPoint | null {
    return this.state.last;
  }

  /**
   * Takes a fix. Refused (false): a point of the same second as, or older than, the last one (a
   * repeated or cached fix), or one closer in time than the thinning interval.
   */
  add(point: TrackPoint): boolean {
    const last = this.state.last;
    if (last !== null) {
      if (second(point.t) <= second(last.t)) return false;
      if (point.t - last.t < this.minIntervalMs) return false;
      const metres = distanceM(last, point);
      const seconds = (point.t - last.t) / 1000;
      const good = (point.accuracy ?? 0) <= MAX_DISTANCE_ACCURACY_M;
      if (good && metres / seconds <= MAX_SPEED_MPS) this.state.distanceM += metres;
    }
    this.state.pending.push(point);
    this.state.last = point;
    this.save();
    return true;
  }

  /** The next batch to send: the oldest pending points, at most what the server takes at once. */
  nextBatch(max: number = MAX_PATROL_POINTS_PER_BATCH): TrackPoint[] {
    return this.state.pending.slice(0, Math.max(1, max));
  }

  /** The server has these: they leave the buffer (points added meanwhile stay). */
  acknowledge(batch: readonly TrackPoint[]): void {
    const sent = new Set(batch.map((p) => second(p.t)));
    this.state.pending = this.state.pending.filter((p) => !sent.has(second(p.t)));
    this.save();
  }

  /** Drops every pending point (the server will not take them: the patrol ended elsewhere). */
  dropPending(): number {
    const n = this.state.pending.length;
    this.state.pending = [];
    this.save();
    return n;
  }

  private save(): void {
    try {
      this.store.setItem(TRACK_STORE_KEY, JSON.stringify(this.state));
      this.storeFailed = false;
    } catch {
      this.storeFailed = true;
    }
  }
}

/** How long to wait before the next upload: the interval while all is well, doubling waits after failures. */
export function nextUploadDelay(failures: number, random: () => number = Math.random): number {
  if (failures <= 0) return BATCH_INTERVAL_MS;
  const wait = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (failures - 1));
  // ±20 % so that phones that lost the same network do not all come back in the same second.
  return Math.round(wait * (0.8 + 0.4 * random()));
}

/**
 * What a failed upload means: `retry` (no network, the server busy or failing, the session to be
 * renewed, the track being written by a parallel request), `drop-batch` (the server refuses these
 * points as malformed: sending them again would fail forever), `stop` (the patrol no longer takes
 * points: finished elsewhere or gone).
 */
export function uploadFailure(status: number, message = ''): 'retry' | 'drop-batch' | 'stop' {
  if (status === 0 || status >= 500 || status === 401 || status === 408 || status === 429) return 'retry';
  if (status === 409) return message.includes('稍后') ? 'retry' : 'stop';
  if (status === 404 || status === 403) return 'stop';
  return 'drop-batch';
}
