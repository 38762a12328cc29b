import { z } from 'zod';
import { envelope } from '../envelope';
import { platformId } from './operators';
import { pageOf, pageQuery, sortOrder } from './paging';

/**
 * The open API (spec §6): third parties call /api/open/... with a token. An administrator registers a
 * client application (which APIs, how many calls a minute, until when); the application exchanges its
 * key and secret for an access token at POST /api/open/token and sends it as `Authorization: Bearer …`
 * or `Authentication-Token`, with an optional `appType` header and the `apiType` parameter. Secrets
 * are stored hashed and shown once.
 */

/** What an application may be allowed to call; each /api/open route belongs to one (`access: 'openApi:<code>'`). */
export const OPEN_APIS = [
  { code: 'dict', name: '数据字典' },
  { code: 'area', name: '行政区划与边界' },
  { code: 'lidar', name: '激光雷达' },
  { code: 'air', name: '空气质量' },
] as const;

export type OpenApiCode = (typeof OPEN_APIS)[number]['code'];

export const OPEN_API_CODES: readonly OpenApiCode[] = OPEN_APIS.map((a) => a.code);

export function isOpenApiCode(value: string): value is OpenApiCode {
  return OPEN_API_CODES.some((code) => code === value);
}

/**
 * The access of open routes every registered application may call whatever it was granted (its own
 * facts: `GET /api/open/auto/apiInfo`); such calls still need a valid token and count against the rate.
 */
export const OPEN_API_SELF = 'self';

/** Request headers of the open API (lower case, as Node.js reads them). */
export const OPEN_API_HEADERS = {
  token: 'authentication-token',
  appType: 'apptype',
  requestKey: 'authentication-requestkey',
} as const;

/** How long an access token lives, unless its application expires sooner. */
export const OPEN_TOKEN_TTL_SECONDS = 2 * 3600;

export const openApiCode = z
  .string()
  .refine(isOpenApiCode, '未知的开放接口')
  .describe(`开放接口：${OPEN_APIS.map((a) => `${a.code} ${a.name}`).join('、')}`);

/** An application's public identifier: `ak` and 32 hex digits (server-made). */
export const APP_KEY_PATTERN = /^ak[0-9a-f]{32}$/;

export const tokenBody = z.object({
  appKey: z.string().trim().min(1, 'appKey 不能为空').max(64, 'appKey 过长').describe('应用编号（登记应用时得到）'),
  appSecret: z
    .string()
    .trim()
    .min(1, 'appSecret 不能为空')
    .max(128, 'appSecret 过长')
    .describe('应用密钥（登记应用或重置密钥时只显示一次）'),
});

export const openToken = z.object({
  token: z.string().describe('访问令牌：放在 Authorization: Bearer … 或 Authentication-Token 请求头中'),
  expiresIn: z.number().int().describe('令牌有效秒数（默认 7200；应用先到期时以应用到期为准）'),
});

export const tokenResponse = envelope(openToken);

export const openAppStatus = z.enum(['active', 'revoked']);

export const openAppRow = z.object({
  id: platformId,
  name: z.string(),
  appKey: z.string(),
  apis: z.array(z.string()).describe('允许调用的接口代码'),
  rateLimitPerMinute: z.number().int(),
  expiresAt: z.string().nullable().describe('到期时间（北京时间，到这一刻即失效）；空为长期有效'),
  expired: z.boolean().describe('已过到期时间（状态仍为 active，但不能再取令牌或调用）'),
  status: openAppStatus.describe('active 有效；revoked 已停用（不可恢复，令牌立即失效）'),
  areaCode: z.string().describe('登记者所属组织的区划：只有该区域及上级的管理员能看到和管理'),
  areaName: z.string(),
  createdAt: z.string(),
  createdBy: z.string().describe('登记者用户名（命令行为 cli）'),
  updatedAt: z.string(),
  lastUsedAt: z.string().nullable().describe('最近一次调用（最多每分钟更新一次）'),
});

export const openAppListQuery = pageQuery.extend({
  keyword: z.string().trim().max(64, '过长').optional().describe('应用名称或 appKey 中的文字'),
  status: openAppStatus.optional(),
  sortBy: z.enum(['name', 'createdAt', 'lastUsedAt', 'expiresAt']).optional().describe('默认 createdAt'),
  sortOrder: sortOrder.optional().describe('默认 descend（最新在前）'),
});

export const openAppListResponse = envelope(pageOf(openAppRow));

/**
 * When an application stops working, China time: a date alone means the end of that day (the next
 * day's 00:00:00); with a time, that moment.
 */
export const openAppExpiry = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, '格式应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss')
  .describe('到期时间（北京时间）：只填日期表示当天结束时到期；空为长期有效');

const appName = z.string().trim().min(1, '应用名称不能为空').max(64, '应用名称不能超过 64 个字符');
const appApis = z
  .array(openApiCode)
  .min(1, '至少选择一个接口')
  .max(OPEN_APIS.length)
  .refine((apis) => new Set(apis).size === apis.length, '接口不能重复');
export const OPEN_APP_MAX_RATE = 100_000;
const appRate = z
  .number()
  .int('应为整数')
  .min(1, '至少每分钟 1 次')
  .max(OPEN_APP_MAX_RATE, `每分钟最多 ${OPEN_APP_MAX_RATE} 次`)
  .describe('每分钟最多调用次数（所有实例合计）');

export const openAppSaveBody = z.object({
  name: appName,
  apis: appApis,
  rateLimitPerMinute: appRate.default(60),
  expiresAt: openAppExpiry.nullable().default(null),
});

/** The whole form again: every field is required (expiresAt null for no expiry). */
export const openAppUpdateBody = z.object({
  id: platformId,
  name: appName,
  apis: appApis,
  rateLimitPerMinute: appRate,
  expiresAt: openAppExpiry.nullable(),
});

/** The key and secret of a new application, or a new secret: shown this once. */
export const openAppCredentials = z.object({
  app: openAppRow,
  appKey: z.string(),
  appSecret: z.string().describe('只显示这一次，请妥善保存'),
});

export const openAppCredentialsResponse = envelope(openAppCredentials);

export const openAppResponse = envelope(openAppRow);

/** GET /api/open/auto/apiInfo: what the calling application may do, and how much of this minute is left. */
export const openApiInfo = z.object({
  name: z.string(),
  appKey: z.string(),
  apis: z.array(z.object({ code: z.string(), name: z.string() })),
  rateLimitPerMinute: z.number().int(),
  remaining: z.number().int().describe('本分钟窗口内还可调用的次数（含本次之后）'),
  resetSeconds: z.number().int().describe('距本分钟窗口结束的秒数'),
  expiresAt: z.string().nullable(),
  appType: z.string().nullable().describe('本次请求的 appType 请求头（原样）'),
  apiType: z.string().nullable().describe('本次请求的 apiType 参数（原样）'),
});

export const openApiInfoResponse = envelope(openApiInfo);

export type OpenAppRow = z.infer<typeof openAppRow>;
export type OpenAppCredentials = z.infer<typeof openAppCredentials>;
export type OpenAppSaveBody = z.output<typeof openAppSaveBody>;
export type OpenAppUpdateBody = z.output<typeof openAppUpdateBody>;
export type OpenToken = z.infer<typeof openToken>;
export type OpenApiInfo = z.infer<typeof openApiInfo>;

/**
 * The spec's `apiType` parameter of open calls (§6): accepted on every open route and kept on the
 * caller's principal as sent; the spec does not say what it selects.
 */
export const apiTypeParam = z
  .string()
  .trim()
  .max(64, 'apiType 过长')
  .optional()
  .describe('接口类型（规范 §6 的 apiType，原样记录）');

export const openApiInfoQuery = z.object({ apiType: apiTypeParam });
