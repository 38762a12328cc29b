import { z } from 'zod';
import { chinaDateTime } from '../air';
import { envelope } from '../envelope';
import { areaCode } from '../reference';
import { eventState, gridCodeParam } from './events';

/**
 * The read side of grid events (issue 15; spec §7 "Platform: events, patrol, org, grid, hot map"):
 * the hot map `/adm/incident/*`, the statistics `/adm/statistics/*`, the index page's charts
 * `/adm/index/*` and the grid event counts under `/adm/grid/*`. Every count is over the reader's event
 * scope; periods are China time, the last 30 days by default, at most three years.
 */

const catalogFilter = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/, '不是有效的事件类别')
  .describe('事件类别（eventClassification，含其子类）');

const period = {
  startTime: chinaDateTime.optional().describe('开始时间（北京时间，含；默认结束时间前 30 天）'),
  endTime: chinaDateTime.optional().describe('结束时间（北京时间，含；默认现在）'),
};

export const incidentPeriodQuery = z.object({ ...period, eventClassification: catalogFilter.optional() });

const lon = (name: string) =>
  z.coerce.number(`${name}应为数字`).min(-180, `${name}超出范围`).max(180, `${name}超出范围`);
const lat = (name: string) => z.coerce.number(`${name}应为数字`).min(-90, `${name}超出范围`).max(90, `${name}超出范围`);

const bboxFields = {
  minLon: lon('minLon').optional().describe('视野西边经度'),
  minLat: lat('minLat').optional().describe('视野南边纬度'),
  maxLon: lon('maxLon').optional().describe('视野东边经度'),
  maxLat: lat('maxLat').optional().describe('视野北边纬度'),
};

interface BboxInput {
  minLon?: number | undefined;
  minLat?: number | undefined;
  maxLon?: number | undefined;
  maxLat?: number | undefined;
}

/** The four edges come together or not at all, west of east and south of north. */
function checkBbox(value: BboxInput, ctx: z.RefinementCtx, required: boolean) {
  const given = [value.minLon, value.minLat, value.maxLon, value.maxLat].filter((v) => v !== undefined).length;
  if (given === 0 && !required) return;
  if (given !== 4) {
    ctx.addIssue({ code: 'custom', path: ['minLon'], message: '视野范围应同时给出 minLon、minLat、maxLon、maxLat' });
    return;
  }
  if ((value.minLon ?? 0) >= (value.maxLon ?? 0)) {
    ctx.addIssue({ code: 'custom', path: ['maxLon'], message: 'maxLon 应大于 minLon' });
  }
  if ((value.minLat ?? 0) >= (value.maxLat ?? 0)) {
    ctx.addIssue({ code: 'custom', path: ['maxLat'], message: 'maxLat 应大于 minLat' });
  }
}

export const hotMapQuery = incidentPeriodQuery
  .extend({
    zoom: z.coerce
      .number('zoom 应为整数')
      .int('zoom 应为整数')
      .min(3, 'zoom 应在 3–18 之间')
      .max(18, 'zoom 应在 3–18 之间')
      .default(10)
      .describe('地图缩放级别 3–18，决定聚合格子的大小'),
    ...bboxFields,
  })
  .superRefine((value, ctx) => checkBbox(value, ctx, false));

export const locationQuery = incidentPeriodQuery
  .extend(bboxFields)
  .superRefine((value, ctx) => checkBbox(value, ctx, true));

export const catalogStatsQuery = z.object({
  ...period,
  eventClassification: catalogFilter,
  timeType: z.enum(['day', 'month']).default('month').describe('按日或按月'),
});

export const statisticsQuery = incidentPeriodQuery.extend({
  gridCode: gridCodeParam.optional().describe('网格：按其下一级网格统计；不填按顶级网格'),
  timeType: z.enum(['day', 'month', 'year']).default('day').describe('按日、按月或按年（byPeriod）'),
});

export const STATISTICS_SHEETS = {
  byCatalog: '按类别',
  byGrid: '按网格',
  byOrg: '按组织',
  byPeriod: '按时间',
  handling: '处置时效',
  events: '事件明细',
} as const;
export const statisticsSheet = z.enum(['byCatalog', 'byGrid', 'byOrg', 'byPeriod', 'handling', 'events']);
export const statisticsExportQuery = statisticsQuery.extend({
  sheet: statisticsSheet.describe(
    '导出哪张表：byCatalog、byGrid、byOrg、byPeriod、handling、events（明细，至多 10 万行）',
  ),
});

export const indexDateQuery = z.object(period);

export const gridCodeRequired = z.object({ gridCode: gridCodeParam });

export const gridEventQuery = z.object({
  gridCode: gridCodeParam,
  pageNum: z.coerce.number().int('页码应为整数').min(1, '页码从 1 开始').max(100_000).default(1),
  pageSize: z.coerce.number().int('每页行数应为整数').min(1, '每页至少 1 行').max(100, '每页最多 100 行').default(20),
  eventState: eventState.optional(),
});

export const gridAnalyzeQuery = z.object({ gridCode: gridCodeParam, ...period });

export const gridIncidentCountQuery = z
  .object({
    parentCode: gridCodeParam.optional().describe('上级网格（按其下一级网格统计）'),
    areaCode: areaCode.optional().describe('区县（按其顶级网格统计）'),
    ...period,
  })
  .superRefine((value, ctx) => {
    if (value.parentCode === undefined && value.areaCode === undefined) {
      ctx.addIssue({ code: 'custom', path: ['parentCode'], message: '请给出 parentCode 或 areaCode' });
    }
  });

// --- Answers -------------------------------------------------------------------------------------

const catalogCount = z.object({ code: z.string(), name: z.string(), count: z.number().int() });

export const hotMapCell = z.object({
  lon: z.number().describe('格内事件的平均经度'),
  lat: z.number().describe('格内事件的平均纬度'),
  count: z.number().int(),
  catalogs: z.array(catalogCount).describe('格内事件最多的类别（至多 3 个）'),
});
export const hotMapResponse = envelope(
  z.object({
    zoom: z.number().int(),
    cellDegrees: z.number().describe('格子边长（度）= 360 / 2^(zoom+2)'),
    total: z.number().int(),
    truncated: z.boolean().describe('格子过多（放大后未给视野范围）时只给出事件最多的 10,000 个'),
    cells: z.array(hotMapCell),
  }),
);

export const LOCATION_LIMIT = 500;
export const eventMarker = z.object({
  eventId: z.string(),
  title: z.string(),
  eventClassification: z.string(),
  catalogName: z.string(),
  eventState: eventState,
  stateName: z.string(),
  longitude: z.number(),
  latitude: z.number(),
  bindGridCode: z.string().nullable(),
  reportedAt: chinaDateTime,
  overdue: z.boolean(),
});
export const locationResponse = envelope(
  z.object({
    total: z.number().int(),
    truncated: z.boolean().describe(`范围内超过 ${LOCATION_LIMIT} 个事件时只给出最新的 ${LOCATION_LIMIT} 个`),
    list: z.array(eventMarker),
  }),
);

export interface CatalogCountNode {
  code: string;
  name: string;
  /** Events filed under this catalogue itself. */
  own: number;
  /** Its own events and every sub-catalogue's. */
  count: number;
  children: CatalogCountNode[];
}
export const catalogCountNode: z.ZodType<CatalogCountNode> = z
  .lazy(() =>
    z.object({
      code: z.string(),
      name: z.string(),
      own: z.number().int().describe('直接归在本类的事件数'),
      count: z.number().int().describe('本类及其子类的事件数'),
      children: z.array(catalogCountNode),
    }),
  )
  .meta({ id: 'IncidentCatalogCountNode' });
export const catalogCountTreeResponse = envelope(
  z.object({ total: z.number().int(), tree: z.array(catalogCountNode) }),
);

/** A row of a breakdown: events of one catalogue, grid, organisation or period, by where they stand. */
export const breakdownRow = z.object({
  key: z.string().nullable().describe('类别编码、网格编码、组织编号或日期；null 为未划入网格 / 未派遣'),
  name: z.string(),
  total: z.number().int(),
  open: z.number().int().describe('待处置（已上报、已受理、已派遣、处置中、已退回）'),
  handled: z.number().int().describe('已处置待审核或已审核'),
  closed: z.number().int().describe('已结案'),
  rejected: z.number().int().describe('已驳回'),
  overdue: z.number().int().describe('逾期（曾被标记逾期，或未处置且已过时限）'),
});
export type BreakdownRow = z.infer<typeof breakdownRow>;
export const breakdownResponse = envelope(z.array(breakdownRow));

export const topCatalogsResponse = envelope(z.array(catalogCount));

export const catalogStatsResponse = envelope(
  z.object({
    eventClassification: z.string(),
    catalogName: z.string(),
    total: z.number().int(),
    byState: z.array(z.object({ eventState: eventState, stateName: z.string(), count: z.number().int() })),
    series: z.object({
      timeType: z.enum(['day', 'month']),
      dates: z.array(z.string()),
      counts: z.array(z.number().int()),
    }),
    byGrid: z.array(z.object({ gridCode: z.string().nullable(), gridName: z.string(), count: z.number().int() })),
  }),
);

const duration = z.object({
  count: z.number().int().describe('参与计算的事件数'),
  averageSeconds: z.number().nullable(),
  medianSeconds: z.number().nullable(),
});
export const handlingReport = z.object({
  events: z.number().int(),
  response: duration.describe('响应：上报 → 受理'),
  dispatch: duration.describe('派遣：上报 → 派遣'),
  handling: duration.describe('处置：派遣 → 处置完成'),
  total: duration.describe('办结：上报 → 结案'),
  overdue: z.number().int(),
  overdueRate: z.number().nullable().describe('逾期率（0–1）：逾期事件 / 事件数'),
});
export type HandlingReport = z.infer<typeof handlingReport>;
export const handlingResponse = envelope(handlingReport);

export const eventDateResponse = envelope(
  z.object({ dates: z.array(z.string()), counts: z.array(z.number().int()), total: z.number().int() }),
);

export interface OrgEventNode {
  id: string;
  parentId: string | null;
  name: string;
  areaCode: string;
  areaName: string;
  /** Events dispatched to this organisation (itself). */
  dispatched: number;
  open: number;
  closed: number;
  /** Events dispatched to it and to every organisation below. */
  subtreeDispatched: number;
  children: OrgEventNode[];
}
export const orgEventNode: z.ZodType<OrgEventNode> = z
  .lazy(() =>
    z.object({
      id: z.string(),
      parentId: z.string().nullable(),
      name: z.string(),
      areaCode: z.string(),
      areaName: z.string(),
      dispatched: z.number().int().describe('派遣给本组织的事件数'),
      open: z.number().int().describe('其中未处置完成'),
      closed: z.number().int().describe('其中已结案'),
      subtreeDispatched: z.number().int().describe('本组织及下级组织的派遣事件数'),
      children: z.array(orgEventNode),
    }),
  )
  .meta({ id: 'OrgEventNode' });
export const orgEventTreeResponse = envelope(z.array(orgEventNode));

export const gridAnalyzeResponse = envelope(
  z.object({ gridCode: z.string(), children: z.array(breakdownRow), catalogs: z.array(breakdownRow) }),
);

export const gridIncidentCountResponse = envelope(
  z.array(z.object({ gridCode: z.string().nullable(), gridName: z.string(), count: z.number().int() })),
);
