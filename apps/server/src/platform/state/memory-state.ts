import type { SharedState } from './shared-state';

interface Entry {
  value: string;
  expiresAt: number;
}

/** Sweep expired keys this often so a busy process does not keep dead captchas forever. */
const SWEEP_INTERVAL_MS = 60_000;

/** Shared state for a single process. `now` is injectable so tests can move the clock. */
export class MemoryState implements SharedState {
  readonly kind = 'memory' as const;
  private readonly entries = new Map<string, Entry>();
  private readonly channels = new Map<string, Set<(message: string) => void>>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private expiry(ttlMs: number | undefined): number {
    return ttlMs === undefined ? Number.POSITIVE_INFINITY : this.now() + ttlMs;
  }

  private sweep() {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }

  async get(key: string) {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlMs?: number) {
    this.entries.set(key, { value, expiresAt: this.expiry(ttlMs) });
  }

  async setIfAbsent(key: string, value: string, ttlMs: number) {
    if (this.live(key) !== undefined) return false;
    this.entries.set(key, { value, expiresAt: this.expiry(ttlMs) });
    return true;
  }

  async take(key: string) {
    const entry = this.live(key);
    this.entries.delete(key);
    return entry?.value ?? null;
  }

  async delete(key: string) {
    this.entries.delete(key);
  }

  async increment(key: string, windowMs: number) {
    const entry = this.live(key);
    if (entry === undefined) {
      this.entries.set(key, { value: '1', expiresAt: this.now() + windowMs });
      return { count: 1, resetInMs: windowMs };
    }
    const count = Number(entry.value) + 1;
    entry.value = String(count);
    return { count, resetInMs: entry.expiresAt - this.now() };
  }

  async ttl(key: string) {
    const entry = this.live(key);
    if (entry === undefined) return null;
    return entry.expiresAt === Number.POSITIVE_INFINITY ? Number.POSITIVE_INFINITY : entry.expiresAt - this.now();
  }

  async publish(channel: string, message: string) {
    for (const handler of this.channels.get(channel) ?? []) {
      // Deliver asynchronously, as Redis would, so publishers never run subscriber code inline.
      queueMicrotask(() => handler(message));
    }
  }

  async subscribe(channel: string, handler: (message: string) => void) {
    let handlers = this.channels.get(channel);
    if (handlers === undefined) {
      handlers = new Set();
      this.channels.set(channel, handlers);
    }
    handlers.add(handler);
    return async () => {
      handlers.delete(handler);
    };
  }

  async ping() {}

  async close() {
    clearInterval(this.sweeper);
    this.entries.clear();
    this.channels.clear();
  }
}
