/**
 * autocannon as the benchmarks use it: HTTP load from a worker thread (the load generator does not
 * share the caller's event loop), its results parsed with zod rather than cast (it ships no types).
 */
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { z } from 'zod';

export interface Target {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  params: Record<string, string>;
}

export interface CannonRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** A file autocannon's worker requires to rewrite each request before it is sent (signing). */
  setupRequest?: string;
}

interface CannonOptions {
  url: string;
  connections: number;
  duration: number;
  workers?: number;
  overallRate?: number;
  requests?: CannonRequest[];
}

type Autocannon = (options: CannonOptions) => PromiseLike<unknown>;

const loaded: unknown = createRequire(import.meta.url)('autocannon');
const isAutocannon = (value: unknown): value is Autocannon => typeof value === 'function';

const histogram = z.object({ average: z.number(), p99: z.number(), total: z.number().optional() });
const cannonResult = z.object({
  requests: histogram,
  latency: histogram,
  errors: z.number(),
  timeouts: z.number(),
  non2xx: z.number(),
  statusCodeStats: z.record(z.string(), z.object({ count: z.coerce.number() })).optional(),
});
export type CannonResult = z.infer<typeof cannonResult>;

/** What Chromium sends: every browser asks for compressed answers, so the load does too. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** A public call as the web client sends it: query string for GET, a form body for POST. */
export function request(target: Target): CannonRequest {
  const encoded = new URLSearchParams(target.params).toString();
  if (target.method === 'GET')
    return {
      method: 'GET',
      path: encoded === '' ? target.path : `${target.path}?${encoded}`,
      headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    };
  return {
    method: 'POST',
    path: target.path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    body: encoded,
  };
}

let signer: string | undefined;

/**
 * The public site's signing as a CommonJS file autocannon's worker can require (sign-request.ts,
 * bundled once per process): a request through it carries a fresh nonce, timestamp and sign.
 */
function signerFile(): string {
  if (signer !== undefined) return signer;
  const outfile = path.join(mkdtempSync(path.join(tmpdir(), 'lantian-bench-sign-')), 'sign-request.cjs');
  buildSync({
    entryPoints: [path.join(path.dirname(fileURLToPath(import.meta.url)), 'sign-request.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile,
    logLevel: 'error',
    // autocannon require()s the file and calls what it gets: the function, not an ES module's namespace.
    footer: { js: 'module.exports = module.exports.default;' },
  });
  signer = outfile;
  return outfile;
}

/** The same request, signed afresh every time it is sent (spec §7: nonce, timestamp, sign). */
export function signed(request: CannonRequest): CannonRequest {
  return { ...request, setupRequest: signerFile() };
}

/** Fires `requests` in turn on every connection for `seconds`; `overallRate` caps requests/s across them. */
export async function fire(
  origin: string,
  requests: CannonRequest[],
  seconds: number,
  options: { connections?: number; overallRate?: number } = {},
): Promise<CannonResult> {
  if (!isAutocannon(loaded)) throw new Error('autocannon did not load as a function');
  const raw = await loaded({
    url: origin,
    connections: options.connections ?? 10,
    duration: seconds,
    workers: 1,
    requests,
    ...(options.overallRate === undefined ? {} : { overallRate: options.overallRate }),
  });
  return cannonResult.parse(raw);
}
