import { z } from 'zod';
import { envelope } from './envelope';

/**
 * IP lookup (GET /api/common/ipPlus[/{ip}], spec §3 "IP lookup response fields"). An address that
 * cannot be placed in one of our areas (private, loopback, foreign, malformed) answers code 0 with
 * every field an empty string, never an error: the page then keeps its default city.
 */
export const ipLocation = z.object({
  areaCode: z.string().describe('城市区划代码（只知道省份时为省级代码）；无法定位为空串'),
  city: z.string().describe('城市名；无法定位为空串'),
  province: z.string().describe('省级行政区名；无法定位为空串'),
  area: z.string().describe('区县名（仅部分 IPv6 数据含区县）；未知为空串'),
});

export const ipLocationResponse = envelope(ipLocation);

/** Short links (POST /api getShortUrl). */
export const shortUrl = z.object({
  id: z.string().describe('8 位 base62 短码'),
  shortPath: z.string().describe('短链接路径 /s/<id>'),
  url: z.string().describe('规范化后的站内路径（含查询串）'),
});

export const shortUrlResponse = envelope(shortUrl);

export type IpLocation = z.infer<typeof ipLocation>;
export type ShortUrl = z.infer<typeof shortUrl>;
