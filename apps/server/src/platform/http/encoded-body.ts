import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';

/**
 * A body kept as bytes with its compressed forms made once, for answers sent many times (the hour's
 * prepared API answers, the map outlines): a request picks the encoding its client accepts and gets
 * bytes already made, instead of compressing the same text again per request (docs/PERFORMANCE.md).
 */

export type Encoding = 'br' | 'gzip' | 'identity';

/** Bodies below this go out as they are: compression would save less than its headers cost. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Brotli's best quality (11) costs about 1 ms per 4 KB: fine once for a city's answer, seconds for
 * a national map, so large bodies get 9 (a few percent bigger). Compression runs on libuv's thread
 * pool, never on the event loop.
 */
function brotliQuality(bytes: number): number {
  return bytes <= 64 * 1024 ? 11 : 9;
}

/** A weak ETag of the bytes: the same answer in several encodings, equal wherever it is built. */
export function contentEtag(bytes: Buffer): string {
  return `W/"${createHash('sha1').update(bytes).digest('hex').slice(0, 20)}"`;
}

/**
 * Above this size the kept form takes longer to make than a cold answer may take (brotli 9–11 runs
 * at a few MB/s): the first visitors get a quick form (brotli 4, gzip 1: tens of MB/s) while the kept
 * one is made beside it, and everyone after gets the kept one.
 */
export const QUICK_FIRST_BYTES = 8 * 1024;

function compress(encoding: 'br' | 'gzip', bytes: Buffer, quick: boolean): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(bytes, { level: quick ? 1 : 9 });
  return brotliAsync(bytes, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: quick ? 4 : brotliQuality(bytes.length),
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

export class EncodedBody {
  readonly etag: string;
  /** Whether the body is large enough to be sent compressed (and so varies with Accept-Encoding). */
  readonly compressible: boolean;
  private readonly ready = new Map<Encoding, Buffer>();
  private readonly pending = new Map<Encoding, Promise<Buffer>>();
  private readonly quick = new Map<Encoding, Promise<Buffer>>();

  constructor(
    readonly identity: Buffer,
    etag?: string,
  ) {
    this.etag = etag ?? contentEtag(identity);
    this.compressible = identity.length >= COMPRESS_THRESHOLD_BYTES;
    this.ready.set('identity', identity);
  }

  /** The bytes in `encoding` when already made (the common case: no promise, no await). */
  made(encoding: Encoding): Buffer | undefined {
    return this.ready.get(this.compressible ? encoding : 'identity');
  }

  /**
   * The bytes in `encoding`, made on the first ask and kept; a small body is always sent as it is.
   * A large body's first askers get a quick form while the kept one is being made (QUICK_FIRST_BYTES).
   */
  async body(encoding: Encoding): Promise<Buffer> {
    const wanted = this.compressible ? encoding : 'identity';
    const done = this.ready.get(wanted);
    if (done !== undefined || wanted === 'identity') return done ?? this.identity;
    const making = this.kept(wanted);
    if (this.identity.length <= QUICK_FIRST_BYTES) return making;
    let quick = this.quick.get(wanted);
    if (quick === undefined) {
      quick = compress(wanted, this.identity, true);
      this.quick.set(wanted, quick);
      // Once the kept form exists nobody asks for the quick one again.
      void making.then(
        () => this.quick.delete(wanted),
        () => this.quick.delete(wanted),
      );
    }
    return quick;
  }

  /** The kept form of `encoding`: made once, on the thread pool. */
  private kept(encoding: 'br' | 'gzip'): Promise<Buffer> {
    let making = this.pending.get(encoding);
    if (making === undefined) {
      making = compress(encoding, this.identity, false).then((bytes) => {
        this.ready.set(encoding, bytes);
        this.pending.delete(encoding);
        return bytes;
      });
      this.pending.set(encoding, making);
    }
    return making;
  }

  /** Makes every compressed form now (on the thread pool), so no visitor waits for one. */
  async prepare(): Promise<this> {
    if (this.compressible) await Promise.all([this.kept('br'), this.kept('gzip')]);
    return this;
  }
}

function parseAcceptEncoding(header: string): Encoding {
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

/** Browsers send one of a handful of Accept-Encoding values: each is parsed once. */
const seen = new Map<string, Encoding>();
const SEEN_MAX = 256;

/** The best encoding the client accepts (q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | readonly string[] | undefined): Encoding {
  if (acceptEncoding === undefined) return 'identity';
  const header = typeof acceptEncoding === 'string' ? acceptEncoding : acceptEncoding.join(',');
  const known = seen.get(header);
  if (known !== undefined) return known;
  const picked = parseAcceptEncoding(header);
  if (seen.size >= SEEN_MAX) seen.clear();
  seen.set(header, picked);
  return picked;
}
