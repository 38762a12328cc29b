import { z } from 'zod';
import { envelope } from '../envelope';

/**
 * The operator's area (spec §7 "Platform: user and area"): the outline of the area the operator's
 * organisation covers, its map centre, a rough description, and boundaries of areas inside it. An
 * area outside the operator's is refused (403), as all platform data is.
 */

export const areaCodeQuery = z.object({
  areaCode: z
    .string()
    .regex(/^\d{6}$/, '应为 6 位区划代码')
    .describe('行政区划代码'),
});

export const openAreaCodeQuery = areaCodeQuery.extend({
  apiType: z.string().trim().max(32, '过长').optional(),
});

/** A GeoJSON FeatureCollection as the offline map files hold it (geometry left as the file has it). */
export const geoJson = z
  .object({
    type: z.literal('FeatureCollection'),
    features: z.array(z.object({ type: z.literal('Feature') }).passthrough()),
  })
  .passthrough();

export const geoJsonResponse = envelope(geoJson);

export const areaLevel = z.enum(['country', 'province', 'city', 'county']);

export const areaCenterResponse = envelope(
  z.object({
    areaCode: z.string(),
    areaName: z.string(),
    level: areaLevel,
    center: z.tuple([z.number(), z.number()]).describe('[经度, 纬度]：地图数据的区域质心，无轮廓时为政府驻地'),
    zoom: z.number().describe('地图缩放级别建议（Web 墨卡托：全国 4、省 6、市 8、区县 10）'),
    bounds: z
      .tuple([z.tuple([z.number(), z.number()]), z.tuple([z.number(), z.number()])])
      .nullable()
      .describe('轮廓的外包矩形 [[西, 南], [东, 北]]，无轮廓时为 null'),
  }),
);

export const roughInfoResponse = envelope(
  z.object({
    areaCode: z.string(),
    areaName: z.string(),
    level: areaLevel,
    parentCode: z.string().nullable(),
    parentName: z.string().nullable(),
    children: z.array(z.object({ areaCode: z.string(), areaName: z.string() })),
    stationCount: z.number().int().describe('辖区内的国控/省控监测站数'),
  }),
);

/**
 * A node of the grid tree (`/adm/grid/allGridTreeData`): the administrative divisions from the
 * operator's area down to counties (`kind: 'area'`); the grid module hangs its sub-county grids
 * (`kind: 'grid'`) below the counties.
 */
export interface GridTreeNode {
  code: string;
  name: string;
  level: 'country' | 'province' | 'city' | 'county' | 'grid';
  kind: 'area' | 'grid';
  children: GridTreeNode[];
}

/** Recursive: named (`id`) so that the OpenAPI document can refer to it as a component. */
export const gridTreeNode: z.ZodType<GridTreeNode> = z
  .lazy(() =>
    z.object({
      code: z.string().describe('区划代码或网格编码'),
      name: z.string(),
      level: z.enum(['country', 'province', 'city', 'county', 'grid']),
      kind: z.enum(['area', 'grid']),
      children: z.array(gridTreeNode),
    }),
  )
  .meta({ id: 'GridTreeNode' });

export const gridTreeResponse = envelope(z.array(gridTreeNode));
