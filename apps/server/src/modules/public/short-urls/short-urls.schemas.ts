import { z } from 'zod';
import { canonicalSitePath, MAX_SHORT_URL_LENGTH } from './short-url-path';

export const shortUrlBody = z.object({
  url: z
    .string()
    .min(1, '不能为空')
    .max(MAX_SHORT_URL_LENGTH, `不能超过 ${MAX_SHORT_URL_LENGTH} 个字符`)
    .refine((url) => canonicalSitePath(url) !== undefined, '应为以 / 开头的站内路径（不能指向其他网站）')
    .describe('站内路径及查询串，如 /city/beijing?x=1'),
});

export const shortIdParams = z.object({ id: z.string().describe('短码') });
