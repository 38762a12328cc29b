import { z } from 'zod';
import { chinaDateTime } from '../air';
import { envelope } from '../envelope';

/**
 * Grid governance (docs/GRID.md): the grid tree under the counties, each grid's boundary (GeoJSON
 * Polygon or MultiPolygon), its members, and the air inside it (`/adm/grid/*`). A grid's code is its
 * parent's code plus three digits; a top grid's parent is its county (6 digits): 街道 `110105001`,
 * 社区 `110105001002`, at most 30 digits.
 */

export const GRID_CODE = /^\d{9,30}$/;
/** A county code (6 digits) or a grid code: what a parent may be. */
export const GRID_PARENT = /^\d{6,30}$/;
export const MAX_GRID_IMPORT_FEATURES = 2000;
export const MAX_GRID_IMPORT_BYTES = 5 * 1024 * 1024;

const validLength = (code: string) => code.length % 3 === 0;

export const gridCode = z
  .string()
  .trim()
  .regex(GRID_CODE, '应为 9–30 位数字的网格编码')
  .refine(validLength, '网格编码应为上级编码加 3 位数字')
  .describe('网格编码（上级编码 + 3 位；顶级网格的上级为 6 位区县代码）');

export const gridParentCode = z
  .string()
  .trim()
  .regex(GRID_PARENT, '应为 6 位区县代码或网格编码')
  .refine(validLength, '应为 6 位区县代码或网格编码')
  .describe('上级：网格编码，或 6 位区县代码（其下的顶级网格）');

const sixDigits = z
  .string()
  .trim()
  .regex(/^\d{6}$/, '应为 6 位区划代码');

export const gridCodeQuery = z.object({ gridCode });
export const gridTreeQuery = z.object({ gridCode: gridCode.optional() });
export const gridParentQuery = z.object({ parentCode: gridParentCode });
export const gridGeojsonDataQuery = z
  .object({
    parentCode: gridParentCode.optional(),
    areaCode: sixDigits.optional().describe('区县代码：其下的顶级网格（与 parentCode 二选一）'),
  })
  .refine((q) => q.parentCode !== undefined || q.areaCode !== undefined, {
    message: '须提供 parentCode 或 areaCode',
    path: ['parentCode'],
  });
export const gridPeriodQuery = z.object({
  gridCode,
  startTime: chinaDateTime.optional().describe('开始时间（北京时间），默认结束前 24 小时'),
  endTime: chinaDateTime.optional().describe('结束时间（北京时间），默认现在'),
});

/** A boundary as sent: its shape is checked by the server (rings, positions, ranges). */
export const gridBoundary = z
  .object({
    type: z.enum(['Polygon', 'MultiPolygon'], '边界应为 GeoJSON Polygon 或 MultiPolygon'),
    coordinates: z.array(z.unknown(), '边界没有坐标').min(1, '边界没有坐标'),
  })
  .describe('GeoJSON geometry：Polygon 或 MultiPolygon（经度在前，WGS-84）');

const gridName = z.string().trim().min(1, '名称不能为空').max(50, '名称不能超过 50 个字符');
const gridSort = z.number().int('排序应为整数').min(0, '排序应在 0–9999 之间').max(9999, '排序应在 0–9999 之间');

export const gridSaveBody = z
  .object({
    gridCode: gridCode.optional().describe('不传则由服务器分配下一个空闲编码'),
    parentCode: gridParentCode.optional(),
    areaCode: sixDigits.optional().describe('顶级网格所属区县（等同于 parentCode 传区县代码）'),
    name: gridName,
    boundary: gridBoundary,
    sort: gridSort.default(0),
  })
  .refine((b) => b.parentCode !== undefined || b.areaCode !== undefined, {
    message: '须提供上级网格 parentCode 或所属区县 areaCode',
    path: ['parentCode'],
  });

export const gridUpdateBody = z.object({
  gridCode,
  name: gridName.optional(),
  boundary: gridBoundary.optional(),
  sort: gridSort.optional(),
});

export const gridDeleteBody = z.object({ gridCode });

/** A FeatureCollection to import; each feature is checked by the server, which lists every problem. */
export const gridImportBody = z.object({
  type: z.literal('FeatureCollection', '应为 GeoJSON FeatureCollection'),
  features: z
    .array(z.unknown(), 'features 应为数组')
    .min(1, '没有要导入的网格')
    .max(MAX_GRID_IMPORT_FEATURES, `一次最多导入 ${MAX_GRID_IMPORT_FEATURES} 个网格`),
});

export const GRID_ROLES = { manager: '网格长', member: '网格员' } as const;
export const gridRole = z.enum(['manager', 'member'], '角色应为 manager 或 member');

export const gridMemberSaveBody = z.object({
  operatorId: z.string().trim().min(1, '不能为空').max(40, '过长'),
  gridCode,
  role: gridRole,
  duty: z.string().trim().max(200, '职责不能超过 200 个字符').nullable().default(null),
});
export const gridMemberRemoveBody = z.object({ operatorId: z.string().trim().min(1, '不能为空').max(40, '过长') });

// --- Answers -------------------------------------------------------------------------------------

const lonLat = z.tuple([z.number(), z.number()]).describe('[经度, 纬度]');

export const gridRow = z.object({
  gridCode: z.string(),
  parentCode: z.string().nullable().describe('上级网格编码；顶级网格为 null（直属区县）'),
  areaCode: z.string().describe('所属区县'),
  areaName: z.string(),
  name: z.string(),
  level: z.number().int().describe('1：直属区县，每下一级 +1'),
  center: lonLat.describe('标注点（最大外环的质心）'),
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).describe('[西, 南, 东, 北]'),
  areaKm2: z.number(),
  sort: z.number().int(),
  childCount: z.number().int(),
  memberCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const gridResponse = envelope(gridRow);
export const gridListResponse = envelope(z.array(gridRow));
export const gridBooleanResponse = envelope(z.boolean());
export const gridDeletedResponse = envelope(z.object({ gridCode: z.string() }));

/** A node of the tree from the operator's area down to the grids (areas `kind: 'area'`, grids `kind: 'grid'`). */
export interface GridAreaTreeNode {
  code: string;
  name: string;
  level: 'country' | 'province' | 'city' | 'county' | 'grid';
  kind: 'area' | 'grid';
  /** Grids only: the grid's code, its parent (null: directly under the county) and its depth (1…). */
  gridCode?: string | undefined;
  parentCode?: string | null | undefined;
  gridLevel?: number | undefined;
  children: GridAreaTreeNode[];
}

export const gridAreaTreeNode: z.ZodType<GridAreaTreeNode> = z
  .lazy(() =>
    z.object({
      code: z.string().describe('区划代码或网格编码'),
      name: z.string(),
      level: z.enum(['country', 'province', 'city', 'county', 'grid']),
      kind: z.enum(['area', 'grid']),
      gridCode: z.string().optional(),
      parentCode: z.string().nullable().optional(),
      gridLevel: z.number().int().optional().describe('网格层级：1 直属区县'),
      children: z.array(gridAreaTreeNode),
    }),
  )
  .meta({ id: 'GridAreaTreeNode' });

export const gridAreaTreeResponse = envelope(z.array(gridAreaTreeNode));

const geometry = z.object({ type: z.enum(['Polygon', 'MultiPolygon']), coordinates: z.array(z.unknown()) });

export const gridFeature = z.object({
  type: z.literal('Feature'),
  id: z.string(),
  properties: z.object({
    gridCode: z.string(),
    parentCode: z.string().nullable(),
    areaCode: z.string(),
    name: z.string(),
    level: z.number().int(),
    center: lonLat,
    areaKm2: z.number(),
  }),
  geometry,
});

export const gridFeatureResponse = envelope(gridFeature);
export const gridFeatureCollectionResponse = envelope(
  z.object({ type: z.literal('FeatureCollection'), features: z.array(gridFeature) }),
);

export const gridMemberRow = z.object({
  operatorId: z.string(),
  username: z.string(),
  name: z.string(),
  orgName: z.string(),
  gridCode: z.string(),
  gridName: z.string(),
  role: gridRole,
  roleName: z.string(),
  duty: z.string().nullable(),
  createdAt: z.string(),
});

export const gridMemberResponse = envelope(gridMemberRow);
export const gridMemberListResponse = envelope(z.array(gridMemberRow));
export const gridMemberRemovedResponse = envelope(z.object({ removed: z.boolean() }));

const stationRow = z.object({
  code: z.string(),
  name: z.string(),
  lon: z.number(),
  lat: z.number(),
});
const deviceRow = z.object({
  deviceId: z.string(),
  mn: z.string(),
  name: z.string(),
  type: z.string(),
  lon: z.number(),
  lat: z.number(),
});

export const gridRelatedResponse = envelope(
  z.object({
    grid: gridRow,
    members: z.array(gridMemberRow),
    children: z.array(gridRow),
    stations: z.array(stationRow).describe('边界内的国控/省控监测站'),
    devices: z.array(deviceRow).describe('边界内登记的设备（未退役）'),
  }),
);

/** Air values of one place: concentrations in μg/m³ (CO mg/m³), the AQI where it can be computed. */
export const gridAirValues = z.object({
  aqi: z.number().nullable(),
  level: z.number().int().describe('0 为无 AQI'),
  primaryPollutant: z.array(z.string()),
  pm2_5: z.number().nullable(),
  pm10: z.number().nullable(),
  so2: z.number().nullable(),
  no2: z.number().nullable(),
  co: z.number().nullable(),
  o3: z.number().nullable(),
});

export const gridRealTimeSource = z.object({
  kind: z.enum(['station', 'device']),
  code: z.string().describe('站点编码或设备 MN'),
  name: z.string(),
  lon: z.number(),
  lat: z.number(),
  time: z.string().nullable().describe('最新数据时间（北京时间）'),
  values: gridAirValues,
});

export const gridRealTimeData = z.object({
  gridCode: z.string(),
  name: z.string(),
  time: z.string().nullable().describe('国控站最新小时'),
  stations: z.array(gridRealTimeSource),
  devices: z.array(gridRealTimeSource),
  mean: gridAirValues.describe('网格内各来源的平均值（AQI 由平均浓度计算）'),
});

export const gridRealTimeResponse = envelope(gridRealTimeData);

export const gridAccumulation = z.object({
  factor: z.enum(['pm2_5', 'pm10', 'so2', 'no2', 'co', 'o3']),
  mean: z.number().nullable().describe('时段内各站小时值的平均'),
  max: z.number().nullable(),
  hours: z.number().int().describe('有效小时数（站 × 小时）'),
  limit: z.number().describe('GB 3095-2012 二级小时/日均限值'),
  exceedHours: z.number().int().describe('超过限值的小时数（站 × 小时）'),
});

export const gridRealTimeAndAccumulativeResponse = envelope(
  z.object({
    current: gridRealTimeData,
    startTime: z.string(),
    endTime: z.string(),
    accumulated: z.array(gridAccumulation),
    meanAqi: z.number().nullable().describe('以时段平均浓度按小时分指数计算的 AQI（参考）'),
  }),
);

export const gridInfoResponse = envelope(
  gridRow.extend({
    parents: z.array(z.object({ gridCode: z.string(), name: z.string(), level: z.number().int() })),
    areaPath: z.array(z.object({ areaCode: z.string(), areaName: z.string() })).describe('省、市、区县'),
  }),
);

export const gridImportError = z.object({
  index: z.number().int().describe('要素序号，从 0 开始'),
  name: z.string().nullable(),
  message: z.string(),
});

export const gridImportResponse = envelope(
  z.object({ imported: z.number().int(), codes: z.array(z.string()).describe('按要素顺序的网格编码') }),
);

export type GridRow = z.infer<typeof gridRow>;
export type GridFeature = z.infer<typeof gridFeature>;
export type GridMemberRow = z.infer<typeof gridMemberRow>;
export type GridAirValues = z.infer<typeof gridAirValues>;
export type GridRealTimeData = z.infer<typeof gridRealTimeData>;
export type GridImportError = z.infer<typeof gridImportError>;
export type GridSaveBody = z.output<typeof gridSaveBody>;
export type GridUpdateBody = z.output<typeof gridUpdateBody>;
