import { Redis } from 'ioredis';
import { DEFAULT_REDIS_TIMEOUTS, type RedisTimeouts } from '../config';
import { Outage } from '../outages';
import { type SharedState, StateUnavailableError } from './shared-state';

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
  timeouts?: Partial<RedisTimeouts>;
}

/** Redis answers that mean "not now" rather than "wrong command": the server is there but cannot serve. */
const UNAVAILABLE_REPLY = /^(LOADING|BUSY|MISCONF|READONLY|OOM|MASTERDOWN|CLUSTERDOWN|TRYAGAIN|NOREPLICAS)\b/;

/** A Redis error reply to a bad command (WRONGTYPE, ERR …) is a bug, not an outage; anything else failing is one. */
function isOutage(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === 'ReplyError') return UNAVAILABLE_REPLY.test(err.message);
  return true;
}

/** Reconnection never stops (the server recovers by itself), but waits at most this long between tries. */
const MAX_RECONNECT_DELAY_MS = 2_000;

/**
 * Shared state in Redis: every instance of the server sees the same counters and secrets.
 *
 * Faults are bounded: a command waits at most REDIS_COMMAND_TIMEOUT_MS for its answer, is retried
 * at most once after a reconnect, and while the connection is down a command fails at once (no
 * offline queue that would hold requests until Redis returns). Every failure is a
 * StateUnavailableError (→ 503); the outage is logged once when it starts and once when it ends.
 */
export class RedisState implements SharedState {
  readonly kind = 'redis' as const;
  readonly outage = new Outage('sharedState');
  private readonly client: Redis;
  private subscriber: Redis | undefined;
  private readonly handlers = new Map<string, Set<(message: string) => void>>();
  private readonly prefix: string;
  /** Settles with the first connection attempt: commands issued before it wait for it, later ones do not. */
  private readonly firstConnection: Promise<void>;

  constructor(url: string, options: RedisStateOptions = {}) {
    this.prefix = options.prefix ?? 'lantian:';
    const timeouts = { ...DEFAULT_REDIS_TIMEOUTS, ...options.timeouts };
    this.client = new Redis(url, {
      lazyConnect: false,
      connectTimeout: timeouts.connectMs,
      commandTimeout: timeouts.commandMs,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      retryStrategy: (times) => Math.min(100 * 2 ** Math.min(times, 5), MAX_RECONNECT_DELAY_MS),
    });
    // An unhandled 'error' event would crash the process; the outage is logged once, not per event.
    this.client.on('error', (err) => this.outage.down(err));
    this.client.on('ready', () => this.outage.up());
    this.firstConnection = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('connect timeout')), timeouts.connectMs);
      timer.unref();
      this.client.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
      this.client.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
    this.firstConnection.catch(() => {});
  }

  private k(key: string) {
    return this.prefix + key;
  }

  /** Runs a command, or fails with StateUnavailableError within the timeouts. */
  private async run<T>(command: (client: Redis) => Promise<T>): Promise<T> {
    if (this.client.status !== 'ready') {
      await this.firstConnection.catch((err: unknown) => {
        throw new StateUnavailableError('Redis 无法连接', { cause: err });
      });
      // Re-read: the wait above may have changed it (TypeScript keeps the narrowing from before the await).
      if ((this.client.status as string) !== 'ready') {
        throw new StateUnavailableError(`Redis 无法连接（${this.client.status}）`);
      }
    }
    try {
      return await command(this.client);
    } catch (err) {
      if (!isOutage(err)) throw err;
      this.outage.down(err);
      throw new StateUnavailableError('Redis 暂不可用', { cause: err });
    }
  }

  async get(key: string) {
    return this.run((c) => c.get(this.k(key)));
  }

  async set(key: string, value: string, ttlMs?: number) {
    await this.run((c) =>
      ttlMs === undefined ? c.set(this.k(key), value) : c.set(this.k(key), value, 'PX', Math.max(1, Math.ceil(ttlMs))),
    );
  }

  async setIfAbsent(key: string, value: string, ttlMs: number) {
    const result = await this.run((c) => c.set(this.k(key), value, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX'));
    return result === 'OK';
  }

  async take(key: string) {
    return this.run((c) => c.getdel(this.k(key)));
  }

  async delete(key: string) {
    await this.run((c) => c.del(this.k(key)));
  }

  async increment(key: string, windowMs: number) {
    const result = (await this.run((c) =>
      c.eval(INCREMENT_SCRIPT, 1, this.k(key), Math.max(1, Math.ceil(windowMs))),
    )) as [number, number];
    return { count: Number(result[0]), resetInMs: Math.max(0, Number(result[1])) };
  }

  async ttl(key: string) {
    const ms = await this.run((c) => c.pttl(this.k(key)));
    if (ms === -2) return null;
    if (ms === -1) return Number.POSITIVE_INFINITY;
    return ms;
  }

  /**
   * Best effort, on purpose: Redis pub/sub is fire-and-forget anyway (a subscriber that is
   * reconnecting misses what is published meanwhile), and every message is a "drop your cache" or
   * a live notice whose receivers also refresh on their own timers. So while Redis is down the
   * caller's work (an import that just committed an hour) goes on; the outage is logged once.
   */
  async publish(channel: string, message: string) {
    try {
      await this.run((c) => c.publish(this.k(channel), message));
    } catch (err) {
      if (!(err instanceof StateUnavailableError)) throw err;
    }
  }

  async subscribe(channel: string, handler: (message: string) => void) {
    if (this.subscriber === undefined) {
      // A connection in subscriber mode cannot run other commands, so it gets its own. Its
      // SUBSCRIBEs may queue while it connects (start-up only; bounded by the command timeout);
      // after a reconnect ioredis subscribes again by itself.
      this.subscriber = this.client.duplicate({ enableOfflineQueue: true });
      this.subscriber.on('error', (err) => this.outage.down(err));
      this.subscriber.on('message', (fullChannel: string, message: string) => {
        for (const h of this.handlers.get(fullChannel) ?? []) h(message);
      });
    }
    const full = this.k(channel);
    let set = this.handlers.get(full);
    if (set === undefined) {
      set = new Set();
      this.handlers.set(full, set);
      const subscriber = this.subscriber;
      await subscriber.subscribe(full).catch((err: unknown) => {
        this.handlers.delete(full);
        throw new StateUnavailableError('Redis 订阅失败', { cause: err });
      });
    }
    set.add(handler);
    return async () => {
      set.delete(handler);
      if (set.size === 0) {
        this.handlers.delete(full);
        // Nothing to undo if Redis is down: the subscription dies with the connection, and is not renewed without handlers.
        await this.subscriber?.unsubscribe(full).catch(() => {});
      }
    };
  }

  async ping() {
    await this.run((c) => c.ping());
  }

  async close() {
    const clients = [this.client, this.subscriber].filter((c): c is Redis => c !== undefined);
    // QUIT lets Redis finish what was sent; a connection that is down is just dropped (and stops reconnecting).
    await Promise.allSettled(clients.map((c) => (c.status === 'ready' ? c.quit() : Promise.resolve())));
    for (const c of clients) c.disconnect();
  }
}
