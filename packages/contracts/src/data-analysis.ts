import { z } from 'zod';
import { envelope } from './envelope';

/**
 * Data analysis (数据分析, issue 18): the history query of cities or stations, its export as CSV and
 * XLSX through a short-lived ticket, and the station clusters (getClusterData / getClusterMsg /
 * getClusterEachData). Request parameters are parsed on the server (data-analysis.schemas.ts); these
 * are the names and answers both sides share.
 */

/** The pollutants a history query may ask for, in the order tables and files show them. */
export const HISTORY_POLLUTANTS = ['aqi', 'pm2_5', 'pm10', 'o3', 'o3_8h', 'no2', 'so2', 'co'] as const;
export const historyPollutant = z.enum(HISTORY_POLLUTANTS);
export type HistoryPollutant = z.infer<typeof historyPollutant>;

export const HISTORY_GRANULARITIES = ['hour', 'day', 'month'] as const;
export const historyGranularity = z.enum(HISTORY_GRANULARITIES);
export type HistoryGranularity = z.infer<typeof historyGranularity>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const exportFormat = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof exportFormat>;

/** The limits of one query, answered by every call so that the page can say them before asking. */
export const HISTORY_LIMITS = {
  /** Cities or stations in one query. */
  maxTargets: 50,
  /** Span of an hourly query, and of any station query (station days and months are computed from hours). */
  maxHourSpanDays: 366,
  /** Span of a daily query of cities. */
  maxDaySpanDays: 3660,
  /** Span of a monthly query of cities. */
  maxMonthSpan: 240,
  /** Rows (targets × periods) one page query reads; the export takes up to maxTargets × a year of hours. */
  maxQueryRows: 120_000,
  /** Points the chart series carry at most; beyond, every n-th period is kept (seriesStep). */
  maxChartPoints: 60_000,
  pageSizeMax: 500,
} as const;

export const historyTarget = z.object({
  kind: z.enum(['city', 'station']),
  code: z.string(),
  name: z.string(),
  /** The station's city (for a city, its own name). */
  cityName: z.string(),
});
export type HistoryTarget = z.infer<typeof historyTarget>;

export const historyColumn = z.object({
  key: historyPollutant,
  /** Column title as tables and files show it, with its unit and statistic ('CO 第95百分位 (mg/m³)'). */
  title: z.string(),
  unit: z.string(),
});

export const historyRow = z.object({
  /** 'YYYY-MM-DD HH:00' (hour, by its end), 'YYYY-MM-DD' (day) or 'YYYY-MM' (month), China time. */
  time: z.string(),
  code: z.string(),
  name: z.string(),
  /** In the order of `columns`; null when missing. */
  values: z.array(z.number().nullable()),
});
export type HistoryRow = z.infer<typeof historyRow>;

export const historySeries = z.object({
  code: z.string(),
  pollutant: historyPollutant,
  /** Aligned with `times`; null where no value is stored. */
  data: z.array(z.number().nullable()),
});

export const historyData = z.object({
  granularity: historyGranularity,
  startTime: z.string(),
  endTime: z.string(),
  targets: z.array(historyTarget),
  columns: z.array(historyColumn),
  /** The chart's axis: every period of the range (after thinning by seriesStep). */
  times: z.array(z.string()),
  /** 1, or n when only every n-th period is drawn (the table and the export have them all). */
  seriesStep: z.number().int(),
  series: z.array(historySeries),
  /** Stored rows only, ordered by target (as asked) then time: the order of the export files. */
  table: z.object({
    list: z.array(historyRow),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  }),
  /** What a reader must know about the statistics (month values, computed station days). */
  notes: z.array(z.string()),
});
export type HistoryData = z.infer<typeof historyData>;
export const historyDataResponse = envelope(historyData);

export const exportTicket = z.object({
  ticket: z.string(),
  /** The unsigned download address (GET), valid once and until expiresAt. */
  url: z.string(),
  fileName: z.string(),
  /** 'YYYY-MM-DD HH:mm:ss' China time. */
  expiresAt: z.string(),
  rows: z.number().int().describe('文件将含的最多行数（目标数 × 时段数）'),
});
export type ExportTicket = z.infer<typeof exportTicket>;
export const exportTicketResponse = envelope(exportTicket);

/** The method of a clustering, stated with every answer (getClusterMsg). */
export const clusterMethod = z.object({
  algorithm: z.string(),
  features: z.string(),
  normalisation: z.string(),
  pollutant: historyPollutant,
  k: z.number().int().describe('请求的 k'),
  kUsed: z.number().int().describe('实际的类数（不超过有效站点数）'),
  seed: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  stations: z.number().int().describe('参与聚类的站点数'),
  excludedStations: z.number().int().describe('因某小时有效数据不足而未参与的站点数'),
  minHoursPerSlot: z.number().int(),
  iterations: z.number().int(),
  inertia: z.number(),
  silhouette: z.number().nullable(),
  /** The latest data hour the answer was computed at (answers are cached per data hour). */
  dataTime: z.string().nullable(),
});
export type ClusterMethod = z.infer<typeof clusterMethod>;
export const clusterMsgResponse = envelope(clusterMethod);

export const clusterFeature = z.object({
  type: z.literal('Feature'),
  geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
  properties: z.object({
    stationCode: z.string(),
    stationName: z.string(),
    cityCode: z.string(),
    cityName: z.string(),
    cluster: z.number().int(),
    /** Mean concentration (or AQI) over the period. */
    mean: z.number(),
    /** Distance of the normalised profile to its cluster's centroid. */
    distance: z.number(),
  }),
});
export const clusterCollection = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(clusterFeature),
  method: clusterMethod,
});
export type ClusterCollection = z.infer<typeof clusterCollection>;
export const clusterDataResponse = envelope(clusterCollection);

export const clusterEach = z.object({
  cluster: z.number().int(),
  size: z.number().int(),
  /** The centroid: 24 z-scores, hour 1 … 24 (an hour labelled by its end, China time). */
  centroid: z.array(z.number()),
  /** The members' mean profile in the pollutant's unit (what the shape looks like at its level). */
  meanProfile: z.array(z.number()),
  peakHour: z.number().int(),
  members: z.array(z.object({ stationCode: z.string(), stationName: z.string(), cityName: z.string() })),
});
export type ClusterEach = z.infer<typeof clusterEach>;
export const clusterEachResponse = envelope(z.array(clusterEach));
