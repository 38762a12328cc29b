import { z } from 'zod';
import { chinaDateTime } from '../air';
import { envelope } from '../envelope';
import { areaCode } from '../reference';
import { deviceId, onlineState } from './devices';

/**
 * Surface-water stations (spec §7 /zhhb/center/getWaterStations): H01 devices of the operator's area
 * with their latest values and the GB 3838-2002 class of each factor and of the station.
 */

export const waterClassCode = z.number().int().min(1).max(6).describe('1–5 为 Ⅰ–Ⅴ 类，6 为劣Ⅴ类');

export const waterFactorValue = z.object({
  factor: z.string().describe('HJ 212-2017 因子编码（w01001 pH …）'),
  name: z.string(),
  unit: z.string(),
  value: z.number().nullable(),
  waterClass: waterClassCode.nullable().describe('该因子的类别；不参与评价的因子为 null'),
  className: z.string().nullable(),
  color: z.string().nullable(),
});

export const waterStation = z.object({
  deviceId,
  mn: z.string(),
  name: z.string(),
  siteCode: z.string(),
  siteName: z.string(),
  areaCode: z.string(),
  areaName: z.string(),
  lon: z.number(),
  lat: z.number(),
  online: onlineState,
  time: chinaDateTime.nullable().describe('最新数据时间'),
  waterBody: z.enum(['river', 'lake']).describe('河流，或湖库（总磷限值不同，并评价总氮）'),
  waterClass: waterClassCode.nullable().describe('水质类别：参评因子中最差的类别'),
  className: z.string().describe('Ⅰ类 … 劣Ⅴ类，无数据为「无数据」'),
  quality: z.string().describe('优、良好、轻度污染、中度污染、重度污染'),
  color: z.string(),
  deciding: z.array(z.object({ factor: z.string(), name: z.string() })).describe('决定类别的因子（Ⅲ类及以上）'),
  values: z.array(waterFactorValue),
  isDemo: z.boolean(),
});
export type WaterStation = z.infer<typeof waterStation>;

export const waterStationsQuery = z.object({
  areaCode: areaCode.optional().describe('只列该地区的水站（须在本人所辖区域内）'),
});
export const waterStationsResponse = envelope(z.object({ list: z.array(waterStation), total: z.number().int() }));

export const waterHistoryQuery = z.object({
  deviceId: z.string().regex(/^\d{1,12}$/, '设备编号应为数字'),
  startTime: chinaDateTime.optional().describe('默认结束前 48 小时'),
  endTime: chinaDateTime.optional().describe('默认现在；范围最多 31 天'),
});
export const waterHistoryResponse = envelope(
  z.object({
    startTime: chinaDateTime,
    endTime: chinaDateTime,
    factors: z.array(
      z.object({
        factor: z.string(),
        name: z.string(),
        unit: z.string(),
        limitIII: z.number().nullable().describe('Ⅲ类限值（溶解氧为下限），图上的参考线'),
        points: z.array(
          z.object({ time: chinaDateTime, value: z.number().nullable(), waterClass: waterClassCode.nullable() }),
        ),
      }),
    ),
    classes: z
      .array(z.object({ time: chinaDateTime, waterClass: waterClassCode.nullable() }))
      .describe('逐小时的站点水质类别'),
  }),
);
