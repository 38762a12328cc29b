import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Conditional answers (ETag, If-None-Match, 304). Signed calls never repeat (each carries a new
 * nonce), so shared caches cannot help them; what helps is the browser asking again with
 * If-None-Match and getting an empty 304 while the data has not changed. Plain files (map outlines)
 * use the same comparison.
 */

export interface CacheValidity {
  /** Weak ETag, quoted. */
  etag: string;
  maxAgeSeconds: number;
}

/**
 * A weak ETag from the snapshot tag and whatever else changes the body (the stale flags, which flip
 * as time passes without a new snapshot; the day and the forecast issue for follow cards).
 */
export function weakEtag(snapshotTag: string, ...varying: readonly (string | number | boolean)[]): string {
  if (varying.length === 0) return `W/"${snapshotTag}"`;
  const digest = createHash('sha1').update(varying.join('|')).digest('hex').slice(0, 10);
  return `W/"${snapshotTag}-${digest}"`;
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** Weak comparison (RFC 9110 §13.1.2): a 304 fits whenever the opaque tags are equal. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const wanted = opaque(etag);
  return header.split(',').some((t) => opaque(t) === wanted);
}

/**
 * Sets ETag and Cache-Control; when the client already holds this version, answers 304 with no
 * body and returns true (the handler then returns the reply).
 */
export function answeredNotModified(request: FastifyRequest, reply: FastifyReply, cache: CacheValidity): boolean {
  reply.header('etag', cache.etag);
  reply.header('cache-control', `public, max-age=${cache.maxAgeSeconds}`);
  const header = request.headers['if-none-match'];
  if (!matchesIfNoneMatch(typeof header === 'string' ? header : undefined, cache.etag)) return false;
  reply.code(304).send();
  return true;
}
