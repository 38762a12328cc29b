import { z } from 'zod';
import { envelope } from './envelope';

export const healthResponse = envelope(
  z.object({
    status: z.literal('ok'),
    uptimeSeconds: z.number().describe('进程已运行的秒数'),
  }),
);

export const readinessCheck = z.enum(['ok', 'failed']);

export const readyResponse = envelope(
  z.object({
    status: z.literal('ready'),
    database: readinessCheck,
    sharedState: readinessCheck,
    demoSeed: z
      .enum(['none', 'running', 'complete', 'removed'])
      .describe('演示数据的生成状态：running 表示后台仍在生成历史数据（页面数据尚不完整）'),
  }),
);

export type HealthResponse = z.infer<typeof healthResponse>;
export type ReadyResponse = z.infer<typeof readyResponse>;
