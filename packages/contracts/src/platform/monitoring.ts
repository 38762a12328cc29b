import { z } from 'zod';
import { airValues, chinaDateTime, dataSource } from '../air';
import { envelope } from '../envelope';
import { areaCode } from '../reference';
import { deviceId, latestValue, mnCode, noiseZone, onlineState } from './devices';
import { pageOf, pageQuery } from './paging';

/**
 * Online monitoring (spec §7 "Platform: air, bigdata, analysis and forecast" and "Platform: noise,
 * exhaust"): the air stations of an operator's area — the national stations of the air data and the
 * micro-stations of the device core side by side — the cities' current values and device counts,
 * pollution-source devices, the real-time data table, noise histories and GB 3096-2008 exceedances,
 * and the exhaust remote-sensing rankings. Paths and parameter names are the spec's; every call is
 * limited to the operator's area (an area parameter outside it answers 403 AREA_OUT_OF_SCOPE).
 */

/** A China time parameter, 'YYYY-MM-DD HH:mm:ss'. */
const timeText = chinaDateTime;

/** Device type codes as the dictionary writes them (A01, N01…). */
const deviceTypeCode = z.string().regex(/^[A-Z][A-Z0-9]{1,7}$/, '不是有效的设备类型');

const keyword = z.string().trim().max(40, '过长').optional();

// --- Air stations (/onlineMonitor/airStation/*) -------------------------------------------------

/** Device types shown as air stations beside the national ones: micro-stations, automatic stations, dust monitors. */
export const AIR_STATION_DEVICE_TYPES = ['A01', 'A02', 'D01'] as const;
/** Device types listed as pollution sources: catering fume, VOCs, enterprise power meters, exhaust remote sensing. */
export const POLLUTION_SOURCE_TYPES = ['S01', 'V01', 'P01', 'E01'] as const;
export const pollutionSourceType = z.enum(POLLUTION_SOURCE_TYPES);

export const MONITOR_STATION_KINDS = { national: '国控站', device: '微站' } as const;
export const monitorStationKind = z.enum(['national', 'device']);
export type MonitorStationKind = z.infer<typeof monitorStationKind>;

export const monitorStationRow = z.object({
  stationId: z.string().describe('国控站为站点编码；微站为设备编号（deviceId）'),
  code: z.string().describe('国控站站点编码，或设备 MN'),
  name: z.string(),
  kind: monitorStationKind,
  kindName: z.string(),
  type: z.string().nullable().describe('设备类型（A01 微型站、A02 自动站、D01 扬尘）；国控站为 null'),
  typeName: z.string(),
  areaCode: z.string().describe('所在区县（无区县时为城市）'),
  areaName: z.string(),
  cityCode: z.string().nullable(),
  lon: z.number().nullable(),
  lat: z.number().nullable(),
  online: onlineState.describe('国控站：最新小时数据在 3 小时内为在线'),
  onlineName: z.string(),
  time: chinaDateTime.nullable().describe('最新数据的时间（国控站为小时末）'),
  values: airValues.describe('最新值；微站的 AQI 由最新值按 HJ 633-2012 的 1 小时浓度计算，仅供参考（不是小时均值）'),
  tsp: z.number().nullable().describe('TSP（扬尘监测仪），μg/m³'),
  isDemo: z.boolean().describe('演示数据'),
});
export type MonitorStationRow = z.infer<typeof monitorStationRow>;

export const allStationQuery = z.object({
  areaCode: areaCode.optional().describe('只列该地区的站点（须在本人所辖区域内）'),
  kind: monitorStationKind.optional().describe('national 国控站，device 微站；不填为全部'),
});
export const cityStationQuery = z.object({
  cityCode: areaCode.describe('城市（或区县）代码，须在本人所辖区域内'),
  kind: monitorStationKind.optional(),
});
export const monitorStationsResponse = envelope(z.array(monitorStationRow));

export const stationPageQuery = pageQuery.extend({
  keyword: keyword.describe('站点名称、编码或 MN'),
  areaCode: areaCode.optional(),
  kind: monitorStationKind.optional(),
});
export const monitorStationPageResponse = envelope(pageOf(monitorStationRow));

/** A city's (or area's) latest hour of the national air data. */
export const cityAirLatest = airValues.extend({
  time: chinaDateTime.describe('小时末，北京时间'),
  source: dataSource,
  isDemo: z.boolean(),
  stationCount: z.number().int().describe('参与计算的国控站数（不含对照点）'),
});

export const cityCodeQuery = z.object({ cityCode: areaCode.describe('城市代码（须在本人所辖区域内）') });

export const deviceCounts = z.object({
  total: z.number().int(),
  online: z.number().int(),
  offline: z.number().int(),
  never: z.number().int().describe('登记后从未上线'),
});

export const cityRealTimeAndTotal = z.object({
  cityCode: z.string(),
  cityName: z.string(),
  current: cityAirLatest.nullable().describe('城市当前小时的空气质量；无数据为 null'),
  nationalStations: z.object({
    total: z.number().int(),
    reporting: z.number().int().describe('有当前小时数据的国控站'),
  }),
  devices: deviceCounts.describe('辖区内该城市的全部设备（不含已退役）'),
  airDevices: deviceCounts.describe('其中的空气微站（A01、A02、D01）'),
  activeAlarms: z.number().int().describe('这些设备未解除的告警数'),
});
export const cityRealTimeAndTotalResponse = envelope(cityRealTimeAndTotal);

export const cityLastData = cityAirLatest.extend({
  cityCode: z.string(),
  cityName: z.string(),
  pm2_5_24h: z.number().nullable(),
  pm10_24h: z.number().nullable(),
  so2_24h: z.number().nullable(),
  no2_24h: z.number().nullable(),
  co_24h: z.number().nullable(),
  o3_1h_max: z.number().nullable(),
  o3_8h_max: z.number().nullable(),
});
export const cityLastDataResponse = envelope(cityLastData.nullable().describe('该城市近 7 天无数据时为 null'));

export const pollutionSourceQuery = z.object({
  type: pollutionSourceType.optional().describe('S01 油烟、V01 VOCs、P01 分表计电、E01 尾气遥感；不填为全部'),
  areaCode: areaCode.optional(),
  keyword: keyword.describe('设备名称、MN 或站点名称'),
});
export const pollutionSourceRow = z.object({
  deviceId: z.string(),
  mn: z.string(),
  name: z.string(),
  type: z.string(),
  typeName: z.string(),
  siteName: z.string(),
  areaCode: z.string(),
  areaName: z.string(),
  lon: z.number(),
  lat: z.number(),
  online: onlineState,
  onlineName: z.string(),
  lastSeen: chinaDateTime.nullable(),
  latest: z.array(latestValue).describe('各因子最新值'),
});
export const pollutionSourcesResponse = envelope(z.array(pollutionSourceRow));

// --- Real-time data table (/dataQuery/realtimeData/vorealtimeData) -----------------------------

export const realtimeDataQuery = pageQuery.extend({
  deviceType: deviceTypeCode.optional(),
  areaCode: areaCode.optional(),
  keyword: keyword.describe('MN、设备名称或站点名称'),
});
export const factorColumn = z.object({ code: z.string(), name: z.string(), unit: z.string() });
export const realtimeDataRow = z.object({
  deviceId: z.string(),
  mn: z.string(),
  name: z.string(),
  type: z.string(),
  typeName: z.string(),
  siteName: z.string(),
  areaCode: z.string(),
  areaName: z.string(),
  online: onlineState,
  onlineName: z.string(),
  time: chinaDateTime.nullable().describe('最新数据的数据时间'),
  values: z.record(z.string(), z.number().nullable()).describe('因子编码 → 最新值'),
  flags: z.record(z.string(), z.string().nullable()).describe('因子编码 → HJ 212 数据标记'),
});
export const realtimeDataPage = pageOf(realtimeDataRow).extend({
  factors: z.array(factorColumn).describe('本页设备的因子（表格的列）：按设备配置的顺序，未配置而上报的因子在后'),
});
export const realtimeDataResponse = envelope(realtimeDataPage);

// --- Noise (/noise/*) ---------------------------------------------------------------------------

export const NOISE_DATA_TYPES = { minute: '分钟', hour: '小时', day: '日' } as const;
export const noiseDataType = z.enum(['minute', 'hour', 'day']);
export const noisePeriod = z.enum(['day', 'night']);

export const noiseDataQuery = z.object({
  deviceCode: mnCode.describe('噪声设备的 MN'),
  startTime: timeText.optional().describe('默认结束时间前 24 小时'),
  endTime: timeText.optional().describe('默认现在'),
  dataType: noiseDataType
    .default('hour')
    .describe('minute 分钟（最多 7 天）、hour 小时（最多 92 天）、day 日（最多 366 天）'),
});

export const noisePoint = z.object({
  time: chinaDateTime.describe('分钟为数据时间，小时为小时末，日为当日 00:00'),
  LA: z.number().nullable(),
  LAeq: z.number().nullable(),
  value: z.number().nullable().describe('评价用的值：LAeq，无 LAeq 时为 LA'),
  valid: z.boolean().describe('小时、日值是否满足有效性要求；人工标记无效的为 false'),
  period: noisePeriod.nullable().describe('昼间（06–22 时）/夜间；日值为 null'),
  periodName: z.string().nullable(),
  limit: z.number().nullable().describe('GB 3096-2008 该时段的限值；日值为 null（见 dayLimit、nightLimit）'),
  exceedance: z.number().nullable().describe('超过限值的分贝数；未超标为 null'),
});

const noiseDevice = {
  deviceId: z.string(),
  deviceCode: z.string().describe('MN'),
  deviceName: z.string(),
  siteName: z.string(),
  areaCode: z.string(),
  areaName: z.string(),
  zone: noiseZone.describe('声环境功能区（设备配置 noiseZone，未配置为 2 类）'),
  zoneName: z.string(),
};

export const noiseSeries = z.object({
  ...noiseDevice,
  zoneLabel: z.string(),
  dayLimit: z.number(),
  nightLimit: z.number(),
  unit: z.string(),
  dataType: noiseDataType,
  startTime: chinaDateTime,
  endTime: chinaDateTime,
  points: z.array(noisePoint),
});
export const noiseSeriesResponse = envelope(noiseSeries);

export const noisePageQuery = pageQuery.extend({
  deviceCode: mnCode.optional().describe('不填为辖区内全部噪声设备'),
  startTime: timeText.optional(),
  endTime: timeText.optional().describe('默认现在；时间范围最多 31 天'),
});

export const noiseHourRow = z.object({
  ...noiseDevice,
  time: chinaDateTime.describe('小时末'),
  LA: z.number().nullable(),
  LAeq: z.number().nullable(),
  value: z.number().nullable(),
  valid: z.boolean(),
  period: noisePeriod,
  periodName: z.string(),
  limit: z.number(),
  exceedance: z.number().nullable(),
});
export const noiseHistoryPageResponse = envelope(
  pageOf(noiseHourRow).extend({ startTime: chinaDateTime, endTime: chinaDateTime }),
);

export const noiseAlarmRow = z.object({
  ...noiseDevice,
  time: chinaDateTime.describe('超标小时（小时末）'),
  period: noisePeriod,
  periodName: z.string().describe('昼间 / 夜间'),
  limit: z.number(),
  value: z.number(),
  exceedance: z.number().describe('超标分贝数（值 − 限值）'),
});
export const noiseAlarmPageResponse = envelope(
  pageOf(noiseAlarmRow).extend({ startTime: chinaDateTime, endTime: chinaDateTime }),
);

// --- Exhaust remote sensing (/exh/*) ------------------------------------------------------------

/** The exhaust factors of a remote-sensing device (E01). */
export const EXHAUST_FACTORS = ['exhCO', 'exhHC', 'exhNO', 'opacity'] as const;
/** Opacity (%) above which an hour counts as over the limit, unless the call names another. */
export const DEFAULT_OPACITY_LIMIT = 30;

const opacityLimit = z.coerce
  .number()
  .min(0, '限值应在 0–100 之间')
  .max(100, '限值应在 0–100 之间')
  .default(DEFAULT_OPACITY_LIMIT)
  .describe(`不透光度限值（%），小时均值超过即计为超标小时，默认 ${DEFAULT_OPACITY_LIMIT}`);

const exhaustRange = {
  startTime: timeText.optional().describe('默认结束时间前 7 天'),
  endTime: timeText.optional().describe('默认现在；时间范围最多 92 天'),
  opacityLimit,
};

export const exhaustRankQuery = z.object({
  ...exhaustRange,
  sortBy: z
    .enum(['opacity', 'overHours'])
    .default('opacity')
    .describe('opacity 按平均不透光度，overHours 按超标小时数'),
});
export const exhaustMeans = z.object({
  exhCO: z.number().nullable(),
  exhHC: z.number().nullable(),
  exhNO: z.number().nullable(),
  opacity: z.number().nullable(),
});
export const exhaustRankRow = z.object({
  rank: z.number().int(),
  deviceId: z.string(),
  mn: z.string(),
  name: z.string(),
  siteName: z.string(),
  areaCode: z.string(),
  areaName: z.string(),
  hours: z.number().int().describe('有效的不透光度小时数'),
  overHours: z.number().int(),
  maxOpacity: z.number().nullable(),
  means: exhaustMeans.describe('各因子有效小时的均值'),
});
export const exhaustRank = z.object({
  startTime: chinaDateTime,
  endTime: chinaDateTime,
  opacityLimit: z.number(),
  list: z.array(exhaustRankRow),
});
export const exhaustRankResponse = envelope(exhaustRank);

export const exhaustBigdataQuery = z.object({
  deviceid: deviceId.optional().describe('不填为辖区内全部尾气遥感设备'),
  ...exhaustRange,
});
export const exhaustOverview = z.object({
  startTime: chinaDateTime,
  endTime: chinaDateTime,
  opacityLimit: z.number(),
  devices: deviceCounts,
  hours: z.number().int().describe('有效的不透光度小时数（设备 × 小时）'),
  overHours: z.number().int(),
  maxOpacity: z.number().nullable(),
  means: exhaustMeans,
});
export const exhaustOverviewResponse = envelope(exhaustOverview);

export const exhaustTrendDay = exhaustMeans.extend({
  date: z.string().describe('YYYY-MM-DD'),
  hours: z.number().int(),
  overHours: z.number().int(),
});
export const exhaustTrend = z.object({
  startTime: chinaDateTime,
  endTime: chinaDateTime,
  opacityLimit: z.number(),
  days: z.array(exhaustTrendDay).describe('时间范围内的每一天（无数据的日子各值为 null）'),
});
export const exhaustTrendResponse = envelope(exhaustTrend);
