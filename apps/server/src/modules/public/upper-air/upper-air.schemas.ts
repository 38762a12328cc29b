import { z } from 'zod';
import { cityParam, optionalField, timeParam } from '../../../platform/http/params';

/** Parameters of the public upper-air calls (spec §7 names). */

const optionalTime = optionalField(timeParam.describe('时间 YYYY-MM-DD HH:mm:ss（北京时间），默认最新'));

export const soundingQuery = z.object({
  soundingCode: z
    .string()
    .regex(/^[A-Za-z0-9]{1,16}$/, '应为探空站编码')
    .describe('探空站编码（区站号，如 54511，或 IGRA 站号）'),
  time: optionalTime.describe('观测时次（北京时间）；取该时刻或之前最近的一次，默认最新'),
});

export const lonlatParams = z.object({
  x: z
    .string()
    .regex(/^-?\d{1,3}(\.\d+)?,-?\d{1,2}(\.\d+)?$/, '应为 经度,纬度')
    .describe('经度,纬度，如 116.40,39.90')
    .transform((v, ctx) => {
      const [lon, lat] = v.split(',').map(Number) as [number, number];
      if (lon < -180 || lon > 180 || lat < -90 || lat > 90) {
        ctx.addIssue({ code: 'custom', message: '经纬度超出范围' });
        return z.NEVER;
      }
      return { lon, lat };
    }),
});

export const lonlatQuery = z.object({ time: optionalTime });

/** The body of POST /api/getAirTrajectoryData (the names the pending contract published). */
export const trajectoryBody = z
  .object({
    city: cityParam.optional().describe('起点城市（或给出经纬度）'),
    longitude: z.number().min(73).max(136).optional().describe('起点经度'),
    latitude: z.number().min(3).max(54).optional().describe('起点纬度'),
    time: timeParam.describe('起始时间'),
    hours: z.number().int().min(1).max(168).optional().describe('追踪小时数，默认 24'),
    heights: z
      .array(z.number().int().min(0).max(10_000))
      .min(1)
      .max(5)
      .optional()
      .describe('起始高度（米），最多 5 个，默认 [100, 1500]'),
    direction: z.enum(['backward', 'forward']).optional().describe('backward 后向（默认）/ forward 前向'),
  })
  .transform((body, ctx) => {
    const lon = body.longitude ?? body.city?.longitude;
    const lat = body.latitude ?? body.city?.latitude;
    if (lon === undefined || lat === undefined || (body.longitude === undefined) !== (body.latitude === undefined)) {
      ctx.addIssue({ code: 'custom', message: '请给出起点城市，或同时给出经度和纬度', path: ['longitude'] });
      return z.NEVER;
    }
    return {
      longitude: lon,
      latitude: lat,
      time: body.time,
      hours: body.hours ?? 24,
      heights: body.heights ?? [100, 1500],
      direction: body.direction ?? 'backward',
    };
  });

export const meteoinfoQuery = z.object({
  time: optionalTime,
  type: optionalField(z.string().trim().max(32, '过长').describe('产品类型：wind10m（默认）或 wind850hPa')),
});

export const meteoinfoMsgQuery = z.object({ time: optionalTime });
