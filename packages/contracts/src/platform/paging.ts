import { z } from 'zod';

/**
 * Lists of the platform are paged on the server (GUIDE §9): `pageNum` from 1, `pageSize` capped,
 * answered as `{ list, total, pageNum, pageSize }`. Query strings carry numbers as text; the schema
 * reads them as numbers.
 */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

export const pageQuery = z.object({
  pageNum: z.coerce
    .number()
    .int('页码应为整数')
    .min(1, '页码从 1 开始')
    .max(100_000)
    .default(1)
    .describe('页码，从 1 开始'),
  pageSize: z.coerce
    .number()
    .int('每页行数应为整数')
    .min(1, '每页至少 1 行')
    .max(MAX_PAGE_SIZE, `每页最多 ${MAX_PAGE_SIZE} 行`)
    .default(DEFAULT_PAGE_SIZE)
    .describe(`每页行数，默认 ${DEFAULT_PAGE_SIZE}，最多 ${MAX_PAGE_SIZE}`),
});

export const sortOrder = z.enum(['ascend', 'descend']).describe('排序方向（antd 表格的写法）');

export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({
    list: z.array(row),
    total: z.number().int().describe('符合条件的总行数'),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  });
}

export type PageQuery = z.output<typeof pageQuery>;
