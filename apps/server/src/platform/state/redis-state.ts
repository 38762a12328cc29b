import { Redis } from 'ioredis';
import type { SharedState } from './shared-state';

/**
 * INCR, then start the window on the first increment, atomically; returns [count, pttl].
 * A Lua script so that a crash between the two steps can never leave a counter without expiry.
 */
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}
`;

export interface RedisStateOptions {
  /** Prepended to every key and channel, so several products or test runs can share one Redis. */
  prefix?: string;
}

/** Shared state in Redis: every instance of the server sees the same counters and secrets. */
export class RedisState implements SharedState {
  readonly kind = 'redis' as const;
  private readonly client: Redis;
  private subscriber: Redis | undefined;
  private readonly handlers = new Map<string, Set<(message: string) => void>>();
  private readonly prefix: string;

  constructor(url: string, options: RedisStateOptions = {}) {
    this.prefix = options.prefix ?? 'lantian:';
    this.client = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    // Errors surface on the commands that fail (and in /readyz); an unhandled 'error' event would crash the process.
    this.client.on('error', () => {});
  }

  private k(key: string) {
    return this.prefix + key;
  }

  async get(key: string) {
    return this.client.get(this.k(key));
  }

  async set(key: string, value: string, ttlMs?: number) {
    if (ttlMs === undefined) await this.client.set(this.k(key), value);
    else await this.client.set(this.k(key), value, 'PX', Math.max(1, Math.ceil(ttlMs)));
  }

  async setIfAbsent(key: string, value: string, ttlMs: number) {
    const result = await this.client.set(this.k(key), value, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX');
    return result === 'OK';
  }

  async take(key: string) {
    return this.client.getdel(this.k(key));
  }

  async delete(key: string) {
    await this.client.del(this.k(key));
  }

  async increment(key: string, windowMs: number) {
    const result = (await this.client.eval(INCREMENT_SCRIPT, 1, this.k(key), Math.max(1, Math.ceil(windowMs)))) as [
      number,
      number,
    ];
    return { count: Number(result[0]), resetInMs: Math.max(0, Number(result[1])) };
  }

  async ttl(key: string) {
    const ms = await this.client.pttl(this.k(key));
    if (ms === -2) return null;
    if (ms === -1) return Number.POSITIVE_INFINITY;
    return ms;
  }

  async publish(channel: string, message: string) {
    await this.client.publish(this.k(channel), message);
  }

  async subscribe(channel: string, handler: (message: string) => void) {
    if (this.subscriber === undefined) {
      // A connection in subscriber mode cannot run other commands, so it gets its own.
      this.subscriber = this.client.duplicate();
      this.subscriber.on('error', () => {});
      this.subscriber.on('message', (fullChannel: string, message: string) => {
        for (const h of this.handlers.get(fullChannel) ?? []) h(message);
      });
    }
    const full = this.k(channel);
    let set = this.handlers.get(full);
    if (set === undefined) {
      set = new Set();
      this.handlers.set(full, set);
      await this.subscriber.subscribe(full);
    }
    set.add(handler);
    return async () => {
      set.delete(handler);
      if (set.size === 0) {
        this.handlers.delete(full);
        await this.subscriber?.unsubscribe(full);
      }
    };
  }

  async ping() {
    await this.client.ping();
  }

  async close() {
    await Promise.allSettled([this.client.quit(), this.subscriber?.quit()]);
  }
}
