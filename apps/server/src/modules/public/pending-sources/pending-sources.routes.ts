import {
  type emptyFeatureCollection,
  emptyFeatureCollectionResponse,
  emptyListResponse,
  errorEnvelope,
} from '@lantian/contracts';
import { z } from 'zod';
import { notFound } from '../../../platform/errors';
import { cityParam, timeParam } from '../../../platform/http/params';
import { type ApiApp, ok } from '../../../platform/http/routes';

/**
 * Spec §7 calls whose data source (trajectory model, soundings, traffic images, meteo-info
 * products) is not connected yet. Each is registered
 * with its method, path and a parameter schema from the spec's names, so clients and the API docs
 * see the real contract; each answers code 0 with an empty result of its shape — an empty list,
 * or an empty FeatureCollection where the answer is a map layer — except getTrafficImage, a blob
 * call, which has no empty image to give and answers 404 `暂无交通图像`.
 */

const PENDING = '（数据源尚未接入，暂返回空结果）';

const text = (max: number) => z.string().trim().min(1, '不能为空').max(max, '过长');
const optionalTime = timeParam.optional().describe('时间 YYYY-MM-DD HH:mm:ss（北京时间），默认最新');

type Answer = 'list' | 'features' | 'noImage';

interface PendingCall {
  method: 'GET' | 'POST';
  url: string;
  summary: string;
  /** Where the parameters travel: query string, JSON body, or the path. */
  in: 'querystring' | 'body' | 'params';
  params: z.ZodObject;
  answer: Answer;
}

const trajectoryBody = z.object({
  city: cityParam.optional().describe('起点城市（或给出经纬度）'),
  longitude: z.number().min(73).max(136).optional().describe('起点经度'),
  latitude: z.number().min(3).max(54).optional().describe('起点纬度'),
  time: timeParam.describe('起始时间'),
  hours: z.number().int().min(1).max(168).optional().describe('追踪小时数，默认 24'),
  heights: z.array(z.number().int().min(0).max(10_000)).max(5).optional().describe('起始高度（米），最多 5 个'),
  direction: z.enum(['backward', 'forward']).optional().describe('backward 后向（默认）/ forward 前向'),
});

const PENDING_CALLS: readonly PendingCall[] = [
  {
    method: 'POST',
    url: '/api/getAirTrajectoryData',
    summary: '气团后向/前向轨迹（JSON 请求体）',
    in: 'body',
    params: trajectoryBody,
    answer: 'features',
  },
  {
    method: 'GET',
    url: '/api/getMeteoinfoData',
    summary: '气象综合产品数据',
    in: 'querystring',
    params: z.object({ time: optionalTime, type: text(32).optional().describe('产品类型') }),
    answer: 'list',
  },
  {
    method: 'GET',
    url: '/api/getMeteoinfoMsg',
    summary: '气象综合产品说明',
    in: 'querystring',
    params: z.object({ time: optionalTime }),
    answer: 'list',
  },
  {
    method: 'GET',
    url: '/api/common/getAirSoundingStation',
    summary: '探空站列表（地图图层）',
    in: 'querystring',
    params: z.object({}),
    answer: 'features',
  },
  {
    method: 'GET',
    url: '/api/common/getSoundingData',
    summary: '探空廓线数据',
    in: 'querystring',
    params: z.object({
      soundingCode: z
        .string()
        .regex(/^[A-Za-z0-9]{1,16}$/, '应为探空站编码')
        .describe('探空站编码'),
      time: timeParam.describe('时间'),
    }),
    answer: 'list',
  },
  {
    method: 'GET',
    url: '/api/common/lonlat/:x',
    summary: '经纬度点位的格点数据',
    in: 'params',
    params: z.object({
      x: z
        .string()
        .regex(/^-?\d{1,3}(\.\d+)?,-?\d{1,2}(\.\d+)?$/, '应为 经度,纬度')
        .describe('经度,纬度，如 116.40,39.90'),
    }),
    answer: 'list',
  },
];

/** The paths of the calls that answer empty, for the report and the tests. */
export const PENDING_CALL_ROUTES = PENDING_CALLS.map((c) => ({ method: c.method, url: c.url, answer: c.answer }));

const EMPTY_FEATURES: z.infer<typeof emptyFeatureCollection> = { type: 'FeatureCollection', features: [] };

function respond(answer: Answer) {
  if (answer === 'noImage') {
    return {
      response: { 404: errorEnvelope },
      handler: async () => {
        throw notFound('暂无交通图像');
      },
    };
  }
  if (answer === 'features') {
    return { response: { 200: emptyFeatureCollectionResponse }, handler: async () => ok(EMPTY_FEATURES) };
  }
  return { response: { 200: emptyListResponse }, handler: async () => ok([]) };
}

/**
 * Registered from the table above rather than through the route builder: each answer has its own
 * response map (the image call documents a 404), which the builder's single 200 answer does not cover.
 * A city parameter is checked by its schema (an unknown one is 404 未找到该城市, as everywhere else).
 */
export function pendingSourceRoutes(app: ApiApp): void {
  for (const call of PENDING_CALLS) {
    const { response, handler } = respond(call.answer);
    app.route({
      method: call.method,
      url: call.url,
      config: { access: 'public', signed: true },
      schema: {
        tags: ['pending'],
        summary: `${call.summary}${PENDING}`,
        [call.in]: call.params,
        response,
      },
      handler,
    });
  }
}
