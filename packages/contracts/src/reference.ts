import { z } from 'zod';
import { envelope } from './envelope';

/** A 6-digit GB/T 2260 area code. */
export const areaCode = z.string().regex(/^\d{6}$/, '应为 6 位数字区划代码');

/** City or district list entry (spec §3), plus the search keys the browser needs (it has no pinyin library). */
export const cityListEntry = z.object({
  areaCode: z.string().describe('6 位区划代码'),
  areaName: z.string(),
  areaType: z.union([z.literal(2), z.literal(3)]).describe('3：城市（代码以 00 结尾），2：区县'),
  pyName: z.string().describe('页面地址用的拼音名（唯一）'),
  regionCode: z.string().describe('上级区划代码；省级为自身'),
  longitude: z.number(),
  latitude: z.number(),
  pinyin: z.string(),
  initials: z.string(),
  aliases: z.array(z.string()),
});

export const cityListResponse = envelope(z.array(cityListEntry));

export const siteInfoQuery = z.object({
  cityCode: areaCode.optional().describe('城市区划代码'),
  areaCode: areaCode.optional().describe('区县区划代码'),
});

export const siteInfo = z.object({
  siteCode: z.string().describe('站点编码，如 1001A'),
  siteName: z.string(),
  cityCode: z.string(),
  countyCode: z.string().nullable(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  isReference: z.boolean().describe('对照点：不参与城市均值'),
  source: z.enum(['demo', 'cnemc', 'china_sites']),
  isDemo: z.boolean(),
});

export const siteInfoListResponse = envelope(z.array(siteInfo));

export const uniqueIdResponse = envelope(z.object({ uniqueId: z.string() }));

export type CityListEntry = z.infer<typeof cityListEntry>;
export type SiteInfo = z.infer<typeof siteInfo>;
