import { z } from 'zod';
import { airValues, chinaDateTime, dataSource, pollutantKey } from './air';
import { envelope } from './envelope';
import { siteInfo } from './reference';

/**
 * Monitoring stations: a city's stations with their latest hour, one station's latest hour and
 * series, and the national map as GeoJSON. A "latest" value always carries its time and is marked
 * `stale` when older than 3 hours.
 */

/** An hour of air quality with its time, provenance and freshness. */
export const latestHourAir = airValues.extend({
  time: chinaDateTime.describe('数据时间（小时末）'),
  source: dataSource,
  isDemo: z.boolean(),
  stale: z.boolean().describe('早于当前 3 小时以上'),
});

export const siteDetailInfo = siteInfo.extend({
  cityName: z.string(),
  active: z.boolean().describe('仍在运行的站点'),
});

export const citySiteItem = siteDetailInfo.extend({
  latest: latestHourAir.nullable().describe('站点最近一小时；从未有数据时为 null'),
});

export const citySiteData = z.object({
  cityCode: z.string(),
  cityName: z.string(),
  pyName: z.string(),
  city: latestHourAir.nullable().describe('城市自身最近一小时（不含对照点），用于对比'),
  sites: z.array(citySiteItem),
});

export const citySiteResponse = envelope(citySiteData);

export const sitePollutantIndex = z.object({
  key: pollutantKey,
  value: z.number().nullable(),
  iaqi: z.number().int().nullable().describe('空气质量分指数（实时报：1 小时值；O3_8h 用 8 小时表）'),
  level: z.number().int().min(0).max(6).describe('该污染物浓度的级别'),
  levelName: z.string(),
  color: z.string(),
});

export const siteCurrentData = z.object({
  site: siteDetailInfo,
  latest: latestHourAir
    .extend({ pollutants: z.array(sitePollutantIndex) })
    .nullable()
    .describe('从未有数据时为 null'),
});

export const siteCurrentResponse = envelope(siteCurrentData);

export const siteSeriesHour = airValues.extend({
  time: chinaDateTime,
  source: dataSource,
  isDemo: z.boolean(),
});

export const siteDetailData = z.object({
  site: siteDetailInfo,
  startTime: chinaDateTime,
  endTime: chinaDateTime,
  latestTime: chinaDateTime.nullable().describe('站点最近一次数据的时间'),
  stale: z.boolean().describe('站点最近一次数据早于当前 3 小时以上（或从未有数据）'),
  items: z.array(siteSeriesHour).describe('范围内已入库的小时，按时间升序；缺测的小时不出现'),
});

export const siteDetailResponse = envelope(siteDetailData);

export const mapDataType = z.enum(['aqi', 'pm2_5', 'pm10', 'so2', 'no2', 'o3', 'o3_8h', 'co']);

export const mapFeatureProperties = z.object({
  code: z.string().describe('站点编码或城市区划代码'),
  name: z.string(),
  cityCode: z.string(),
  cityName: z.string(),
  isReference: z.boolean().describe('对照点（城市地图恒为 false）'),
  value: z.number().nullable().describe('所选指标的值'),
  level: z.number().int().min(0).max(6),
  levelName: z.string(),
  color: z.string(),
  time: chinaDateTime,
  source: dataSource,
  isDemo: z.boolean(),
  stale: z.boolean(),
});

export const mapFeature = z.object({
  type: z.literal('Feature'),
  geometry: z.object({
    type: z.literal('Point'),
    coordinates: z.tuple([z.number(), z.number()]).describe('[经度, 纬度]'),
  }),
  properties: mapFeatureProperties,
});

export const mapSiteData = z.object({
  type: z.literal('FeatureCollection'),
  timeType: z.enum(['hour', 'day']),
  time: chinaDateTime.nullable().describe('所用小时（小时末）或日的起点；没有任何数据时为 null'),
  dataType: mapDataType,
  mapType: z.enum(['site', 'city']),
  stale: z.boolean(),
  features: z.array(mapFeature),
});

/**
 * getMapSiteData's compact form (formatType=2): the national map as columns, one array per field,
 * holding what the map draws and nothing twice. The GeoJSON form (formatType=1) repeats per point
 * the property names, the hour, the stale flag, the level's name and colour and the city's name:
 * 1,500 stations come to ~420 KB of JSON; as columns ~100 KB, ~25 KB with brotli.
 * `expandMapSiteColumns` turns it back into exactly the GeoJSON answer (a test holds the two equal),
 * so a client may ask for the compact form and draw the same map.
 */
export const mapSiteColumns = z.object({
  format: z.literal('columns'),
  timeType: z.enum(['hour', 'day']),
  time: chinaDateTime.nullable(),
  dataType: mapDataType,
  mapType: z.enum(['site', 'city']),
  stale: z.boolean().describe('每个点的 stale 与 time 都与此相同'),
  cities: z.record(z.string(), z.string()).describe('城市代码 → 城市名称'),
  sources: z.array(dataSource).describe('source 列的取值表'),
  code: z.array(z.string()),
  name: z.array(z.string()),
  cityCode: z.array(z.string()),
  longitude: z.array(z.number()),
  latitude: z.array(z.number()),
  value: z.array(z.number().nullable()),
  level: z.array(z.number().int().min(0).max(6)).describe('级别名称与颜色按 HJ 633-2012 的级别表'),
  isReference: z.array(z.union([z.literal(0), z.literal(1)])),
  source: z.array(z.number().int().min(0)).describe('sources 中的序号'),
});

/** formatType=1: GeoJSON; formatType=2: the same map as columns (map-columns.ts). */
export const mapSiteResponse = envelope(z.union([mapSiteData, mapSiteColumns]));

export type LatestHourAir = z.infer<typeof latestHourAir>;
export type SiteDetailInfo = z.infer<typeof siteDetailInfo>;
export type CitySiteItem = z.infer<typeof citySiteItem>;
export type CitySiteData = z.infer<typeof citySiteData>;
export type SitePollutantIndex = z.infer<typeof sitePollutantIndex>;
export type SiteCurrentData = z.infer<typeof siteCurrentData>;
export type SiteSeriesHour = z.infer<typeof siteSeriesHour>;
export type SiteDetailData = z.infer<typeof siteDetailData>;
export type MapDataType = z.infer<typeof mapDataType>;
export type MapFeature = z.infer<typeof mapFeature>;
export type MapSiteData = z.infer<typeof mapSiteData>;
