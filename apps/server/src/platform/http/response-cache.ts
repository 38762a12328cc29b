import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { SharedState } from '../state';

/**
 * Serialized answers of the heavy public calls (whole-country rankings and maps, long series),
 * kept per process for a short while. Their inputs change once an hour, while visitors ask for the
 * same latest ranking or map many times a second; building and serializing 337 cities or 1,347
 * stations each time costs tens of milliseconds.
 *
 * An entry lives `ttlMs` at most — "latest" and the stale flags move with the clock — and every
 * entry is dropped when a message arrives on the channel it listens to (the air module's "new
 * hour" channel, for the answers built from air data). The answer is
 * checked against its response schema once, when built (the route's own serializer is bypassed by
 * sending the cached JSON text), so a cached answer is exactly what the serializer would have sent.
 */
export class ResponseCache {
  private entries = new Map<string, { json: string; expiresAt: number }>();
  private building = new Map<string, Promise<string>>();
  private unsubscribe: (() => Promise<void>) | undefined;

  constructor(
    /** 0 turns caching off (the test default, so tests that write rows directly see them at once). */
    private readonly ttlMs: number,
    private readonly maxEntries = 512,
    private readonly clockMs: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** Drops every entry whenever something is published on `channel` (by any instance, through the shared state). */
  async listen(state: SharedState, channel: string): Promise<void> {
    if (!this.enabled || this.unsubscribe !== undefined) return;
    this.unsubscribe = await state.subscribe(channel, () => this.clear());
  }

  async close(): Promise<void> {
    await this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  /** Drops every entry; builds already running finish for their callers but are not kept. */
  clear(): void {
    this.entries = new Map();
    this.building = new Map();
  }

  /** The JSON text of `build()`'s answer, from the cache when fresh. Concurrent misses share one build. */
  async json(key: string, schema: z.ZodType, build: () => Promise<unknown>): Promise<string> {
    const serialize = async () => JSON.stringify(schema.parse(await build()));
    if (!this.enabled) return serialize();
    const now = this.clockMs();
    const hit = this.entries.get(key);
    if (hit !== undefined && hit.expiresAt > now) return hit.json;
    const pending = this.building.get(key);
    if (pending !== undefined) return pending;
    const entries = this.entries;
    const building = this.building;
    const run = serialize()
      .then((json) => {
        // Insertion order is age order: past the bound, the oldest entry goes.
        if (entries.size >= this.maxEntries) entries.delete(entries.keys().next().value ?? '');
        entries.set(key, { json, expiresAt: now + this.ttlMs });
        return json;
      })
      .finally(() => building.delete(key));
    building.set(key, run);
    return run;
  }
}

/** A parsed parameter as key text: a city by its code (so `beijing` and `110000` share an entry). */
function keyText(value: unknown): string {
  if (typeof value === 'object' && value !== null && 'code' in value) return String(value.code);
  return String(value ?? '');
}

/** A cache key from a call name and its parsed parameters (sorted, so field order does not matter). */
export function cacheKey(call: string, params: Record<string, unknown>): string {
  const names = Object.keys(params).sort();
  return `${call}?${names.map((n) => `${n}=${keyText(params[n])}`).join('&')}`;
}

/**
 * Answers a call from the cache: the JSON text goes out as is (Fastify does not serialize a string
 * sent as application/json), so the answer is the same bytes for every visitor of the hour.
 */
export async function sendCached(
  reply: FastifyReply,
  responses: ResponseCache,
  call: string,
  params: Record<string, unknown>,
  schema: z.ZodType,
  build: () => Promise<unknown>,
): Promise<FastifyReply> {
  const json = await responses.json(cacheKey(call, params), schema, build);
  return reply.type('application/json; charset=utf-8').send(json);
}
