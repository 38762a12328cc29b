import { z } from 'zod';
import { chinaDateTime } from './air';
import { envelope } from './envelope';

/**
 * Upper air (issue 22): radiosonde soundings with their derived indices, the gridded wind of the
 * forecast (the wind field, point values, products) and kinematic air trajectories. Times are China
 * time; `demo` marks values of the 【演示】 generator (DEMO_DATA=on), never measurements.
 */

export const WIND_LEVELS = ['10m', '850hPa'] as const;

export const upperAirLevel = z.object({
  pressure: z.number().describe('气压 hPa'),
  height: z.number().nullable().describe('位势高度 m（海拔）'),
  temperature: z.number().nullable().describe('温度 ℃'),
  dewpoint: z.number().nullable().describe('露点 ℃'),
  windDirection: z.number().nullable().describe('风向（度，来向）'),
  windSpeed: z.number().nullable().describe('风速 m/s'),
});

export const inversionLayer = z.object({
  baseHeight: z.number().describe('逆温层底高度 m（海拔）'),
  topHeight: z.number().describe('逆温层顶高度 m（海拔）'),
  basePressure: z.number(),
  topPressure: z.number(),
  strength: z.number().describe('逆温强度 ℃'),
});

export const soundingIndices = z.object({
  lclPressure: z.number().nullable().describe('抬升凝结高度 LCL（hPa）'),
  lclTemperature: z.number().nullable(),
  lfcPressure: z.number().nullable().describe('自由对流高度 LFC（hPa）；无正浮力时为 null'),
  elPressure: z.number().nullable().describe('平衡高度 EL（hPa）'),
  cape: z.number().nullable().describe('对流有效位能 CAPE（J/kg，地面气块）'),
  cin: z.number().nullable().describe('对流抑制能量 CIN（J/kg，≤0）'),
  kIndex: z.number().nullable().describe('K 指数'),
  showalter: z.number().nullable().describe('沙氏指数 SI'),
  liftedIndex: z.number().nullable().describe('抬升指数 LI'),
  precipitableWater: z.number().nullable().describe('大气可降水量 mm'),
  mixingHeight: z.number().nullable().describe('混合层高度 m（离地，干绝热气块法）'),
  inversions: z.array(inversionLayer).describe('逆温层，自下而上'),
});

export const soundingStation = z.object({
  code: z.string().describe('区站号（WMO）'),
  igraId: z.string().describe('IGRA v2 站号'),
  name: z.string(),
  longitude: z.number(),
  latitude: z.number(),
  elevation: z.number().nullable(),
  areaCode: z.string().nullable(),
  latestTime: chinaDateTime.nullable().describe('最新一次探空的观测时间；尚无数据为 null'),
});

export const soundingStationsCollection = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
      properties: soundingStation,
    }),
  ),
});

export const sounding = z.object({
  station: soundingStation,
  time: chinaDateTime.describe('观测时次（北京时间）'),
  releaseTime: chinaDateTime.nullable().describe('施放时间'),
  source: z.enum(['igra2', 'demo']),
  demo: z.boolean(),
  times: z.array(chinaDateTime).describe('该站最近的观测时次（新的在前，最多 20 个）'),
  levels: z.array(upperAirLevel).describe('自地面向上'),
  indices: soundingIndices,
});

/** One record of the earth / leaflet-velocity wind JSON (u: parameterNumber 2, v: 3). */
export const velocityRecord = z.object({
  header: z.object({
    parameterCategory: z.literal(2),
    parameterNumber: z.union([z.literal(2), z.literal(3)]),
    parameterNumberName: z.string(),
    parameterUnit: z.literal('m.s-1'),
    nx: z.number().int(),
    ny: z.number().int(),
    lo1: z.number(),
    la1: z.number(),
    lo2: z.number(),
    la2: z.number(),
    dx: z.number(),
    dy: z.number(),
    refTime: z.string().describe('ISO 8601 UTC'),
    forecastTime: z.number().int().describe('预报时效（小时）'),
  }),
  data: z.array(z.number().nullable()).describe('自北向南逐行、自西向东，缺测为 null'),
});

export const windField = z.object({
  available: z.boolean().describe('是否已有格点风场；false 为「暂无数据」'),
  level: z.enum(WIND_LEVELS),
  time: chinaDateTime.nullable(),
  refTime: chinaDateTime.nullable(),
  demo: z.boolean(),
  times: z.array(chinaDateTime).describe('该层可用的时次'),
  records: z.array(velocityRecord).describe('[u, v]；无数据时为空'),
});

export const pointWind = z.object({
  level: z.enum(WIND_LEVELS),
  u: z.number(),
  v: z.number(),
  speed: z.number(),
  direction: z.number().describe('风向（度，来向）'),
});

export const pointValues = z.object({
  available: z.boolean(),
  longitude: z.number(),
  latitude: z.number(),
  time: chinaDateTime.nullable(),
  demo: z.boolean(),
  values: z.array(pointWind).describe('各层双线性插值风；点在网格外时为空'),
});

export const trajectoryCollection = z.object({
  type: z.literal('FeatureCollection'),
  method: z.string().describe('计算方法与局限'),
  demo: z.boolean(),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      geometry: z.object({ type: z.literal('LineString'), coordinates: z.array(z.tuple([z.number(), z.number()])) }),
      properties: z.object({
        height: z.number().describe('起始高度 m'),
        level: z.enum(WIND_LEVELS).describe('所用风场层次'),
        direction: z.enum(['backward', 'forward']),
        times: z.array(chinaDateTime).describe('每个点的时间'),
        complete: z.boolean().describe('是否算满所要求的小时数（风场时段或范围不足时提前结束）'),
      }),
    }),
  ),
});

export const meteoProduct = z.object({
  type: z.string().describe('产品类型，getMeteoinfoData 的 type'),
  name: z.string(),
  level: z.enum(WIND_LEVELS),
  unit: z.string(),
  refTime: chinaDateTime.nullable(),
  times: z.array(chinaDateTime),
  demo: z.boolean(),
});

export const meteoData = z.object({
  type: z.string(),
  time: chinaDateTime.nullable(),
  demo: z.boolean(),
  stats: z.object({ min: z.number(), max: z.number(), mean: z.number() }).nullable().describe('全场风速统计 m/s'),
  field: windField,
});

export const windAqiPoint = z.object({
  code: z.string(),
  name: z.string(),
  longitude: z.number(),
  latitude: z.number(),
  aqi: z.number().int().nullable(),
  time: chinaDateTime.nullable(),
});

export const inversionStat = z.object({
  time: chinaDateTime,
  mixingHeight: z.number().nullable(),
  inversionCount: z.number().int(),
  strongest: inversionLayer.nullable(),
  groundInversion: z.boolean().describe('是否有贴地逆温（底高离地 < 100 m）'),
});

export const soundingStationsResponse = envelope(soundingStationsCollection);
export const soundingStationListResponse = envelope(z.array(soundingStation));
export const soundingResponse = envelope(sounding);
export const windFieldResponse = envelope(windField);
export const pointValuesResponse = envelope(pointValues);
export const trajectoryResponse = envelope(trajectoryCollection);
export const meteoProductsResponse = envelope(z.array(meteoProduct));
export const meteoDataResponse = envelope(meteoData);
export const windAqiResponse = envelope(z.array(windAqiPoint));
export const inversionStatsResponse = envelope(z.array(inversionStat));

export type SoundingLevelDto = z.infer<typeof upperAirLevel>;
export type SoundingDto = z.infer<typeof sounding>;
export type SoundingStationDto = z.infer<typeof soundingStation>;
export type WindField = z.infer<typeof windField>;
export type VelocityRecord = z.infer<typeof velocityRecord>;
export type TrajectoryCollection = z.infer<typeof trajectoryCollection>;
export type PointValues = z.infer<typeof pointValues>;
export type WindAqiPoint = z.infer<typeof windAqiPoint>;
export type InversionStat = z.infer<typeof inversionStat>;
export type MeteoProduct = z.infer<typeof meteoProduct>;
