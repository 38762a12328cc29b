import type { SharedState } from '../../../platform/state';

/** Where one instance tells the others that a type changed (the message is the type's code). */
export const DICTIONARY_CHANNEL = 'dictionary:changed';

/**
 * Per-process cache of the dictionary's types, read by every platform module (labels of device
 * types, factors, event classes in their lists) far more often than administrators change it.
 * Measured on SQLite (a throwaway loop over the seeded `factor` type): loading a type costs ~120 µs
 * (two queries and the parse of 17 items), a cached read ~0.1 µs — which matters to a module that
 * labels every row of a list; over HTTP a getDict costs ~0.8 ms either way (the session check
 * dominates), so the routes gain little but get it for free.
 *
 * A write drops the type here at once and publishes on {@link DICTIONARY_CHANNEL} so that other
 * instances drop it too; entries also expire after `ttlMs`, because a pub/sub message can be lost
 * (an instance reconnecting to Redis misses what was published meanwhile). A load that a write
 * overtakes is handed to the callers already waiting for it but never kept.
 */
export class DictionaryCache<T extends object> {
  private readonly entries = new Map<string, { value: Promise<T | undefined>; expiresAt: number }>();
  private unsubscribe: (() => Promise<void>) | undefined;

  constructor(
    /** undefined: no such type (not kept, so that junk type names cannot fill the cache). */
    private readonly load: (type: string) => Promise<T | undefined>,
    private readonly ttlMs: number,
    private readonly clockMs: () => number = Date.now,
  ) {}

  async listen(state: SharedState): Promise<void> {
    if (this.unsubscribe !== undefined) return;
    this.unsubscribe = await state.subscribe(DICTIONARY_CHANNEL, (type) => this.drop(type));
  }

  async close(): Promise<void> {
    await this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  get(type: string): Promise<T | undefined> {
    const now = this.clockMs();
    const hit = this.entries.get(type);
    if (hit !== undefined && hit.expiresAt > now) return hit.value;
    const value = this.load(type);
    const entry = { value, expiresAt: now + this.ttlMs };
    this.entries.set(type, entry);
    const forget = () => {
      if (this.entries.get(type) === entry) this.entries.delete(type);
    };
    value.then((found) => found === undefined && forget(), forget);
    return value;
  }

  /** Forgets a type here (a write on this instance, or a message from another). */
  drop(type: string): void {
    this.entries.delete(type);
  }
}
