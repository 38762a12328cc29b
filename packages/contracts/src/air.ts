import { z } from 'zod';

/**
 * Shapes shared by the public data calls. Pollutant keys are the spec's (§3): aqi, pm2_5, pm10,
 * so2, no2, o3 (1 h), o3_8h, co. Concentrations in μg/m³, CO in mg/m³; missing is null, never 0.
 * Times are 'YYYY-MM-DD HH:mm:ss' in China Standard Time; an hourly value is labelled by the end
 * of its hour (the 16:00 value is the mean of 15:00–16:00).
 */

export const CHINA_DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** Whether 'YYYY-MM-DD HH:mm:ss' names a moment that exists (no 02-30, no 24:00:00). */
function existsOnCalendar(text: string): boolean {
  const [y, mo, d, h, mi, s] = text.split(/[- :]/).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi &&
    date.getUTCSeconds() === s
  );
}

/** A time as every call takes and gives it; a well-formed but impossible one ('2026-02-30 …') is refused too. */
export const chinaDateTime = z
  .string()
  .regex(CHINA_DATE_TIME, '格式应为 YYYY-MM-DD HH:mm:ss')
  .refine((text) => !CHINA_DATE_TIME.test(text) || existsOnCalendar(text), '不是有效的时间');

export const pollutantKey = z.enum(['pm2_5', 'pm10', 'so2', 'no2', 'o3', 'o3_8h', 'co']);

export const dataSource = z.enum(['demo', 'cnemc', 'china_sites']);

/** One set of index values with its level, as every "current" and series entry carries. */
export const airValues = z.object({
  aqi: z.number().int().nullable(),
  pm2_5: z.number().nullable(),
  pm10: z.number().nullable(),
  so2: z.number().nullable(),
  no2: z.number().nullable(),
  o3: z.number().nullable().describe('臭氧 1 小时'),
  o3_8h: z.number().nullable().describe('臭氧 8 小时滑动平均'),
  co: z.number().nullable().describe('mg/m³'),
  level: z.number().int().min(0).max(6).describe('0 未知 … 6 严重污染'),
  levelName: z.string(),
  color: z.string().describe('级别颜色 #rrggbb'),
  primaryPollutant: z.array(pollutantKey).describe('首要污染物；AQI ≤ 50 时为空'),
});

/** Where a value came from and how fresh it is. */
export const dataMeta = z.object({
  time: chinaDateTime.describe('数据时间（北京时间，小时值标在小时末）'),
  source: dataSource,
  isDemo: z.boolean().describe('演示数据（非真实监测）'),
});

export type AirValues = z.infer<typeof airValues>;
export type DataMeta = z.infer<typeof dataMeta>;
