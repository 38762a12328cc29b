import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { SharedState } from '../state';
import { EncodedBody, pickEncoding } from './encoded-body';
import { matchesIfNoneMatch } from './http-cache';

/**
 * The public site's answers, serialised once and kept as bytes (with their brotli and gzip forms,
 * made once on first demand): the data behind them changes once an hour, while visitors ask for the
 * same city, ranking or map many times a second. An answer is built on its first request after the
 * data changed, checked against its response schema then (the route's own serializer is bypassed),
 * and sent as the same bytes to every visitor until:
 * - a message arrives on the channel the cache listens to (the air module's "new hour", published
 *   by whichever instance stored the hour, so every instance drops its answers), or the current-hour
 *   snapshot notices new rows by itself (its once-a-minute safety net);
 * - the clock passes the next full hour: everything the clock changes in an answer (an hour turning
 *   stale 3 hours after its time, "today", the default ranges that end at the current hour) changes
 *   at a full hour, since data times are full hours;
 * - `ttlMs` has passed (RESPONSE_CACHE_MS: an upper bound; 0 turns the cache off, as in tests).
 * Answers derived from the in-memory snapshot put its tag in their key, so that an answer is never
 * built from the previous snapshot while the new one is still being read.
 */
export class ResponseCache {
  private entries = new Map<string, { body: EncodedBody; expiresAt: number }>();
  private building = new Map<string, Promise<EncodedBody>>();
  private readonly unsubscribes: (() => Promise<void> | void)[] = [];

  private readonly maxEntries: number;
  private readonly clockMs: () => number;
  private readonly hourly: boolean;

  constructor(
    /** 0 turns caching off (the test default, so tests that write rows directly see them at once). */
    private readonly ttlMs: number,
    options: {
      maxEntries?: number;
      /** Milliseconds; the data clock in the modules (tests move it). */
      clockMs?: () => number;
      /** Whether answers also end at the next full hour (answers built from hourly data; see above). */
      hourly?: boolean;
    } = {},
  ) {
    this.maxEntries = options.maxEntries ?? 4096;
    this.clockMs = options.clockMs ?? Date.now;
    this.hourly = options.hourly ?? true;
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** Drops every entry whenever something is published on `channel` (by any instance, through the shared state). */
  async listen(state: SharedState, channel: string): Promise<void> {
    if (!this.enabled) return;
    this.unsubscribes.push(await state.subscribe(channel, () => this.clear()));
  }

  /** Drops every entry whenever `subscribe`'s event fires (e.g. the snapshot found new rows by itself). */
  clearOn(subscribe: (listener: () => void) => () => void): void {
    if (this.enabled) this.unsubscribes.push(subscribe(() => this.clear()));
  }

  async close(): Promise<void> {
    for (const unsubscribe of this.unsubscribes.splice(0)) await unsubscribe();
  }

  /** Drops every entry; builds already running finish for their callers but are not kept. */
  clear(): void {
    this.entries = new Map();
    this.building = new Map();
  }

  /** When an answer built now stops being valid by the clock alone (see the class comment). */
  private expiry(nowMs: number): number {
    if (!this.hourly) return nowMs + this.ttlMs;
    const nowSeconds = Math.floor(nowMs / 1000);
    // The first second at which "now - time > N hours" can flip for full-hour times: a full hour + 1 s.
    const nextFlip = Math.floor((nowSeconds - 1) / 3600) * 3600 + 3600 + 1;
    return Math.min(nowMs + this.ttlMs, nextFlip * 1000);
  }

  /**
   * The kept answer under `key` while still valid, without a promise: the common case of a hot call
   * answers in the same turn of the event loop.
   */
  peek(key: string): EncodedBody | undefined {
    const hit = this.entries.get(key);
    if (hit === undefined || hit.expiresAt <= this.clockMs()) return undefined;
    // Most recently used last, so that the many cities asked now and then do not push out the few asked all the time.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.body;
  }

  /** The answer of `build()` as bytes, from the cache when still valid. Concurrent misses share one build. */
  async answer(key: string, schema: z.ZodType, build: () => Promise<unknown>): Promise<EncodedBody> {
    const serialize = async () => new EncodedBody(Buffer.from(JSON.stringify(schema.parse(await build()))));
    if (!this.enabled) return serialize();
    const now = this.clockMs();
    const hit = this.peek(key);
    if (hit !== undefined) return hit;
    const pending = this.building.get(key);
    if (pending !== undefined) return pending;
    const entries = this.entries;
    const building = this.building;
    const run = serialize()
      .then((body) => {
        // Map order is use order: past the bound, the least recently used entry goes.
        if (entries.size >= this.maxEntries) entries.delete(entries.keys().next().value ?? '');
        entries.set(key, { body, expiresAt: this.expiry(now) });
        return body;
      })
      .finally(() => building.delete(key));
    building.set(key, run);
    return run;
  }
}

/** A parsed parameter as key text: a city by its code (so `beijing` and `110000` share an entry). */
/**
 * A parsed parameter as key text: an area (anything with a `code`) by its code, lists and other
 * objects (a ranking's scope `{ kind: 'province', province }`, a group of areas) spelled out in full.
 * Only a value's whole content may key an answer: two scopes printed alike would share one answer.
 */
function keyText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(keyText).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    if ('code' in value) return String(value.code);
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .map((k) => `${k}:${keyText(record[k])}`)
      .join(',')}}`;
  }
  return String(value ?? '');
}

/** A cache key from a call name and its parsed parameters (sorted, so field order does not matter). */
export function cacheKey(call: string, params: Record<string, unknown>): string {
  const names = Object.keys(params).sort();
  return `${call}?${names.map((n) => `${n}=${keyText(params[n])}`).join('&')}`;
}

/**
 * Sends prepared bytes: an ETag of the content (304 when the client holds it), and the encoding the
 * client accepts, already made — no serialising or compressing per request.
 */
export function sendAnswer(reply: FastifyReply, body: EncodedBody): void | Promise<void> {
  const { headers } = reply.request;
  reply.header('etag', body.etag);
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined && matchesIfNoneMatch(ifNoneMatch, body.etag)) {
    reply.code(304).send();
    return;
  }
  reply.header('content-type', 'application/json; charset=utf-8');
  if (!body.compressible) {
    reply.send(body.identity);
    return;
  }
  reply.header('vary', 'accept-encoding');
  const encoding = pickEncoding(headers['accept-encoding']);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  const made = body.made(encoding);
  if (made !== undefined) {
    reply.send(made);
    return;
  }
  return body.body(encoding).then((bytes) => {
    reply.send(bytes);
  });
}

/** Answers a call from the cache (see ResponseCache and sendAnswer); a kept answer goes out in the same turn. */
export function sendCached(
  reply: FastifyReply,
  responses: ResponseCache,
  call: string,
  params: Record<string, unknown>,
  schema: z.ZodType,
  build: () => Promise<unknown>,
): void | Promise<void> {
  const key = cacheKey(call, params);
  const kept = responses.peek(key);
  if (kept !== undefined) return sendAnswer(reply, kept);
  return responses.answer(key, schema, build).then((body) => sendAnswer(reply, body));
}
